import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SubjectKind } from './auth.js';

/**
 * A passkey (WebAuthn credential) of a staff member or a customer (issue 27): it signs in alone,
 * and counts as a second factor (the authenticator verified its user: PIN or biometrics).
 * `credentialId` is the authenticator's id (base64url), unique in the whole platform: a sign-in
 * finds the account from it. `counter` detects a cloned authenticator (it must grow, when used).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subjectKind: text().$type<SubjectKind>().notNull(),
    subjectId: integer().notNull(),
    credentialId: text().notNull(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: integer().notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    /** Given by its owner ("Téléphone", "Clé USB du bureau"). */
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_uq').on(t.credentialId), index('passkeys_subject_idx').on(t.subjectKind, t.subjectId)],
);

/**
 * A WebAuthn challenge handed out and not yet answered: single use (deleted by the answer that
 * spends it, so two answers racing get one success) and short-lived. A registration's is bound
 * to the account it was asked for; a sign-in's to its area only (the passkey names the account).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid().primaryKey(),
    challenge: text().notNull(),
    purpose: text().$type<'registration' | 'sign_in'>().notNull(),
    subjectKind: text().$type<SubjectKind>().notNull(),
    /** Null for a sign-in: nobody is known until the passkey answers. */
    subjectId: integer(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expiry_idx').on(t.expiresAt)],
);
