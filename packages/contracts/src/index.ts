// Everything, for the API. The web app imports `@reseau/contracts/constants/<domain>` or
// `@reseau/contracts/schemas/<domain>` so that a route loads zod only when it validates.
export * from './constants/index.js';
export * from './schemas/index.js';
