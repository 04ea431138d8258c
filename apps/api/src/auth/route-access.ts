import type { RouteOptions } from 'fastify';
import { type Access, isGuard } from './guards.js';

/** One route of the API and who may call it. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

/** A route outside /api: no guard of auth/guards.ts, so the route guard test lists each one. */
export interface WebRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api with its declared access, in registration order (tests read it). */
    routeAccess: readonly RouteAccess[];
    /** Every route outside /api (the web app's entry, the demo's conveniences): tests read it. */
    webRoutes: readonly WebRoute[];
  }
}

const asList = (hooks: unknown): unknown[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * An `onRoute` hook that refuses to register a route without exactly one guard in its `onRequest`
 * hooks (auth/guards.ts), or with a guard anywhere else: a guard in `preValidation` or
 * `preHandler` would run after the body is read and validated, so a caller without the right
 * would learn the shape of the write from the 400 (ASVS V8, issue 24). It also refuses a route
 * without a response schema: only declared fields leave the server (ARCHITECTURE.md, API rules;
 * issue 26). The server does not start with such a route. Each route found is added to `table`. Registered after @fastify/rate-limit,
 * whose own onRoute hook has added the route's limit by then.
 */
export function checkRouteAccess(table: RouteAccess[]) {
  return (route: RouteOptions) => {
    const name = `${String(route.method)} ${route.url}`;
    const onRequest = asList(route.onRequest);
    const guards = onRequest.filter(isGuard);
    if (guards.length !== 1) {
      throw new Error(`${name}: a route declares exactly one guard as its onRequest hook (found ${guards.length})`);
    }
    for (const later of ['preParsing', 'preValidation', 'preHandler'] as const) {
      if (asList(route[later]).some(isGuard)) throw new Error(`${name}: a guard runs in onRequest, not in ${later}`);
    }
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    if (!response || Object.keys(response).length === 0) throw new Error(`${name}: a route declares its response schema`);
    // Last of the route's onRequest hooks: a rate limit (@fastify/rate-limit adds its hook there)
    // counts every call, refused ones included, before the guard answers.
    route.onRequest = [...onRequest.filter((hook) => !isGuard(hook)), guards[0]!] as RouteOptions['onRequest'];
    for (const method of asList(route.method)) table.push({ method: String(method), url: route.url, access: guards[0]!.access });
  };
}

/** An `onRoute` hook of the root that adds each route outside /api to `table`. */
export function recordWebRoutes(table: WebRoute[]) {
  return (route: RouteOptions) => {
    if (route.url === '/api' || route.url.startsWith('/api/')) return;
    for (const method of asList(route.method)) table.push({ method: String(method), url: route.url });
  };
}
