import { z } from 'zod';
import {
  compactDigits,
  IDENTIFIER_MESSAGES,
  isFrenchPostalCode,
  isSiren,
  isSiret,
  normalizeAnyFrenchPhone,
} from '../constants/identifiers.js';
import { MESSAGES } from '../constants/messages.js';

/** Room for a number typed with separators ("+33 (0)6 12 34 56 78" is 20 characters). */
const PHONE_TYPED_MAX = 30;

/**
 * A French phone number, required: 10 digits starting with 0 (spaces, dots or dashes between them)
 * or the +33 form; stored as "06 12 34 56 78", whatever the writer typed.
 */
export const frenchPhone = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(PHONE_TYPED_MAX, MESSAGES.tooLong)
  .transform((v, ctx) => {
    const normalized = normalizeAnyFrenchPhone(v);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: IDENTIFIER_MESSAGES.phone });
      return z.NEVER;
    }
    return normalized;
  });

/** The same as a form holds it: '' is no number (null once read). */
export const frenchPhoneOrEmpty = z
  .string({ error: IDENTIFIER_MESSAGES.phone })
  .trim()
  .max(PHONE_TYPED_MAX, MESSAGES.tooLong)
  .transform((v, ctx) => {
    if (v === '') return null;
    const normalized = normalizeAnyFrenchPhone(v);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: IDENTIFIER_MESSAGES.phone });
      return z.NEVER;
    }
    return normalized;
  });

/** An optional number in a body: absent, null or '' is no number. */
export const optionalFrenchPhone = frenchPhoneOrEmpty.nullish();

/** A French postal code, required: 5 digits. */
export const frenchPostalCode = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .refine((v) => v === '' || isFrenchPostalCode(v), IDENTIFIER_MESSAGES.postalCode);

const digitsOrEmpty = (valid: (digits: string) => boolean, message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      if (v === '') return null;
      const digits = compactDigits(v);
      if (!valid(digits)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return digits;
    });

/** A SIREN as a form holds it: '' or 9 digits with a valid Luhn key; typed spaces are dropped. */
export const sirenOrEmpty = digitsOrEmpty(isSiren, IDENTIFIER_MESSAGES.siren);
export const optionalSiren = sirenOrEmpty.nullish();

/** A SIRET as a form holds it: '' or 14 digits with a valid Luhn key (La Poste's own rule for its establishments). */
export const siretOrEmpty = digitsOrEmpty(isSiret, IDENTIFIER_MESSAGES.siret);
export const optionalSiret = siretOrEmpty.nullish();
