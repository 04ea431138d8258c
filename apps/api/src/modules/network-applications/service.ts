import {
  NETWORK_APPLICATION_ILLUSTRATION_FILE_TYPE,
  NETWORK_APPLICATION_MESSAGES,
  type NetworkApplication,
  type NetworkApplicationBody,
} from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { networkApplications } from '../../db/schema/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { checkAttachedFiles } from '../../kernel/files/attached-files.js';
import type { StaffContext } from '../../lib/request-context.js';

/** French alphabetical order, accents and case aside ("Écoles" between "Devis" and "Facturation"). */
const byTitle = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/**
 * The whole directory, sorted by title (spec 02 §2 has no pages; the directory is a few dozen
 * tools). Sorted here rather than in SQL so that PGlite and PostgreSQL, whose collations differ,
 * give the same French order.
 */
export async function listNetworkApplications(db: DbOrTx): Promise<NetworkApplication[]> {
  const rows = await db
    .select({
      id: networkApplications.id,
      title: networkApplications.title,
      url: networkApplications.url,
      illustrationFileId: networkApplications.illustrationFileId,
    })
    .from(networkApplications);
  return rows.sort((a, b) => byTitle.compare(a.title, b.title) || a.id - b.id);
}

/** The stored fields of a write: the logo must be an upload of type 11 the writer may read. */
async function checkedValues(db: DbOrTx, admin: AdminPrincipal, body: NetworkApplicationBody) {
  await checkAttachedFiles(
    db,
    admin,
    { illustrationFileId: { fileId: body.illustrationFileId, fileTypeIds: [NETWORK_APPLICATION_ILLUSTRATION_FILE_TYPE] } },
    NETWORK_APPLICATION_MESSAGES.illustrationNotFound,
  );
  return { title: body.title, url: body.url, illustrationFileId: body.illustrationFileId };
}

export async function createNetworkApplication({ db, caller: admin, ip }: StaffContext, body: NetworkApplicationBody) {
  const values = await checkedValues(db, admin, body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(networkApplications)
      .values({ ...values, authorId: admin.adminId })
      .returning({ id: networkApplications.id });
    const id = row!.id;
    await audit(tx, {
      action: 'network_application.created',
      ...auditActor(admin),
      entity: 'network_application',
      entityId: id,
      ip,
    });
    return { id };
  });
}

/** Rewrites an application; false when it does not exist (any more). */
export async function updateNetworkApplication(
  { db, caller: admin, ip }: StaffContext,
  id: number,
  body: NetworkApplicationBody,
): Promise<boolean> {
  const values = await checkedValues(db, admin, body);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(networkApplications)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(networkApplications.id, id))
      .returning({ id: networkApplications.id });
    if (updated.length === 0) return false;
    await audit(tx, {
      action: 'network_application.updated',
      ...auditActor(admin),
      entity: 'network_application',
      entityId: id,
      ip,
    });
    return true;
  });
}

/**
 * Deletes an application; false when it does not exist. The DELETE … RETURNING decides between
 * two concurrent deletes: one removes the row, the other finds nothing (404).
 */
export async function deleteNetworkApplication({ db, caller: admin, ip }: StaffContext, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(networkApplications)
      .where(eq(networkApplications.id, id))
      .returning({ id: networkApplications.id });
    if (deleted.length === 0) return false;
    await audit(tx, {
      action: 'network_application.deleted',
      ...auditActor(admin),
      entity: 'network_application',
      entityId: id,
      ip,
    });
    return true;
  });
}
