import type { DbOrTx } from '../client.js';
import { admins, secondFactors } from '../schema/index.js';

/**
 * The demo account that shows the second factor (issue 27 §1): a network administrator (role 2)
 * with an authenticator already on. Its secret is in the README, to be typed into an app (or
 * `npx otplib`-like tool) on the presenter's phone. Off the directory, like the journeys' copies.
 */
export const DEMO_TOTP_ACCOUNT = {
  email: 'totp@demo.fr',
  roleId: 2,
  /** Base32, 20 bytes: SHA-1, 6 digits, 30 seconds (the README's demo table). */
  secret: 'KRUGK4TNNFHE6ZLSM5SVI33UOBCGK3LP',
} as const;

export async function seedSecondFactorDemo(tx: DbOrTx, passwordHash: string, createdAt: Date) {
  const [account] = await tx
    .insert(admins)
    .values({
      emailAddress: DEMO_TOTP_ACCOUNT.email,
      passwordHash,
      firstName: 'Sandrine',
      lastName: 'Pasquier',
      position: 'Administratrice réseau (double authentification)',
      phone: '06 72 18 40 93',
      roleId: DEMO_TOTP_ACCOUNT.roleId,
      regionId: 2,
      isHidden: true,
      createdAt,
    })
    .returning({ id: admins.id });
  await tx.insert(secondFactors).values({
    subjectKind: 'admin',
    subjectId: account!.id,
    totpSecret: DEMO_TOTP_ACCOUNT.secret,
    totpEnabledAt: createdAt,
  });
}
