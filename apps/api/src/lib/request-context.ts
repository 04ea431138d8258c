import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { adminOf, clientOf, principalOf } from '../auth/guards.js';
import type { AdminPrincipal, ClientPrincipal, Principal } from '../auth/principal.js';
import type { Db } from '../db/client.js';

/**
 * What a service needs of the request it serves, as one argument instead of five or six
 * positional ones (issue 26 §1). Services destructure what they use:
 * `({ db, deps: { search }, caller: admin, ip }: StaffContext, id, body)`.
 */
export interface RequestContext<Caller extends Principal = Principal> {
  /** The database (a service opens its own transactions on it): `deps.db`. */
  db: Db;
  /** The outside services (`search`, `mailer`, `storage`…), built once in app.ts. */
  deps: AppDeps;
  /** Who calls: the impersonated user's principal while impersonating. */
  caller: Caller;
  /** The caller's address, for the audit log and the throttles. */
  ip: string;
  /** The request's logger (its lines carry the request id). */
  log: FastifyBaseLogger;
}

/** A staff member's request (intranet). */
export type StaffContext = RequestContext<AdminPrincipal>;
/** A customer's request (extranet). */
export type CustomerContext = RequestContext<ClientPrincipal>;

/** The context of a request `requireAuth` let through: a staff member or a customer (401 otherwise, as `principalOf`). */
export function requestContext(request: FastifyRequest, deps: AppDeps): RequestContext {
  return { db: deps.db, deps, caller: principalOf(request), ip: request.ip, log: request.log };
}

/** The context of a request a staff guard let through (403 otherwise, as `adminOf`). */
export function staffContext(request: FastifyRequest, deps: AppDeps): StaffContext {
  return { db: deps.db, deps, caller: adminOf(request), ip: request.ip, log: request.log };
}

/** The context of a request a customer guard let through (403 otherwise, as `clientOf`). */
export function customerContext(request: FastifyRequest, deps: AppDeps): CustomerContext {
  return { db: deps.db, deps, caller: clientOf(request), ip: request.ip, log: request.log };
}

/**
 * A public route's request (`publicRoute`): a signed-in caller is optional there, so `caller` is
 * whoever the request's token names (a sign-out ends that session), or null; what the route
 * protects is its own, and the service decides what an anonymous caller may do.
 */
export type PublicContext = Omit<RequestContext, 'caller'> & { caller: Principal | null };

/** The context of a public route's request: never refused here. */
export function publicContext(request: FastifyRequest, deps: AppDeps): PublicContext {
  return { db: deps.db, deps, caller: request.principal, ip: request.ip, log: request.log };
}
