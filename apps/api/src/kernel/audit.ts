import { sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../auth/principal.js';
import type { DbOrTx } from '../db/client.js';
import { admins, agencies, auditLog } from '../db/schema/index.js';

export interface AuditEntry {
  action: string;
  actorAdminId?: number | null;
  actorClientId?: number | null;
  impersonatedAdminId?: number | null;
  entity?: string;
  entityId?: string | number;
  details?: Record<string, unknown>;
  ip?: string;
  /** The adherent the entry concerns, when the caller knows it better than the actor and the subject. */
  adherentId?: number | null;
  /** The agency the action was about (an agency's key, content, contract). */
  agencyId?: number | null;
}

/** A subject id when it is one of ours (the entity ids are text: a key's prefix is not a row id). */
const rowId = (entityId: AuditEntry['entityId']): number | null => {
  const id = Number(entityId);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
};

/**
 * The adherent an entry concerns, so that the adherent's director reads it (GET /audit-log): the
 * one given, else the acting account's (the impersonated one when someone acts as it), else the
 * subject's when the subject is an account, an agency or an adherent. Null: network business.
 */
function adherentOf(entry: AuditEntry) {
  const acting = entry.impersonatedAdminId ?? entry.actorAdminId ?? null;
  const subject = rowId(entry.entityId);
  const subjectAdmin = entry.entity === 'admin' ? subject : null;
  const subjectAgency = entry.entity === 'agency' ? subject : (entry.agencyId ?? rowId(agencyInDetails(entry)));
  const subjectAdherent = entry.entity === 'adherent' ? subject : null;
  return sql<number | null>`coalesce(
    ${entry.adherentId ?? null}::int,
    (select a.adherent_id from ${admins} a where a.id = ${acting}::int),
    (select a.adherent_id from ${admins} a where a.id = ${subjectAdmin}::int),
    (select g.adherent_id from ${agencies} g where g.id = ${subjectAgency}::int),
    ${subjectAdherent}::int)`;
}

/** An agency named in the details (an agency key's calls and changes). */
const agencyInDetails = (entry: AuditEntry) => {
  const id = entry.details?.agencyId;
  return typeof id === 'number' ? id : undefined;
};

function rowOf(entry: AuditEntry) {
  const { adherentId: _adherent, agencyId, ...rest } = entry;
  return {
    ...rest,
    entityId: entry.entityId === undefined ? undefined : String(entry.entityId),
    adherentId: adherentOf(entry),
    agencyId: agencyId ?? (entry.entity === 'agency' ? rowId(entry.entityId) : rowId(agencyInDetails(entry))),
  };
}

/**
 * Appends to the audit log, in the transaction of the change it records. Never put a password,
 * token or secret in `details`. Rows are never changed: the database refuses it.
 */
export async function audit(db: DbOrTx, entry: AuditEntry) {
  await db.insert(auditLog).values(rowOf(entry));
}

/**
 * "Log me in as" starts in the browser (spec 00 §4: a header on every request), so the server
 * records the start at the first request that carries it: once per session of the real caller and
 * impersonated account. A unique index decides between concurrent first requests (and between
 * instances); the memo only spares this instance an INSERT on each later request.
 */
export function impersonationStartRecorder(db: DbOrTx) {
  const seen = new Set<string>();
  return async (admin: AdminPrincipal, ip: string): Promise<void> => {
    if (admin.impersonatedBy === null || admin.sessionId === null) return;
    const key = `${admin.sessionId}:${admin.adminId}`;
    if (seen.has(key)) return;
    const entry = {
      action: 'auth.impersonation_started',
      ...auditActor(admin),
      entity: 'admin',
      entityId: admin.adminId,
      details: { sessionId: admin.sessionId },
      ip,
    };
    await db.insert(auditLog).values(rowOf(entry)).onConflictDoNothing();
    if (seen.size >= 10_000) seen.clear();
    seen.add(key);
  };
}

/**
 * What an account's update changed that the audit log names (issue 27 §4): its state (disabled
 * or enabled again) and its role, before and after. Undefined when neither changed.
 */
export function accountChanges(
  before: { isActive: boolean; roleId: number },
  after: { isActive: boolean; roleId: number },
): Record<string, unknown> | undefined {
  const changes: Record<string, unknown> = {};
  if (before.isActive !== after.isActive) changes.isActive = after.isActive;
  if (before.roleId !== after.roleId) changes.roleId = { from: before.roleId, to: after.roleId };
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** Who wrote, as the audit keeps it: the real caller, and the impersonated user when there is one. */
export function auditActor(admin: Pick<AdminPrincipal, 'adminId' | 'impersonatedBy'>) {
  return {
    actorAdminId: admin.impersonatedBy ?? admin.adminId,
    impersonatedAdminId: admin.impersonatedBy ? admin.adminId : null,
  };
}
