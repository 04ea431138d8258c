import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  accountTokens,
  mailOutbox,
  passkeyChallenges,
  passkeys,
  recoveryCodes,
  type SubjectKind,
  secondFactorChallenges,
  secondFactors,
  sessions,
} from '../../db/schema/index.js';
import { endSessionsWhere } from '../auth/sessions.js';

const of = (table: { subjectKind: unknown; subjectId: unknown }, kind: SubjectKind, id: number): SQL =>
  and(eq(table.subjectKind as typeof sessions.subjectKind, kind), eq(table.subjectId as typeof sessions.subjectId, id)) as SQL;

/**
 * Everything an account signs in with, gone in the erasure's transaction: its sessions end (and
 * their refresh tokens), what they recorded of the devices is forgotten, its passkeys, second
 * factor, recovery codes, pending challenges and mailed links are deleted or spent.
 */
export async function forgetCredentials(tx: Tx, kind: SubjectKind, id: number) {
  await endSessionsWhere(tx, of(sessions, kind, id));
  await tx
    .update(sessions)
    .set({ userAgent: null, deviceLabel: null, ipAddress: null, endLinkHash: null })
    .where(of(sessions, kind, id));
  await tx.delete(passkeys).where(of(passkeys, kind, id));
  await tx.delete(passkeyChallenges).where(of(passkeyChallenges, kind, id));
  await tx.delete(secondFactors).where(of(secondFactors, kind, id));
  await tx.delete(recoveryCodes).where(of(recoveryCodes, kind, id));
  await tx.delete(secondFactorChallenges).where(of(secondFactorChallenges, kind, id));
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()`, payload: {} })
    .where(and(of(accountTokens, kind, id), isNull(accountTokens.usedAt)));
}

/**
 * The mails already delivered (or given up) to an erased address leave the outbox: they hold the
 * person's name and address. Mails still on their way are left to go.
 */
export async function forgetDeliveredMails(tx: Tx, emailAddress: string) {
  await tx
    .delete(mailOutbox)
    .where(and(eq(sql`lower(${mailOutbox.to})`, emailAddress.toLowerCase()), inArray(mailOutbox.state, ['sent', 'dead'])));
}
