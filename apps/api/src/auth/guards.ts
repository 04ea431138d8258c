import { createHash, timingSafeEqual } from 'node:crypto';
import type { PermissionCode } from '@reseau/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../lib/errors.js';
import { isDirectLocalCaller } from '../lib/local-caller.js';
import { mayActForAgency } from './agency-scope.js';
import type { AdminPrincipal, ClientPrincipal, Principal } from './principal.js';

/**
 * Who may call a route, as the route declares it. The server checks the route table against it
 * at start (`auth/route-access.ts`), and the guard matrix test calls every route with a caller
 * each declaration refuses.
 */
export type Access =
  /** Anyone, signed in or not; `why` says what makes it safe (a token in the path, a webhook's signature…). */
  | { kind: 'public'; why: string }
  /** Anyone signed in, staff or customer. */
  | { kind: 'signed-in' }
  /** A customer (extranet). */
  | { kind: 'client' }
  /** Staff holding every code of `allOf` (none: any staff). */
  | { kind: 'admin'; allOf: readonly PermissionCode[] }
  /** Staff holding at least one code of `anyOf`. */
  | { kind: 'admin-any'; anyOf: readonly PermissionCode[] }
  /** Staff, by the search key of their session (GET /searchables). */
  | { kind: 'search-key' }
  /** An agency's software, by its API key (`x-api-key`). */
  | { kind: 'agency-key' }
  /** An agency's software by its key, or staff holding `allOf` with their session. */
  | { kind: 'agency-key-or-admin'; allOf: readonly PermissionCode[] }
  /** The platform's operators: a direct caller on this machine, or the bearer of METRICS_TOKEN (the metrics). */
  | { kind: 'operator' };

type HookDone = (error?: Error) => void;
type CallbackHook = (request: FastifyRequest, reply: FastifyReply, done: HookDone) => void;
type AsyncHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A route's guard: its `onRequest` hook, so that who may call is decided before the body is read
 * or validated (an anonymous caller never learns the shape of a write), and what it lets through.
 */
export type Guard = (CallbackHook | AsyncHook) & { readonly access: Access };

/** Why a request is refused (an AppError), or null when it may go on. */
export type Refusal = (request: FastifyRequest) => Error | null;

/** The guard of a route, as the route table check finds it. */
export const isGuard = (hook: unknown): hook is Guard =>
  typeof hook === 'function' && typeof (hook as Partial<Guard>).access === 'object';

/**
 * A guard that refuses with the error `refusal` gives, or lets the request through. A callback
 * hook rather than an async one: every authenticated request runs one, and a promise per hook is
 * a measurable share of a cached read's cost (decisions.md, API hot path).
 */
export function refuseWhen(access: Access, refusal: Refusal): Guard {
  const hook: CallbackHook = (request, _reply, done) => done(refusal(request) ?? undefined);
  return Object.assign(hook, { access });
}

/** A guard that needs the database (an agency key's row): an async hook that throws its refusal. */
export function asyncGuard(access: Access, check: (request: FastifyRequest) => Promise<void>): Guard {
  const hook: AsyncHook = (request) => check(request);
  return Object.assign(hook, { access });
}

/** The refusal of requireAdmin, for guards that add their own condition. */
export function adminRefusal(...permissions: PermissionCode[]): Refusal {
  return (request) => {
    const p = request.principal;
    if (!p) return errors.unauthenticated();
    if (p.kind !== 'admin') return errors.forbidden();
    return permissions.every((code) => p.permissions.has(code)) ? null : errors.forbidden();
  };
}

/** Anyone, signed in or not: `why` says what protects the route instead (kept in the route table). */
export function publicRoute(why: string): Guard {
  return refuseWhen({ kind: 'public', why }, () => null);
}

/** Anyone signed in, staff or customer. */
export function requireAuth(): Guard {
  return refuseWhen({ kind: 'signed-in' }, (request) => (request.principal ? null : errors.unauthenticated()));
}

/** An admin (intranet) holding every listed permission. */
export function requireAdmin(...permissions: PermissionCode[]): Guard {
  return refuseWhen({ kind: 'admin', allOf: permissions }, adminRefusal(...permissions));
}

/** An admin holding at least one of the listed permissions (a screen two permissions open). */
export function requireAnyAdmin(...permissions: PermissionCode[]): Guard {
  return refuseWhen({ kind: 'admin-any', anyOf: permissions }, (request) => {
    const p = request.principal;
    if (!p) return errors.unauthenticated();
    if (p.kind !== 'admin') return errors.forbidden();
    return permissions.some((code) => p.permissions.has(code)) ? null : errors.forbidden();
  });
}

/** A customer (extranet). */
export function requireClient(): Guard {
  return refuseWhen({ kind: 'client' }, (request) => {
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

/**
 * The operators' routes (GET /api/metrics): a direct caller on this machine (a local Prometheus
 * or agent), or one presenting `token` as its bearer, compared in constant time. Without a token,
 * local callers only. Anyone else: 403.
 */
export function requireOperator(token: string | undefined): Guard {
  const expected = token ? createHash('sha256').update(token).digest() : null;
  return refuseWhen({ kind: 'operator' }, (request) => {
    if (isDirectLocalCaller(request)) return null;
    const header = request.headers.authorization;
    if (!expected || !header?.startsWith('Bearer ')) return errors.forbidden();
    // Hashes of equal length: timingSafeEqual tells nothing, not even the token's length.
    const given = createHash('sha256').update(header.slice(7)).digest();
    return timingSafeEqual(given, expected) ? null : errors.forbidden();
  });
}
