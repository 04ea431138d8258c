import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SubjectKind } from './auth.js';

/**
 * An account's authenticator app (issue 27 §1), staff or customer: one row per account once it
 * started an enrolment. `pendingTotpSecret` is the secret shown by the last setup, moved to
 * `totpSecret` when a code of it is confirmed. The secret is stored as the app has it (no
 * encryption key in the configuration: docs/security.md says so). `lastTotpStep` is the
 * time step of the last code accepted: a code is spent by `UPDATE … WHERE last_totp_step < step`,
 * so the same code cannot open two sessions, however close the two requests.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subjectKind: text().$type<SubjectKind>().notNull(),
    subjectId: integer().notNull(),
    totpSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    pendingTotpSecret: text(),
    lastTotpStep: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('second_factors_subject_unique').on(t.subjectKind, t.subjectId)],
);

/** Single-use recovery codes, stored hashed (with the account: a hash opens only its own account). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subjectKind: text().$type<SubjectKind>().notNull(),
    subjectId: integer().notNull(),
    codeHash: text().notNull().unique(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_subject_idx').on(t.subjectKind, t.subjectId)],
);

/** `sign_in`: the code is asked; `setup`: the account must first enrol an authenticator. */
export type SecondFactorChallengePurpose = 'sign_in' | 'setup';

/**
 * The second step of one sign-in: given after the password, stored hashed, bound to the account
 * and its area (`subjectKind`), short-lived and spent once by a conditional UPDATE.
 */
export const secondFactorChallenges = pgTable('second_factor_challenges', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text().notNull().unique(),
  purpose: text().$type<SecondFactorChallengePurpose>().notNull(),
  subjectKind: text().$type<SubjectKind>().notNull(),
  subjectId: integer().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
