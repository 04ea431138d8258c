import type { AdminPrincipal } from '../auth/principal.js';
import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

export interface AuditEntry {
  action: string;
  actorAdminId?: number | null;
  actorClientId?: number | null;
  impersonatedAdminId?: number | null;
  entity?: string;
  entityId?: string | number;
  details?: Record<string, unknown>;
  ip?: string;
}

/** Appends to the audit log. Never put a password, token or secret in `details`. */
export async function audit(db: DbOrTx, entry: AuditEntry) {
  await db.insert(auditLog).values({ ...entry, entityId: entry.entityId === undefined ? undefined : String(entry.entityId) });
}

/** Who wrote, as the audit keeps it: the real caller, and the impersonated user when there is one. */
export function auditActor(admin: Pick<AdminPrincipal, 'adminId' | 'impersonatedBy'>) {
  return {
    actorAdminId: admin.impersonatedBy ?? admin.adminId,
    impersonatedAdminId: admin.impersonatedBy ? admin.adminId : null,
  };
}
