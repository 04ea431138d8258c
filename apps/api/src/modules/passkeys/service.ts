import {
  NOT_FOUND_SUBJECTS,
  PASSKEY_MESSAGES,
  PASSKEYS_PER_ACCOUNT,
  type PasskeyItem,
  type PasskeyOptions,
  type PasskeyRegistered,
  type passkeyRegistrationBody,
  type passkeySignInBody,
} from '@reseau/contracts';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { admins, clients, passkeys, type SubjectKind } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { AppError, errors } from '../../lib/errors.js';
import type { PublicContext, RequestContext } from '../../lib/request-context.js';
import type { SessionDevice } from '../auth/device.js';
import { issueSession } from '../auth/sessions.js';
import { findSessionSubject } from '../auth/subjects.js';
import { hasTotp } from '../second-factor/factors.js';
import { dropRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes } from '../second-factor/recovery-codes.js';
import { keepChallenge, spendChallenge } from './challenges.js';
import { relyingParty } from './relying-party.js';

const notVerified = () => new AppError('passkey_rejected', 400, PASSKEY_MESSAGES.notVerified);
const signInRefused = () => new AppError('passkey_rejected', 401, PASSKEY_MESSAGES.unknownPasskey);

/**
 * The account a signed-in caller manages the passkeys of: their own, never the one they act as
 * (a network admin impersonating a user must not add a way into that user's account).
 */
function ownerOf(caller: Principal): { kind: SubjectKind; id: number } {
  if (caller.kind === 'client') return { kind: 'client', id: caller.clientId };
  if (caller.impersonatedBy !== null) throw new AppError('forbidden', 403, PASSKEY_MESSAGES.notWhileImpersonating);
  return { kind: 'admin', id: caller.adminId };
}

const ofOwner = (owner: { kind: SubjectKind; id: number }) =>
  and(eq(passkeys.subjectKind, owner.kind), eq(passkeys.subjectId, owner.id));

async function accountOf(deps: AppDeps, owner: { kind: SubjectKind; id: number }) {
  const table = owner.kind === 'admin' ? admins : clients;
  const [row] = await deps.db
    .select({ email: table.emailAddress, firstName: table.firstName, lastName: table.lastName })
    .from(table)
    .where(eq(table.id, owner.id));
  if (!row) throw errors.unauthenticated();
  return row;
}

/** The user handle the authenticator keeps: the account's kind and id, nothing personal. */
const userHandle = (owner: { kind: SubjectKind; id: number }) => new TextEncoder().encode(`${owner.kind}:${owner.id}`);

const toItem = (p: typeof passkeys.$inferSelect): PasskeyItem => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys({ db, caller }: RequestContext): Promise<PasskeyItem[]> {
  const owner = ownerOf(caller);
  const rows = await db.select().from(passkeys).where(ofOwner(owner)).orderBy(asc(passkeys.id));
  return rows.map(toItem);
}

/** Options for `navigator.credentials.create`: a discoverable passkey that verifies its user. */
export async function registrationOptions({ db, deps, caller }: RequestContext): Promise<PasskeyOptions> {
  const owner = ownerOf(caller);
  const [account, existing] = await Promise.all([
    accountOf(deps, owner),
    db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(ofOwner(owner)),
  ]);
  if (existing.length >= PASSKEYS_PER_ACCOUNT) throw errors.conflict('conflict', PASSKEY_MESSAGES.tooMany);
  const { rpID, rpName } = relyingParty(deps.config);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: account.email,
    userDisplayName: `${account.firstName} ${account.lastName}`,
    userID: userHandle(owner),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await keepChallenge(db, options.challenge, 'registration', owner);
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/** Stores the passkey the authenticator made, once its answer verifies against our challenge. */
export async function registerPasskey(
  { db, deps, caller, ip }: RequestContext,
  body: z.infer<typeof passkeyRegistrationBody>,
): Promise<PasskeyRegistered> {
  const owner = ownerOf(caller);
  const challenge = await spendChallenge(db, body.challengeId, 'registration', owner);
  const { rpID, origin } = relyingParty(deps.config);
  const verification = await verifyRegistrationResponse({
    response: body.response as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw notVerified();
  const { credential } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    // Counted under the account row's lock: two registrations at once are counted one after the
    // other (a lock on the passkeys rows would not see the other's new row).
    const account = owner.kind === 'admin' ? admins : clients;
    await tx.select({ id: account.id }).from(account).where(eq(account.id, owner.id)).for('update');
    const mine = await tx.$count(passkeys, ofOwner(owner));
    if (mine >= PASSKEYS_PER_ACCOUNT) throw errors.conflict('conflict', PASSKEY_MESSAGES.tooMany);
    const [row] = await tx
      .insert(passkeys)
      .values({
        subjectKind: owner.kind,
        subjectId: owner.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: body.name,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw errors.conflict('conflict', PASSKEY_MESSAGES.alreadyRegistered);
    const actor = owner.kind === 'admin' ? { actorAdminId: owner.id } : { actorClientId: owner.id };
    await audit(tx, { action: 'auth.passkey_added', ...actor, entity: 'passkey', entityId: row.id, ip });
    // The account's first second factor: its recovery codes come with it, shown once (issue 27 §1).
    if (await hasTotp(tx, owner)) return toItem(row);
    if ((await recoveryCodesLeft(tx, owner)) > 0) return toItem(row);
    const recoveryCodes = await replaceRecoveryCodes(tx, owner);
    await audit(tx, { action: 'auth.recovery_codes_generated', ...actor, ip });
    return { ...toItem(row), recoveryCodes };
  });
}

export async function removePasskey({ db, caller, ip }: RequestContext, id: number) {
  const owner = ownerOf(caller);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), ofOwner(owner)))
      .returning({ id: passkeys.id });
    if (deleted.length === 0) throw errors.notFound(NOT_FOUND_SUBJECTS.passkey);
    // The account's last factor gone: its recovery codes would guard nothing; new ones come with the next.
    if (!(await hasPasskey(tx, owner)) && !(await hasTotp(tx, owner))) await dropRecoveryCodes(tx, owner);
    await audit(tx, {
      action: 'auth.passkey_removed',
      ...(owner.kind === 'admin' ? { actorAdminId: owner.id } : { actorClientId: owner.id }),
      entity: 'passkey',
      entityId: id,
      ip,
    });
  });
}

