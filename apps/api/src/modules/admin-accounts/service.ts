import { NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { hashPassword } from '../../auth/passwords.js';
import { admins, roles } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { errors } from '../../lib/errors.js';
import type { PublicContext } from '../../lib/request-context.js';
import { consumeAccountToken, createAccountToken } from '../auth/account-tokens.js';
import { authMails } from '../auth/mails.js';
import { mailQueued } from '../auth/queued-mail.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { findAdminByEmail } from '../auth/subjects.js';
import { assertMailQuota, mailQuotaAllows } from '../auth/throttles.js';
import { assertMaySendConnectionLink, linkableAdherentAccounts } from './policy.js';

/**
 * `reset`: anyone may ask; the answer never tells whether the address is known.
 * `init`: the "send connection link" action of the user tables, for a caller allowed to manage
 * that account; an unknown address is then a plain 404.
 */
export async function openAdminPasswordReset({ db, deps, caller, ip }: PublicContext, email: string, context: 'reset' | 'init') {
  if (context === 'reset') {
    // Answered before anything is looked up, so known and unknown addresses take the same time;
    // the request is written first, so a crash after the answer still sends the mail.
    await deps.jobs.enqueue(ADMIN_PASSWORD_RESET_JOB, { email });
    return;
  }

  if (!caller) throw errors.unauthenticated();
  if (caller.kind !== 'admin') throw errors.forbidden();
  const admin = await findAdminByEmail(db, email);
  if (!admin) throw errors.notFound(NOT_FOUND_SUBJECTS.user);
  const [target] = await db
    .select({
      id: admins.id,
      roleId: admins.roleId,
      archivedAt: admins.archivedAt,
      adminTypeId: roles.adminTypeId,
      adherentWritable: sql<boolean>`coalesce(${linkableAdherentAccounts(caller)}, false)`,
    })
    .from(admins)
    .innerJoin(roles, eq(roles.id, admins.roleId))
    .where(eq(admins.id, admin.id));
  if (!target) throw errors.forbidden();
  assertMaySendConnectionLink(caller, target);
  await assertMailQuota(deps, 'password', admin.emailAddress);
  // The link and its mail commit together: no live link without its mail, no mail of a lost link.
  await db.transaction(async (tx) => {
    const token = await createAccountToken(tx, { purpose: 'connection_link', subjectKind: 'admin', subjectId: admin.id });
    await deps.mailer.send(
      { to: admin.emailAddress, ...authMails.adminConnectionLink(deps.config.PUBLIC_URL, admin.firstName, token) },
      { db: tx },
    );
  });
  await audit(db, {
    action: 'admin.connection_link_sent',
    actorAdminId: caller.impersonatedBy ?? caller.adminId,
    impersonatedAdminId: caller.impersonatedBy ? caller.adminId : null,
    entity: 'admin',
    entityId: admin.id,
    ip,
  });
}

export const ADMIN_PASSWORD_RESET_JOB = 'admin_password_reset';

/** The job of a forgotten-password request; its mail's key is the job's, so a replayed job sends nothing twice. */
export async function sendAdminPasswordReset(deps: AppDeps, email: string, log: FastifyBaseLogger, jobKey: string) {
  const admin = await findAdminByEmail(deps.db, email);
  if (!admin?.isActive || (await mailQueued(deps.db, jobKey))) return;
  if (!(await mailQuotaAllows(deps, 'password', admin.emailAddress, log))) return;
  await deps.db.transaction(async (tx) => {
    const token = await createAccountToken(tx, { purpose: 'password_reset', subjectKind: 'admin', subjectId: admin.id });
    await deps.mailer.send(
      { to: admin.emailAddress, ...authMails.adminPasswordReset(deps.config.PUBLIC_URL, admin.firstName, token) },
      { db: tx, key: jobKey },
    );
  });
}

/** Sets the password from a reset or connection link; every open session of the account ends. */
export async function closeAdminPasswordReset({ deps, ip }: PublicContext, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const spent = await consumeAccountToken(deps.db, token, 'admin', ['password_reset', 'connection_link']);
  await deps.db.update(admins).set({ passwordHash }).where(eq(admins.id, spent.subjectId));
  await revokeAllSessions(deps, 'admin', spent.subjectId);
  await audit(deps.db, { action: 'admin.password_set', actorAdminId: spent.subjectId, details: { via: spent.purpose }, ip });
}
