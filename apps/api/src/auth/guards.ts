import type { PermissionCode } from '@reseau/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../lib/errors.js';
import { mayActForAgency } from './agency-scope.js';
import type { AdminPrincipal, ClientPrincipal, Principal } from './principal.js';

/**
 * Route guards. Each route says who may call it with one of these as its `preHandler`;
 * the principal itself is resolved once per request by the auth plugin.
 */
type Guard = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
/** Why a request is refused (an AppError), or null when it may go on. */
type Refusal = (request: FastifyRequest) => Error | null;

/**
 * A `preHandler` that refuses with the error `refusal` gives, or lets the request through. A
 * callback hook rather than an async one: every authenticated request runs one, and a promise per
 * hook is a measurable share of a cached read's cost (decisions.md, API hot path).
 */
export const refuseWhen =
  (refusal: Refusal): Guard =>
  (request, _reply, done) =>
    done(refusal(request) ?? undefined);

/** The refusal of requireAdmin, for guards that add their own condition. */
export function adminRefusal(...permissions: PermissionCode[]): Refusal {
  return (request) => {
    const p = request.principal;
    if (!p) return errors.unauthenticated();
    if (p.kind !== 'admin') return errors.forbidden();
    return permissions.every((code) => p.permissions.has(code)) ? null : errors.forbidden();
  };
}

/** Anyone signed in, staff or customer. */
export function requireAuth(): Guard {
  return refuseWhen((request) => (request.principal ? null : errors.unauthenticated()));
}

/** An admin (intranet) holding every listed permission. */
export function requireAdmin(...permissions: PermissionCode[]): Guard {
  return refuseWhen(adminRefusal(...permissions));
}

/** A customer (extranet). */
export function requireClient(): Guard {
  return refuseWhen((request) => {
    const p = request.principal;
    if (!p) return errors.unauthenticated();
    return p.kind === 'client' ? null : errors.forbidden();
  });
}

export function adminOf(request: FastifyRequest): AdminPrincipal {
  const p = request.principal;
  if (p?.kind !== 'admin') throw errors.forbidden();
  return p;
}

export function clientOf(request: FastifyRequest): ClientPrincipal {
  const p = request.principal;
  if (p?.kind !== 'client') throw errors.forbidden();
  return p;
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw errors.unauthenticated();
  return request.principal;
}

/** The `agencyId` sent on a write must be one of the caller's agencies (spec 00 §6). */
export function assertOwnAgency(admin: AdminPrincipal, agencyId: number): void {
  if (!mayActForAgency(admin, agencyId)) throw errors.forbidden();
}
