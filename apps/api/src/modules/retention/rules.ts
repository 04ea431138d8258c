import { type AutomaticRetentionRuleName, RETENTION_MESSAGES, RETENTION_PERIODS, type RetentionUnit } from '@reseau/contracts';
import { and, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import {
  accountTokens,
  contacts,
  mailOutbox,
  passkeyChallenges,
  refreshTokens,
  secondFactorChallenges,
  sessions,
} from '../../db/schema/index.js';
import { purgeAuditLog } from '../audit-log/purge.js';
import { purgeExpiredDataExports } from '../data-exports/service.js';

/** Rows one statement changes at most: a large backlog never holds a big table's rows long. */
export const RETENTION_BATCH = 500;

/** What a rule's run is given: the database and the other services, and the run's clock (tests move it). */
export interface RetentionContext {
  db: DbOrTx;
  deps: Pick<AppDeps, 'db' | 'storage'>;
}

export type RetentionRun = (ctx: RetentionContext, now: Date) => Promise<number>;

const MAKE_INTERVAL: Record<RetentionUnit, string> = { days: 'days', months: 'months', years: 'years' };

/** `now` minus the period of the table's entry `name`, in SQL (calendar months and years, as PostgreSQL counts them). */
export function cutoffOf(name: AutomaticRetentionRuleName, now: Date): SQL {
  const period = RETENTION_PERIODS.find((p) => p.name === name);
  if (!period) throw new Error(`no retention period ${name}`);
  return sql`${now.toISOString()}::timestamptz - make_interval(${sql.raw(MAKE_INTERVAL[period.unit])} => ${period.amount})`;
}

/**
 * Reads the ids of at most RETENTION_BATCH due rows, then changes those (a statement of its own,
 * whose `WHERE` checks the row is still due: two runs at once change each row once), until a read
 * comes back short. Two statements rather than `WHERE id IN (SELECT … LIMIT)`, which the planner
 * may run again for each row. Answers the rows changed.
 */
export async function inBatches<Id>(
  due: () => Promise<{ id: Id }[]>,
  change: (ids: Id[]) => Promise<unknown[]>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = (await due()).map((row) => row.id);
    if (ids.length > 0) total += (await change(ids)).length;
    if (ids.length < RETENTION_BATCH) return total;
  }
}

/** When a demand was last acted on: its arrival, or its processing if later. */
const lastActivity = (table: typeof contacts) =>
  sql`greatest(${table.createdAt}, coalesce(${table.processedAt}, ${table.createdAt}))`;

/**
 * Demands of people who are not customers (no customer account, not known to the agency), 3 years
 * after the person's last contact: the latest demand sent with the same address (any agency), or
 * the demand itself without an address. Name, address, phone, email and message are wiped; the
 * demand stays (type, agency, dates, processed) for the agency's counts.
 */
export const anonymiseProspectContacts: RetentionRun = ({ db }, now) => {
  const cutoff = cutoffOf('prospect_contacts', now);
  const prospect = and(isNull(contacts.clientId), sql`not ${contacts.isClientKnown}`);
  const recentFromSamePerson = sql`exists (
    select 1 from ${contacts} as later
    where ${contacts.emailAddress} is not null
      and lower(later.email_address) = lower(${contacts.emailAddress})
      and later.client_id is null and not later.is_client_known
      and greatest(later.created_at, coalesce(later.processed_at, later.created_at)) >= ${cutoff})`;
  const due = () =>
    db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(prospect, isNull(contacts.anonymizedAt), lt(lastActivity(contacts), cutoff), sql`not ${recentFromSamePerson}`))
      .limit(RETENTION_BATCH);
  return inBatches(due, (ids) =>
    db
      .update(contacts)
      .set({
        fullName: RETENTION_MESSAGES.anonymisedName,
        emailAddress: null,
        phone: null,
        address: null,
        postalCode: null,
        city: null,
        data: sql`${contacts.data} - 'message'`,
        anonymizedAt: now,
      })
      .where(and(inArray(contacts.id, ids), isNull(contacts.anonymizedAt)))
      .returning({ id: contacts.id }),
  );
};

/** The audit log's own purge (modules/audit-log/purge.ts, the only delete its trigger lets through). */
export const purgeExpiredAuditLog: RetentionRun = ({ db }, now) => purgeAuditLog(db, now);

