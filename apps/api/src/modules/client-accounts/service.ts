import { CLIENT_ACCOUNT_MESSAGES, ERROR_MESSAGES, MESSAGES } from '@reseau/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { type accountTokens, clientAgencies, clients } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { AppError, errors } from '../../lib/errors.js';
import { safeRedirect } from '../../lib/redirect.js';
import type { CustomerContext, PublicContext } from '../../lib/request-context.js';
import { closeContractEmailChange } from '../agency-contracts/service.js';
import {
  consumeAccountToken,
  createAccountToken,
  findAccountToken,
  recordWrongAttempt,
  spendPendingTokens,
} from '../auth/account-tokens.js';
import { authMails } from '../auth/mails.js';
import { mailQueued } from '../auth/queued-mail.js';
import { revokeAllSessions, revokeOtherSessions } from '../auth/sessions.js';
import { findClientByEmail } from '../auth/subjects.js';
import { assertMailQuota, mailQuotaAllows } from '../auth/throttles.js';

const unknownCustomer = () => new AppError('not_found', 404, CLIENT_ACCOUNT_MESSAGES.unknownCustomer);

/** A customer exists for the platform only while at least one agency knows them. */
async function findKnownClient(deps: AppDeps, email: string) {
  const client = await findClientByEmail(deps.db, email);
  if (!client?.isActive) return null;
  const [link] = await deps.db
    .select({ a: clientAgencies.agencyId })
    .from(clientAgencies)
    .where(eq(clientAgencies.clientId, client.id))
    .limit(1);
  return link ? client : null;
}

/**
 * First connection: the customer picks a password, kept (hashed) with this request's own
 * verification token. It takes effect only when the mailed link is followed by someone who types
 * it again: a stranger who knows the address cannot choose the customer's password.
 */
export async function openEmailVerification({ deps }: PublicContext, email: string, password: string) {
  const client = await findKnownClient(deps, email);
  if (!client) throw unknownCustomer();
  if (client.emailVerifiedAt) {
    throw new AppError('user_already_verified', 409, ERROR_MESSAGES.user_already_verified);
  }
  await assertMailQuota(deps, 'email_verification', client.emailAddress);
  const passwordHash = await hashPassword(password);
  // The link and its mail commit together: an acknowledged request always has its mail.
  await deps.db.transaction(async (tx) => {
    const token = await createAccountToken(tx, {
      purpose: 'email_verification',
      subjectKind: 'client',
      subjectId: client.id,
      payload: { passwordHash },
    });
    await deps.mailer.send(
      { to: client.emailAddress, ...authMails.clientEmailVerification(deps.config.PUBLIC_URL, client.firstName, token) },
      { db: tx },
    );
  });
}

/** Follows a mailed link: first connection (with its password), account or contract email change. */
export async function closeEmailVerification({ deps, ip }: PublicContext, token: string, password: string | undefined) {
  const link = await findAccountToken(deps.db, token, 'client', ['email_verification', 'email_change', 'contract_email_change']);
  if (link.purpose === 'email_verification') return closeFirstConnection(deps, token, link, password, ip);
  const spent = await consumeAccountToken(deps.db, token, 'client', ['email_change', 'contract_email_change']);
  if (spent.purpose === 'contract_email_change') return closeContractEmailChange(deps.db, spent, ip);
  return closeAccountEmailChange(deps, spent, ip);
}

/**
 * The password typed must be the one chosen with this link's request. A missing one spends
 * nothing; each wrong one counts, and the last allowed attempt spends the link.
 */
async function closeFirstConnection(
  deps: AppDeps,
  token: string,
  link: typeof accountTokens.$inferSelect,
  password: string | undefined,
  ip: string,
) {
  if (!password) throw errors.validation({ password: [MESSAGES.required] });
  if (!(await verifyPassword(link.payload.passwordHash ?? null, password))) {
    if (!(await recordWrongAttempt(deps.db, link.id))) throw errors.invalidToken();
    throw errors.validation({ password: [MESSAGES.wrongActivationPassword] });
  }
  // Spent in one conditional UPDATE: a concurrent follow of the same link gets invalid_token.
  const spent = await consumeAccountToken(deps.db, token, 'client', ['email_verification']);
  await deps.db
    .update(clients)
    .set({ passwordHash: spent.payload.passwordHash, emailVerifiedAt: sql`now()` })
    .where(eq(clients.id, spent.subjectId));
  // The other requests' links (perhaps a stranger's) can no longer activate the account.
  await spendPendingTokens(deps.db, 'client', spent.subjectId, 'email_verification');
  await audit(deps.db, { action: 'client.email_verified', actorClientId: spent.subjectId, ip });
  return { purpose: 'email_verification' as const, redirectUrl: null };
}

/**
 * The new address is proved: it becomes the sign-in email, every session but the one that asked
 * for the change ends, and the former address is told.
 */
async function closeAccountEmailChange(deps: AppDeps, spent: typeof accountTokens.$inferSelect, ip: string) {
  const newEmail = spent.payload.emailAddress ?? '';
  await assertEmailFree(deps, newEmail, spent.subjectId);
  const [former] = await deps.db
    .select({ emailAddress: clients.emailAddress, firstName: clients.firstName })
    .from(clients)
    .where(eq(clients.id, spent.subjectId));
  // The former address is told in the change's own transaction: the change never goes unannounced.
  await deps.db.transaction(async (tx) => {
    await tx.update(clients).set({ emailAddress: newEmail, emailVerifiedAt: sql`now()` }).where(eq(clients.id, spent.subjectId));
    if (former && former.emailAddress.toLowerCase() !== newEmail.toLowerCase()) {
      await deps.mailer.send(
        { to: former.emailAddress, ...authMails.clientEmailChanged(deps.config.PUBLIC_URL, former.firstName, newEmail) },
        { db: tx },
      );
    }
  });
  await revokeOtherSessions(deps, 'client', spent.subjectId, spent.payload.sessionId || null);
  await audit(deps.db, { action: 'client.email_changed', actorClientId: spent.subjectId, ip });
  // The new address goes back to whoever holds the link (it was mailed there): a customer signed
  // out meanwhile finds it filled in on the login (issue 12 §3).
  return { purpose: 'email_change' as const, redirectUrl: spent.payload.redirectUrl || null, emailAddress: newEmail };
}

