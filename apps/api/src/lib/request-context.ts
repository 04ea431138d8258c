import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { adminOf, clientOf } from '../auth/guards.js';
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

/**
 * A public route's request (`publicRoute`): a signed-in caller is optional there, so `caller` is
 * the request's principal or null, and the service decides what an anonymous caller may do.
 */
export type PublicContext = Omit<RequestContext, 'caller'> & { caller: Principal | null };

/** The context of a request a public route let through: anyone, signed in or not. */
export function publicContext(request: FastifyRequest, deps: AppDeps): PublicContext {
  return { db: deps.db, deps, caller: request.principal, ip: request.ip, log: request.log };
}

/** The context of a request a staff guard let through (403 otherwise, as `adminOf`). */
export function staffContext(request: FastifyRequest, deps: AppDeps): StaffContext {
  return { db: deps.db, deps, caller: adminOf(request), ip: request.ip, log: request.log };
}

/** The context of a request a customer guard let through (403 otherwise, as `clientOf`). */
export function customerContext(request: FastifyRequest, deps: AppDeps): CustomerContext {
  return { db: deps.db, deps, caller: clientOf(request), ip: request.ip, log: request.log };
}
