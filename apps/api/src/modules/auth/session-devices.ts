import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { formatParisDate, formatParisTime } from '../../lib/french.js';
import { authMails } from './mails.js';
import type { SessionSubject } from './subjects.js';

/**
 * Whether this sign-in comes from a device the account never used: no earlier session of the
 * account, open or ended, has the same device label. An account without any earlier labelled
 * session (its very first sign-in, or its first since devices were kept) has nothing to compare
 * with: not a new device, no mail (docs/decisions.md).
 */
export async function isNewDevice(db: DbOrTx, subject: SessionSubject, label: string): Promise<boolean> {
  const [row] = await db
    .select({
      labelled: sql<number>`count(${sessions.deviceLabel})`.mapWith(Number),
      same: sql<number>`count(*) filter (where ${sessions.deviceLabel} = ${label})`.mapWith(Number),
    })
    .from(sessions)
    .where(and(eq(sessions.subjectKind, subject.kind), eq(sessions.subjectId, Number(subject.claims.sub))));
  return (row?.labelled ?? 0) > 0 && (row?.same ?? 0) === 0;
}

/**
 * Queues the new-device mail in the sign-in's transaction (the outbox: it goes out once the
 * session exists, and a crash loses neither), keyed by the session so a replay sends it once.
 */
export async function mailNewDevice(
  tx: DbOrTx,
  deps: AppDeps,
  signIn: { sessionId: string; subject: SessionSubject; label: string; ipAddress: string; token: string },
) {
  const { claims, kind } = signIn.subject;
  const now = new Date();
  const mail = authMails.newDeviceSignIn(
    deps.config.PUBLIC_URL,
    kind === 'admin' ? 'intranet' : 'extranet',
    claims.given_name,
    { when: `Le ${formatParisDate(now)} à ${formatParisTime(now)}`, device: signIn.label, ipAddress: signIn.ipAddress },
    signIn.token,
  );
  await deps.mailer.send({ to: claims.email_address, ...mail }, { db: tx, key: `new-device:${signIn.sessionId}` });
}
