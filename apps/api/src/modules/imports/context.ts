import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { adminOf } from '../../auth/guards.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { RequestContext } from '../../lib/request-context.js';
import { type AgencyKeyCaller, agencyKeyOf } from '../agency-api-keys/key-auth.js';

/** Who reads a report: a key (its own agency only) or a staff member allowed to manage the agency's keys. */
export type ImportReader = { kind: 'key'; agencyId: number } | { kind: 'admin'; admin: AdminPrincipal };

/**
 * The request context of the imports' routes (lib/request-context.ts), whose caller is no
 * principal: the agency's key on a keyed route, who reads (`ImportReader`) on the report routes.
 */
export type ImportContext<Caller> = Omit<RequestContext, 'caller'> & { caller: Caller };
/** A keyed route's request: the key the guard let through (its agency is the only one it writes). */
export type AgencyKeyContext = ImportContext<AgencyKeyCaller>;
/** A report route's request: the key or the staff member `keyOrStaff` let through. */
export type ImportReaderContext = ImportContext<ImportReader>;

const contextOf = <Caller>(request: FastifyRequest, deps: AppDeps, caller: Caller): ImportContext<Caller> => ({
  db: deps.db,
  deps,
  caller,
  ip: request.ip,
  log: request.log,
});

/** The context of a request `agencyKeyRoute` let through (401 otherwise, as `agencyKeyOf`). */
export const agencyKeyContext = (request: FastifyRequest, deps: AppDeps): AgencyKeyContext =>
  contextOf(request, deps, agencyKeyOf(request));

/** The context of a request `keyOrStaff` let through: a request with the key header is the key's. */
export const importReaderContext = (request: FastifyRequest, deps: AppDeps): ImportReaderContext =>
  contextOf<ImportReader>(
    request,
    deps,
    request.agencyKey ? { kind: 'key', agencyId: request.agencyKey.agencyId } : { kind: 'admin', admin: adminOf(request) },
  );
