import type { LoginBody } from '@reseau/contracts';
import { verifyPassword } from '../../auth/passwords.js';
import { audit } from '../../kernel/audit.js';
import { errors } from '../../lib/errors.js';
import type { PublicContext } from '../../lib/request-context.js';
import { sessionOrSecondStep } from '../second-factor/sign-in.js';
import type { SessionDevice } from './device.js';
import { signInFailure } from './sign-in-failure.js';
import { adminClaims, clientClaims, findAdminByEmail, findClientByEmail } from './subjects.js';
import { beginSignIn } from './throttles.js';

/**
 * The password is the first step: an account with a second factor gets the second step instead of
 * tokens (modules/second-factor/sign-in.ts). Same answer for an unknown email, a wrong password and a disabled account; repeated failures
 * lock the address for a growing time (429), known or not.
 */
export async function signInAdmin(ctx: PublicContext, body: LoginBody, device: SessionDevice) {
  const { deps, ip } = ctx;
  const attempt = await beginSignIn(deps, 'admin', body.emailAddress);
  const admin = await findAdminByEmail(deps.db, body.emailAddress);
  const ok = await verifyPassword(admin?.passwordHash ?? null, body.password);
  if (!admin || !ok || !admin.isActive) {
    await attempt.failed();
    await audit(deps.db, signInFailure('auth.admin_sign_in_failed', body, { actorAdminId: admin?.id ?? null }, ip));
    throw errors.invalidCredentials();
  }
  await attempt.succeeded();
  await audit(deps.db, { action: 'auth.admin_sign_in', actorAdminId: admin.id, ip });
  return sessionOrSecondStep(ctx, { kind: 'admin', claims: adminClaims(admin), staff: admin }, device);
}

/** A customer signs in once their email is verified (first connection done). */
export async function signInClient(ctx: PublicContext, body: LoginBody, device: SessionDevice) {
  const { deps, ip } = ctx;
  const attempt = await beginSignIn(deps, 'client', body.emailAddress);
  const client = await findClientByEmail(deps.db, body.emailAddress);
  const ok = await verifyPassword(client?.passwordHash ?? null, body.password);
  if (!client || !ok || !client.isActive || !client.emailVerifiedAt) {
    await attempt.failed();
    await audit(deps.db, signInFailure('auth.client_sign_in_failed', body, { actorClientId: client?.id ?? null }, ip));
    throw errors.invalidCredentials();
  }
  await attempt.succeeded();
  await audit(deps.db, { action: 'auth.client_sign_in', actorClientId: client.id, ip });
  return sessionOrSecondStep(ctx, { kind: 'client', claims: clientClaims(client), staff: null }, device);
}
