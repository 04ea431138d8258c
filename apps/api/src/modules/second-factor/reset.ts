import { NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { admins } from '../../db/schema/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { removePasskeysOf } from '../passkeys/service.js';
import { removeSecondFactor } from './factors.js';
import { secondFactorMails } from './mails.js';
import { assertMayResetSecondFactors, resettableSecondFactors } from './policy.js';

/**
 * POST /admins/{id}/second-factor:reset: a lost phone. The app, the recovery codes and the
 * passkeys go (a passkey may live on that phone, and would otherwise still be asked for); the
 * user is mailed in the same transaction (outbox) and signs in with the password alone again, or
 * is taken to enrol anew when their role requires a factor. Audited with the target's id.
 */
export async function resetSecondFactor({ db, deps, caller, ip }: StaffContext, adminId: number) {
  assertMayResetSecondFactors(caller);
  const [target] = await db
    .select({ id: admins.id, emailAddress: admins.emailAddress, firstName: admins.firstName })
    .from(admins)
    .where(and(eq(admins.id, adminId), resettableSecondFactors(caller)));
  if (!target) throw errors.notFound(NOT_FOUND_SUBJECTS.user);
  await db.transaction(async (tx) => {
    const account = { kind: 'admin' as const, id: target.id };
    const appRemoved = await removeSecondFactor(tx, account);
    const passkeysRemoved = await removePasskeysOf(tx, account);
    const removed = appRemoved || passkeysRemoved > 0;
    await audit(tx, {
      action: 'auth.second_factor_reset',
      ...auditActor(caller),
      entity: 'admin',
      entityId: target.id,
      details: { hadSecondFactor: removed, passkeysRemoved },
      ip,
    });
    if (removed) {
      await deps.mailer.send(
        { to: target.emailAddress, ...secondFactorMails.reset(deps.config.PUBLIC_URL, target.firstName) },
        { db: tx },
      );
    }
  });
}
