import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { AGENCY_API_KEY_HEADER, SEARCH_KEY_HEADER } from '@reseau/contracts';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Access, isGuard } from '../auth/guards.js';

/** The credentials a caller of the API may present (issue 31 §5), the operators' metrics token included (§4). */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "Jeton d'accès (15 minutes) de POST /auth/admin (personnel) ou POST /auth/client (clients), renouvelé par POST /auth/refresh.",
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: AGENCY_API_KEY_HEADER,
    description: "Clé d'une agence pour son logiciel (Mon agence → Connexion à votre logiciel) : routes d'import.",
  },
  searchKey: {
    type: 'apiKey',
    in: 'header',
    name: SEARCH_KEY_HEADER,
    description: 'Clé de recherche de GET /searchables:get-api-key (15 minutes), pour GET /searchables seulement.',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'Jeton METRICS_TOKEN de la configuration du serveur, pour GET /metrics ; sans jeton, seul un appel local direct (sans proxy) est admis.',
  },
} as const;

export type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;

/** What each kind of access takes, alternatives in order; a public route takes nothing. */
const SCHEMES_OF: Record<Access['kind'], readonly SecuritySchemeName[]> = {
  public: [],
  'signed-in': ['bearerAuth'],
  client: ['bearerAuth'],
  admin: ['bearerAuth'],
  'admin-any': ['bearerAuth'],
  'search-key': ['searchKey'],
  'agency-key': ['apiKey'],
  'agency-key-or-admin': ['apiKey', 'bearerAuth'],
  operator: ['metricsToken'],
};

/** The OpenAPI security requirement of a route's access, or undefined for a public route. */
export function securityOf(access: Access): Record<string, string[]>[] | undefined {
  const schemes = SCHEMES_OF[access.kind];
  return schemes.length === 0 ? undefined : schemes.map((name) => ({ [name]: [] }));
}

const codes = (list: readonly string[]) => list.map((code) => `\`${code}\``).join(', ');
const staffWith = (allOf: readonly string[]) =>
  allOf.length === 0 ? 'tout membre du personnel' : `le personnel ayant les droits ${codes(allOf)}`;

/** Who may call, in the reader's words: what the guard checks beyond the credential. */
export function accessSentence(access: Access): string | undefined {
  switch (access.kind) {
    case 'public':
      return undefined;
    case 'signed-in':
      return 'Accès : tout utilisateur connecté, membre du personnel ou client.';
    case 'client':
      return 'Accès : un client (extranet).';
    case 'admin':
      return `Accès : ${staffWith(access.allOf)}.`;
    case 'admin-any':
      return `Accès : le personnel ayant l'un des droits ${codes(access.anyOf)}.`;
    case 'search-key':
      return `Accès : la clé de recherche d'une session du personnel, en-tête \`${SEARCH_KEY_HEADER}\`.`;
    case 'agency-key':
      return `Accès : la clé d'API d'une agence, en-tête \`${AGENCY_API_KEY_HEADER}\`.`;
    case 'agency-key-or-admin':
      return `Accès : la clé d'API d'une agence (en-tête \`${AGENCY_API_KEY_HEADER}\`), ou ${staffWith(access.allOf)}.`;
    case 'operator':
      return "Accès : l'exploitation de la plateforme (jeton METRICS_TOKEN, ou appel local direct sans proxy).";
  }
}

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operation id of a documented path (`/agency-contract-quotations/{id}:accept`): the method,
 * then each word of the path, a parameter as `By<Name>`:
 * `postAgencyContractQuotationsByIdAccept`. It changes only when the path or the method does.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split(/[/:]/)
    .filter(Boolean)
    .flatMap((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      return param ? ['By', pascal(param[1]!)] : part.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  return method.toLowerCase() + words.map(pascal).join('');
}

const guardOf = (route: RouteOptions) =>
  (route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]).find(isGuard);

/**
 * Each operation's `security`, and the sentence saying who may call, come from its route's guard
 * (auth/guards.ts), the declaration the server enforces: a route added later is documented with
 * the credential it checks.
 */
export const transformRoute: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const access = guardOf(input.route)?.access;
  const security = access && securityOf(access);
  if (!access || !security) return result;
  const schema = result.schema as { description?: string };
  const description = [schema.description, accessSentence(access)].filter(Boolean).join('\n\n');
  return { ...result, schema: { ...result.schema, security, description } as typeof result.schema };
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
type Paths = Record<string, Record<string, { operationId?: string }>>;

/** An `operationId` on every operation that does not name its own. */
export const transformDocument: SwaggerTransformObject = (input) => {
  const doc = ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as { paths?: Paths };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (METHODS.has(method)) operation.operationId ??= operationIdOf(method, path);
    }
  }
  return doc as ReturnType<SwaggerTransformObject>;
};

/** The options of @fastify/swagger: the document at GET /api/docs/json. */
export const openApiOptions = (): FastifyDynamicSwaggerOptions => ({
  openapi: {
    openapi: '3.0.3',
    info: { title: 'Réseau Énergie API', version: '1.0.0' },
    servers: [{ url: '/api' }],
    components: { securitySchemes: SECURITY_SCHEMES },
  },
  transform: transformRoute,
  transformObject: transformDocument,
});
