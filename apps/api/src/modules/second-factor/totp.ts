import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@reseau/contracts';
import { generateSecret, generateURI, verify } from 'otplib';

/** A new authenticator secret: 20 random bytes (160 bits, RFC 4226's advice), base32 as apps read it. */
export const newTotpSecret = () => generateSecret({ length: 20 });

/** The `otpauth://totp/…` address the QR code carries: SHA-1, 6 digits, 30 s (what every app reads). */
export const totpUri = (secret: string, accountName: string) =>
  generateURI({ issuer: TOTP_ISSUER, label: accountName, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });

/**
 * The time step a code belongs to, or null: the current step and one on each side (a phone's
 * clock a little off, a code typed as it changed), steps up to `afterStep` excluded (already used).
 * otplib compares the codes in constant time.
 */
export async function matchedStep(secret: string, code: string, afterStep: number): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    afterTimeStep: afterStep > 0 ? afterStep : undefined,
  }).catch(() => ({ valid: false as const }));
  // The functional API types HOTP and TOTP results alike; a TOTP match carries its step.
  return result.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
}
