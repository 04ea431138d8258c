import {
  ACCOUNT_ERASURE_MESSAGES,
  type ArchivedAdherentUser,
  anonymizedAdminEmail,
  FORMER_USER_NAME,
  NOT_FOUND_SUBJECTS,
} from '@reseau/contracts';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { adminAgencies, admins } from '../../db/schema/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { AppError, errors } from '../../lib/errors.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import type { StaffContext } from '../../lib/request-context.js';
import { forgetCredentials, forgetDeliveredMails } from './credentials.js';
import { anonymizableAccounts, anonymizingScope, assertMayAnonymizeAccounts } from './policy.js';

const columns = {
  id: admins.id,
  firstName: admins.firstName,
  lastName: admins.lastName,
  emailAddress: admins.emailAddress,
  roleId: admins.roleId,
  adherentId: sql<number>`${admins.adherentId}`,
  archivedAt: sql<string>`to_char(${admins.archivedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  anonymizedAt: sql<string | null>`to_char(${admins.anonymizedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

/** GET /adherent-users/archived: the archived accounts the caller may anonymise, the latest archived first. */
export async function listArchivedAdherentUsers(
  { db, caller }: StaffContext,
  query: { pageNumber: number; pageSize: number },
): Promise<{ archivedAdherentUsers: ArchivedAdherentUser[]; pageCount: number }> {
  assertMayAnonymizeAccounts(caller);
  const where = anonymizableAccounts(caller);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(admins)
      .where(where)
      .orderBy(desc(admins.archivedAt), desc(admins.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(admins).where(where),
  ]);
  return { archivedAdherentUsers: rows, pageCount: pageCount(total?.n ?? 0, query) };
}

/**
 * POST /adherent-users/{id}:anonymize (RGPD issue 28 §2). The row stays, so that what the account
 * wrote (forum messages, news, documents, audit entries) keeps it as author, but its name becomes
 * « Ancien utilisateur », its address a placeholder, its phone, position and photo go, and nothing
 * it signed in with is left. Only an archived account: the conditional UPDATE also decides between
 * two concurrent calls (the second finds it done: 409).
 */
export async function anonymizeAdherentUser({ deps, caller, ip }: StaffContext, id: number) {
  assertMayAnonymizeAccounts(caller);
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ emailAddress: admins.emailAddress, anonymizedAt: admins.anonymizedAt })
      .from(admins)
      .where(and(eq(admins.id, id), anonymizableAccounts(caller)));
    // A live account is not in `anonymizableAccounts` (archived only): tell it apart from one out of reach.
    if (!current) await assertArchived(tx, caller, id);
    if (current?.anonymizedAt) throw new AppError('already_anonymized', 409, ACCOUNT_ERASURE_MESSAGES.alreadyAnonymized);
    const [row] = await tx
      .update(admins)
      .set({
        ...FORMER_USER_NAME,
        emailAddress: anonymizedAdminEmail(id),
        passwordHash: null,
        phone: null,
        position: null,
        avatarFileId: null,
        cooperativeRoles: [],
        isActive: false,
        isHidden: true,
        doNotShowOnMap: true,
        secondFactorRequired: false,
        anonymizedAt: sql`now()`,
      })
      .where(and(eq(admins.id, id), anonymizableAccounts(caller), isNull(admins.anonymizedAt)))
      .returning({ id: admins.id });
    if (!row) throw new AppError('already_anonymized', 409, ACCOUNT_ERASURE_MESSAGES.alreadyAnonymized);
    await tx.delete(adminAgencies).where(eq(adminAgencies.adminId, id));
    await forgetCredentials(tx, 'admin', id);
    if (current) await forgetDeliveredMails(tx, current.emailAddress);
    await audit(tx, { action: 'admin.anonymized', ...auditActor(caller), entity: 'admin', entityId: id, ip });
  });
}

/**
 * Why an account the caller may not anonymise was asked for: a live one the caller manages is
 * « not archived » (409); any other, out of the caller's reach, is not found (404).
 */
async function assertArchived(tx: Tx, caller: StaffContext['caller'], id: number) {
  const [live] = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.id, id), isNull(admins.archivedAt), anonymizingScope(caller)));
  if (live) throw new AppError('not_archived', 409, ACCOUNT_ERASURE_MESSAGES.notArchived);
  throw errors.notFound(NOT_FOUND_SUBJECTS.user);
}
