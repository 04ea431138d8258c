import { IMPERSONATION_HEADER, IMPERSONATION_PERMISSION, type PermissionCode } from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { adminAgencies, admins, clients } from '../db/schema/index.js';
import { errors } from '../lib/errors.js';
import type { RoleCatalog } from '../modules/roles/catalog.js';
import type { TokenSigner } from './tokens.js';

export interface AdminPrincipal {
  kind: 'admin';
  adminId: number;
  roleId: number;
  adminTypeId: number;
  regionId: number | null;
  adherentId: number | null;
  permissions: ReadonlySet<PermissionCode>;
  /** Agencies the admin may act for; `null` means every agency (network roles). */
  agencyIds: readonly number[] | null;
  /** Set when a network admin acts as this adherent user through the impersonation header. */
  impersonatedBy: number | null;
}

export interface ClientPrincipal {
  kind: 'client';
  clientId: number;
  emailAddress: string;
  /** The refresh-token family of the calling session, when the token carries it. */
  sessionId: string | null;
}

export type Principal = AdminPrincipal | ClientPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/**
 * Who calls: reads the bearer token, then the caller's current standing from the database (a
 * disabled account or a changed role takes effect at once, not when the token expires). One
 * prepared query per request; permissions come from the role catalogue.
 */
export function createPrincipalResolver(db: Db, signer: TokenSigner, roles: RoleCatalog) {
  const adminById = db
    .select({
      adminId: admins.id,
      roleId: admins.roleId,
      regionId: admins.regionId,
      adherentId: admins.adherentId,
      agencyIds: sql<
        number[]
      >`coalesce((select array_agg(${adminAgencies.agencyId}) from ${adminAgencies} where ${adminAgencies.adminId} = ${admins.id}), '{}')`,
    })
    .from(admins)
    .where(and(eq(admins.id, sql.placeholder('id')), eq(admins.isActive, true)))
    .prepare('principal_admin');
  const clientById = db
    .select({ clientId: clients.id, emailAddress: clients.emailAddress })
    .from(clients)
    .where(and(eq(clients.id, sql.placeholder('id')), eq(clients.isActive, true)))
    .prepare('principal_client');

  async function loadAdmin(adminId: number): Promise<Omit<AdminPrincipal, 'impersonatedBy'> | null> {
    const [row] = await adminById.execute({ id: adminId });
    const role = row && roles.get(row.roleId);
    if (!row || !role) return null;
    return {
      kind: 'admin',
      adminId: row.adminId,
      roleId: row.roleId,
      regionId: row.regionId,
      adherentId: row.adherentId,
      adminTypeId: role.adminTypeId,
      permissions: role.permissions,
      // Network roles act for every agency.
      agencyIds: role.adminTypeId === 1 ? null : row.agencyIds.map(Number),
    };
  }

  return async function resolvePrincipal(request: FastifyRequest): Promise<Principal | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const claims = await signer.verify(header.slice(7));
    if (!claims) return null;
    const id = Number(claims.sub);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;

    if (claims.aud === 'extranet') {
      const [client] = await clientById.execute({ id });
      return client ? { kind: 'client', ...client, sessionId: typeof claims.sid === 'string' ? claims.sid : null } : null;
    }

    const admin = await loadAdmin(id);
    if (!admin) return null;
    const impersonated = request.headers[IMPERSONATION_HEADER];
    if (impersonated === undefined || impersonated === '') return { ...admin, impersonatedBy: null };

    const targetId = Number(impersonated);
    if (
      !admin.permissions.has(IMPERSONATION_PERMISSION) ||
      !Number.isSafeInteger(targetId) ||
      targetId < 1 ||
      targetId > 2_147_483_647
    ) {
      request.log.warn({ adminId: admin.adminId, impersonatedAdminId: impersonated }, 'impersonation refused');
      throw errors.forbidden();
    }
    const target = await loadAdmin(targetId);
    // Only adherent-level users may be impersonated: never a network admin.
    if (target?.adminTypeId !== 2) throw errors.forbidden();
    request.log.info({ adminId: admin.adminId, impersonatedAdminId: targetId }, 'impersonated request');
    return { ...target, impersonatedBy: admin.adminId };
  };
}
