import { randomBytes } from 'node:crypto';
import {
  AGENCY_API_KEY_MESSAGES,
  AGENCY_API_KEY_PREFIX,
  AGENCY_API_KEYS_MAX,
  type AgencyApiKey,
  type AgencyApiKeyCreated,
  NOT_FOUND_SUBJECTS,
} from '@reseau/contracts';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import { hashToken } from '../../auth/tokens.js';
import type { DbOrTx } from '../../db/client.js';
import { admins, agencies, agencyApiKeys } from '../../db/schema/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { assertMayManageAgencyKeys, mayManageAgencyKeys } from './policy.js';

/** A new key: the prefix, then 32 random bytes (256 bits) in base64url. */
export const newAgencyApiKey = () => `${AGENCY_API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/** The agency, when it exists and the caller may manage its keys; otherwise not found (or 403 for a role that never may). */
async function manageableAgency(db: DbOrTx, admin: AdminPrincipal, agencyId: number) {
  assertMayManageAgencyKeys(admin, agencyId, () => errors.notFound(NOT_FOUND_SUBJECTS.agency));
  const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId));
  if (!agency) throw errors.notFound(NOT_FOUND_SUBJECTS.agency);
}

export async function listAgencyApiKeys({ db, caller: admin }: StaffContext, agencyId: number): Promise<AgencyApiKey[]> {
  await manageableAgency(db, admin, agencyId);
  const rows = await db
    .select({
      id: agencyApiKeys.id,
      label: agencyApiKeys.label,
      createdAt: agencyApiKeys.createdAt,
      lastUsedAt: agencyApiKeys.lastUsedAt,
      firstName: admins.firstName,
      lastName: admins.lastName,
    })
    .from(agencyApiKeys)
    .leftJoin(admins, eq(admins.id, agencyApiKeys.createdByAdminId))
    .where(and(eq(agencyApiKeys.agencyId, agencyId), isNull(agencyApiKeys.revokedAt)))
    .orderBy(desc(agencyApiKeys.createdAt), desc(agencyApiKeys.id));
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.firstName === null ? null : `${r.firstName} ${r.lastName}`,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/**
 * Makes a key and answers it, the only time it leaves the server. The agency's row is locked for
 * the count so that concurrent creations cannot pass the limit together.
 */
export async function createAgencyApiKey(
  { db, caller: admin, ip }: StaffContext,
  agencyId: number,
  label: string,
): Promise<AgencyApiKeyCreated> {
  await manageableAgency(db, admin, agencyId);
  const apiKey = newAgencyApiKey();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from agencies where id = ${agencyId} for update`);
    const [live] = await tx
      .select({ n: count() })
      .from(agencyApiKeys)
      .where(and(eq(agencyApiKeys.agencyId, agencyId), isNull(agencyApiKeys.revokedAt)));
    if ((live?.n ?? 0) >= AGENCY_API_KEYS_MAX) throw errors.conflict('conflict', AGENCY_API_KEY_MESSAGES.tooMany);
    const [row] = await tx
      .insert(agencyApiKeys)
      .values({ agencyId, label, keyHash: hashToken(apiKey), createdByAdminId: admin.adminId })
      .returning({ id: agencyApiKeys.id });
    const id = row!.id;
    await audit(tx, {
      action: 'agency_api_key.created',
      ...auditActor(admin),
      entity: 'agency_api_key',
      entityId: id,
      details: { agencyId, label },
      ip,
    });
    return { id, apiKey };
  });
}

/**
 * Revokes a key: from the next call on, it is refused (the key guard reads the row on every
 * call, no cache). A key already revoked, or of an agency the caller may not manage, is not found.
 */
export async function revokeAgencyApiKey({ db, caller: admin, ip }: StaffContext, keyId: number): Promise<void> {
  const [key] = await db
    .select({ agencyId: agencyApiKeys.agencyId })
    .from(agencyApiKeys)
    .where(and(eq(agencyApiKeys.id, keyId), isNull(agencyApiKeys.revokedAt)));
  if (!key || !mayManageAgencyKeys(admin, key.agencyId)) throw errors.notFound(NOT_FOUND_SUBJECTS.agencyApiKey);
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(agencyApiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(agencyApiKeys.id, keyId), isNull(agencyApiKeys.revokedAt)))
      .returning({ id: agencyApiKeys.id });
    // Two revocations at once: the second finds nothing left to revoke.
    if (revoked.length === 0) throw errors.notFound(NOT_FOUND_SUBJECTS.agencyApiKey);
    await audit(tx, {
      action: 'agency_api_key.revoked',
      ...auditActor(admin),
      entity: 'agency_api_key',
      entityId: keyId,
      details: { agencyId: key.agencyId },
      ip,
    });
  });
}
