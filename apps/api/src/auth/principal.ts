import { IMPERSONATION_HEADER, IMPERSONATION_PERMISSION, type PermissionCode } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { adminAgencies, admins, clients, rolePermissions, roles } from '../db/schema/index.js';
import { errors } from '../lib/errors.js';
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
}

export type Principal = AdminPrincipal | ClientPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

async function loadAdmin(db: Db, adminId: number): Promise<Omit<AdminPrincipal, 'impersonatedBy'> | null> {
  const rows = await db
    .select({
      adminId: admins.id,
      roleId: admins.roleId,
      adminTypeId: roles.adminTypeId,
      regionId: admins.regionId,
      adherentId: admins.adherentId,
      code: rolePermissions.code,
    })
    .from(admins)
    .innerJoin(roles, eq(roles.id, admins.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, admins.roleId))
    .where(and(eq(admins.id, adminId), eq(admins.isActive, true)));
  const first = rows[0];
  if (!first) return null;
  const permissions = new Set(rows.flatMap((r) => (r.code ? [r.code as PermissionCode] : [])));
  let agencyIds: number[] | null = null;
  if (first.adminTypeId !== 1) {
    const links = await db
      .select({ agencyId: adminAgencies.agencyId })
      .from(adminAgencies)
      .where(eq(adminAgencies.adminId, adminId));
    agencyIds = links.map((l) => l.agencyId);
  }
  const { code: _code, ...admin } = first;
  return { kind: 'admin', ...admin, permissions, agencyIds };
}

/**
 * Who calls: reads the bearer token, then the caller's current rights from the database (a
 * disabled account or a changed role takes effect at once, not when the token expires).
 */
export async function resolvePrincipal(request: FastifyRequest, db: Db, signer: TokenSigner): Promise<Principal | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await signer.verify(header.slice(7));
  if (!claims) return null;
  const id = Number(claims.sub);
  if (!Number.isInteger(id)) return null;

  if (claims.aud === 'extranet') {
    const [client] = await db
      .select({ clientId: clients.id, emailAddress: clients.emailAddress })
      .from(clients)
      .where(and(eq(clients.id, id), eq(clients.isActive, true)));
    return client ? { kind: 'client', ...client } : null;
  }

  const admin = await loadAdmin(db, id);
  if (!admin) return null;
  const impersonated = request.headers[IMPERSONATION_HEADER];
  if (impersonated === undefined || impersonated === '') return { ...admin, impersonatedBy: null };

  const targetId = Number(impersonated);
  if (!admin.permissions.has(IMPERSONATION_PERMISSION) || !Number.isInteger(targetId)) {
    request.log.warn({ adminId: admin.adminId, impersonatedAdminId: impersonated }, 'impersonation refused');
    throw errors.forbidden();
  }
  const target = await loadAdmin(db, targetId);
  // Only adherent-level users may be impersonated: never a network admin.
  if (target?.adminTypeId !== 2) throw errors.forbidden();
  request.log.info({ adminId: admin.adminId, impersonatedAdminId: targetId }, 'impersonated request');
  return { ...target, impersonatedBy: admin.adminId };
}