/**
 * Sent mails 30 days after they went: subject, recipient, dates and state stay (the mail queue's
 * screen), the body (text and HTML) is emptied. A mail not sent yet, or dead, is left as it is.
 */
export const emptySentMailBodies: RetentionRun = ({ db }, now) => {
  const cutoff = cutoffOf('mail_bodies', now);
  const due = () =>
    db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          sql`${mailOutbox.state} = 'sent' and ${mailOutbox.html} <> ''`,
          lt(mailOutbox.sentAt, cutoff),
          lt(sql`coalesce(${mailOutbox.deliveredAt}, ${mailOutbox.sentAt})`, cutoff),
        ),
      )
      .limit(RETENTION_BATCH);
  return inBatches(due, (ids) =>
    db
      .update(mailOutbox)
      .set({ text: '', html: '' })
      .where(and(inArray(mailOutbox.id, ids), sql`${mailOutbox.state} = 'sent' and ${mailOutbox.html} <> ''`))
      .returning({ id: mailOutbox.id }),
  );
};

/** Mailed links, passkey and second-factor challenges past their expiry (used or not). */
export const purgeExpiredTokens: RetentionRun = async ({ db }, now) => {
  const cutoff = cutoffOf('expired_tokens', now);
  let total = 0;
  for (const table of [accountTokens, secondFactorChallenges] as const) {
    total += await inBatches(
      () => db.select({ id: table.id }).from(table).where(lt(table.expiresAt, cutoff)).limit(RETENTION_BATCH),
      (ids) =>
        db
          .delete(table)
          .where(and(inArray(table.id, ids), lt(table.expiresAt, cutoff)))
          .returning({ id: table.id }),
    );
  }
  total += await inBatches(
    () =>
      db
        .select({ id: passkeyChallenges.id })
        .from(passkeyChallenges)
        .where(lt(passkeyChallenges.expiresAt, cutoff))
        .limit(RETENTION_BATCH),
    (ids) =>
      db
        .delete(passkeyChallenges)
        .where(and(inArray(passkeyChallenges.id, ids), lt(passkeyChallenges.expiresAt, cutoff)))
        .returning({ id: passkeyChallenges.id }),
  );
  return total;
};

/**
 * Sessions 30 days after their end (expiry, sign-out or revocation), with their refresh tokens;
 * refresh tokens past their expiry too (a session's old rotated ones).
 */
export const purgeEndedSessions: RetentionRun = async ({ db }, now) => {
  const cutoff = cutoffOf('ended_sessions', now);
  const ended = or(lt(sessions.expiresAt, cutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff)));
  const sessionCount = await inBatches(
    () => db.select({ id: sessions.id }).from(sessions).where(ended).limit(RETENTION_BATCH),
    async (ids) => {
      await db.delete(refreshTokens).where(inArray(refreshTokens.familyId, ids));
      return db
        .delete(sessions)
        .where(and(inArray(sessions.id, ids), ended))
        .returning({ id: sessions.id });
    },
  );
  const expired = lt(refreshTokens.expiresAt, sql`${now.toISOString()}::timestamptz`);
  const expiredRefresh = await inBatches(
    () => db.select({ id: refreshTokens.id }).from(refreshTokens).where(expired).limit(RETENTION_BATCH),
    (ids) =>
      db
        .delete(refreshTokens)
        .where(and(inArray(refreshTokens.id, ids), expired))
        .returning({ id: refreshTokens.id }),
  );
  return sessionCount + expiredRefresh;
};

/**
 * The run of each entry of RETENTION_PERIODS the daily job applies (`automatic`), by its name: an
 * automatic entry without its run here fails the typecheck. A new rule is one entry in the
 * contracts' table and one line here.
 */
export const RETENTION_RULES: Record<AutomaticRetentionRuleName, RetentionRun> = {
  prospect_contacts: anonymiseProspectContacts,
  audit_log: purgeExpiredAuditLog,
  mail_bodies: emptySentMailBodies,
  expired_tokens: purgeExpiredTokens,
  ended_sessions: purgeEndedSessions,
  // The exports' bytes are on the file store: the data exports' own purge deletes row and bytes.
  data_exports: ({ deps }, now) => purgeExpiredDataExports(deps.db, deps.storage, now),
};
