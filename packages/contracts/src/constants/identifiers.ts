/**
 * French identifiers that go public (agency pages, the directory, spare-part announcements): phone
 * numbers, postal codes, SIREN and SIRET. The rules are here, without zod; the fields built on them
 * are in `schemas/identifiers.ts`, used by the API routes and the forms alike.
 */
import { normalizeFrenchPhone } from './extranet.js';

export const IDENTIFIER_MESSAGES = {
  phone: 'Veuillez saisir un numéro de téléphone français valide (10 chiffres commençant par 0, ou +33)',
  postalCode: 'Veuillez saisir un code postal de 5 chiffres',
  siren: 'Veuillez saisir un numéro SIREN valide (9 chiffres)',
  siret: 'Veuillez saisir un numéro SIRET valide (14 chiffres)',
} as const;

/** Any French number (0 then 1 to 9): "0612345678", "06.12.34.56.78", "+33 6 12 34 56 78". */
export const ANY_FRENCH_PHONE_PREFIX = '123456789';

/** The number as stored and shown ("06 12 34 56 78"), or null when it is not a French number. */
export function normalizeAnyFrenchPhone(value: string): string | null {
  return normalizeFrenchPhone(value, ANY_FRENCH_PHONE_PREFIX);
}

export function isFrenchPostalCode(value: string): boolean {
  return /^\d{5}$/.test(value);
}

/** The Luhn check of a string of digits (SIREN, SIRET). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Spaces (and dots) people type between the groups are dropped: "552 100 554" is stored "552100554". */
export function compactDigits(value: string): string {
  return value.replace(/[\s.]/g, '');
}

export function isSiren(value: string): boolean {
  return /^\d{9}$/.test(value) && passesLuhn(value);
}

/** La Poste's establishments (SIREN 356000000) may fail Luhn: their digit sum is a multiple of 5 instead. */
const LA_POSTE_SIREN = '356000000';

export function isSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (passesLuhn(value)) return true;
  return value.startsWith(LA_POSTE_SIREN) && [...value].reduce((s, d) => s + Number(d), 0) % 5 === 0;
}
