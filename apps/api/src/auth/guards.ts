import type { PermissionCode } from '@reseau/contracts';
import type { FastifyRequest } from 'fastify';
import { errors } from '../lib/errors.js';
import { mayActForAgency } from './agency-scope.js';
import type { AdminPrincipal, ClientPrincipal, Principal } from './principal.js';

/**
 * Route guards. Each route says who may call it with one of these as its `preHandler`;
 * the principal itself is resolved once per request by the auth plugin.
 */
export function requireAuth() {
  return async (request: FastifyRequest) => {
    if (!request.principal) throw errors.unauthenticated();
  };
}

/** An admin (intranet) holding every listed permission. */
export function requireAdmin(...permissions: PermissionCode[]) {
  return async (request: FastifyRequest) => {
    const p = request.principal;
    if (!p) throw errors.unauthenticated();
    if (p.kind !== 'admin') throw errors.forbidden();
    if (!permissions.every((code) => p.permissions.has(code))) throw errors.forbidden();
  };
}

export function requireClient() {
  return async (request: FastifyRequest) => {
    const p = request.principal;
    if (!p) throw errors.unauthenticated();
    if (p.kind !== 'client') throw errors.forbidden();
  };
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