/**
 * Options for `navigator.credentials.get` with no account named: the browser offers the passkeys
 * it holds for this site, and the one chosen says whose it is.
 */
export async function signInOptions({ db, deps }: PublicContext, kind: SubjectKind): Promise<PasskeyOptions> {
  const { rpID } = relyingParty(deps.config);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
  const challengeId = await keepChallenge(db, options.challenge, 'sign_in', { kind, id: null });
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * Checks a passkey's answer to a sign-in challenge of this area: the challenge is spent first (one
 * answer per challenge), the passkey must be of this area's accounts and verify, and its counter
 * must grow when it counts (a cloned authenticator replays an old one). Answers whose it is; the
 * counter and the last use are written. Refused (401) otherwise.
 */
export async function verifyPasskeyAnswer(
  { db, deps }: Pick<PublicContext, 'db' | 'deps'>,
  kind: SubjectKind,
  body: z.infer<typeof passkeySignInBody>,
): Promise<{ subjectId: number }> {
  const challenge = await spendChallenge(db, body.challengeId, 'sign_in', { kind, id: null });
  const [passkey] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, body.response.id), eq(passkeys.subjectKind, kind)));
  if (!passkey) throw signInRefused();
  const { rpID, origin } = relyingParty(deps.config);
  const verification = await verifyAuthenticationResponse({
    response: body.response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: passkey.transports,
    },
  }).catch(() => ({ verified: false as const, authenticationInfo: null }));
  if (!verification.verified || !verification.authenticationInfo) throw signInRefused();
  const { newCounter } = verification.authenticationInfo;
  // Authenticators that keep no counter answer 0 each time; one that keeps it must move forward.
  const [used] = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(passkeys.id, passkey.id),
        or(sql`${passkeys.counter} < ${newCounter}`, and(eq(passkeys.counter, 0), sql`${newCounter} = 0`)),
      ),
    )
    .returning({ id: passkeys.id });
  if (!used) throw signInRefused();
  return { subjectId: passkey.subjectId };
}

/** Removes every passkey of an account (a lost phone's second factor reset): answers how many went. */
export async function removePasskeysOf(tx: DbOrTx, account: { kind: SubjectKind; id: number }) {
  return (await tx.delete(passkeys).where(ofOwner(account)).returning({ id: passkeys.id })).length;
}

/** Whether the account has a passkey: then it may answer a sign-in's second step with it. */
export async function hasPasskey(db: DbOrTx, account: { kind: SubjectKind; id: number }) {
  return (await db.$count(passkeys, ofOwner(account))) > 0;
}

/** A sign-in with a passkey alone: the passkey says whose account it is, and the account must still be allowed in. */
export async function signInWithPasskey(
  ctx: PublicContext,
  kind: SubjectKind,
  body: z.infer<typeof passkeySignInBody>,
  device: SessionDevice,
) {
  const { db, deps, ip } = ctx;
  const { subjectId } = await verifyPasskeyAnswer(ctx, kind, body);
  const subject = await findSessionSubject(db, kind, subjectId);
  if (!subject) throw signInRefused();
  await audit(db, {
    action: kind === 'admin' ? 'auth.admin_sign_in' : 'auth.client_sign_in',
    ...(kind === 'admin' ? { actorAdminId: subjectId } : { actorClientId: subjectId }),
    details: { method: 'passkey' },
    ip,
  });
  // User-verified passkey: two factors (the device and its PIN or biometrics).
  return issueSession(deps, subject, device, { secondFactor: true });
}