/** Changing the password or the email asks for the current password first. */
async function assertCurrentPassword(deps: AppDeps, clientId: number, currentPassword: string) {
  const [row] = await deps.db.select({ passwordHash: clients.passwordHash }).from(clients).where(eq(clients.id, clientId));
  if (!row) throw errors.unauthenticated();
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    throw errors.validation({ currentPassword: [MESSAGES.wrongCurrentPassword] });
  }
}

/** Same answer, in the same time, whether or not the address is known: the work follows the answer. */
export async function openClientPasswordReset({ deps }: PublicContext, email: string) {
  // Written before the answer (one INSERT, whatever the address): a crash after it loses nothing.
  await deps.jobs.enqueue(CLIENT_PASSWORD_RESET_JOB, { email });
}

export const CLIENT_PASSWORD_RESET_JOB = 'client_password_reset';

/** The job of a forgotten-password request; its mail's key is the job's, so a replayed job sends nothing twice. */
export async function sendClientPasswordReset(deps: AppDeps, email: string, log: FastifyBaseLogger, jobKey: string) {
  const client = await findKnownClient(deps, email);
  if (!client || (await mailQueued(deps.db, jobKey))) return;
  if (!(await mailQuotaAllows(deps, 'password', client.emailAddress, log))) return;
  await deps.db.transaction(async (tx) => {
    const token = await createAccountToken(tx, { purpose: 'password_reset', subjectKind: 'client', subjectId: client.id });
    await deps.mailer.send(
      { to: client.emailAddress, ...authMails.clientPasswordReset(deps.config.PUBLIC_URL, client.firstName, token) },
      { db: tx, key: jobKey },
    );
  });
}

/** The link reached the customer's mailbox: that also proves the address, so it counts as verified. */
export async function closeClientPasswordReset({ deps, ip }: PublicContext, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const spent = await consumeAccountToken(deps.db, token, 'client', ['password_reset']);
  await deps.db
    .update(clients)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${clients.emailVerifiedAt}, now())` })
    .where(eq(clients.id, spent.subjectId));
  await revokeAllSessions(deps, 'client', spent.subjectId);
  await audit(deps.db, { action: 'client.password_reset', actorClientId: spent.subjectId, ip });
}

export async function changeClientPassword(
  { deps, caller: client, ip }: CustomerContext,
  body: { password: string; currentPassword: string },
) {
  await assertCurrentPassword(deps, client.clientId, body.currentPassword);
  const passwordHash = await hashPassword(body.password);
  await deps.db.update(clients).set({ passwordHash }).where(eq(clients.id, client.clientId));
  // Other devices signed in with the old password are signed out; this one stays.
  await revokeOtherSessions(deps, 'client', client.clientId, client.sessionId);
  await audit(deps.db, { action: 'client.password_changed', actorClientId: client.clientId, ip });
}

async function assertEmailFree(deps: AppDeps, email: string, clientId: number) {
  const [taken] = await deps.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(sql`lower(${clients.emailAddress})`, email.toLowerCase()), ne(clients.id, clientId)));
  if (taken) throw errors.conflict('email_already_used', ERROR_MESSAGES.email_already_used);
}

/**
 * A new address is only used once the customer proves it is theirs (202 + mail to the new
 * address). A change of letter case only is the same mailbox: applied at once (204).
 */
export async function openClientEmailChange(
  { deps, caller: client, ip }: CustomerContext,
  body: { emailAddress: string; redirectUrl?: string; currentPassword: string },
): Promise<'changed' | 'verification_sent'> {
  await assertCurrentPassword(deps, client.clientId, body.currentPassword);
  const [current] = await deps.db.select().from(clients).where(eq(clients.id, client.clientId));
  if (!current) throw errors.unauthenticated();
  if (current.emailAddress === body.emailAddress) {
    throw new AppError('same_email', 400, ERROR_MESSAGES.same_email);
  }
  await assertEmailFree(deps, body.emailAddress, client.clientId);
  if (current.emailAddress.toLowerCase() === body.emailAddress.toLowerCase()) {
    await deps.db.update(clients).set({ emailAddress: body.emailAddress }).where(eq(clients.id, client.clientId));
    return 'changed';
  }
  await assertMailQuota(deps, 'email_change', body.emailAddress);
  await deps.db.transaction(async (tx) => {
    const token = await createAccountToken(tx, {
      purpose: 'email_change',
      subjectKind: 'client',
      subjectId: client.clientId,
      payload: {
        emailAddress: body.emailAddress,
        redirectUrl: safeRedirect(deps.config.PUBLIC_URL, body.redirectUrl) ?? '',
        // The session that asked stays open when the change is applied; every other one ends.
        sessionId: client.sessionId ?? '',
      },
    });
    await deps.mailer.send(
      { to: body.emailAddress, ...authMails.clientEmailChange(deps.config.PUBLIC_URL, current.firstName, token) },
      { db: tx },
    );
  });
  await audit(deps.db, { action: 'client.email_change_requested', actorClientId: client.clientId, ip });
  return 'verification_sent';
}
