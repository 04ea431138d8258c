import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type SubjectKind = 'admin' | 'client';

/**
 * A sign-in: the family of its rotated refresh tokens. Access tokens carry its id (`sid`), and
 * every request checks it is still open, so a revoked session stops working at once. Its end
 * is absolute (counted from the sign-in, not from the last refresh). What its owner recognises it
 * by on "Mes connexions" (device, address, last use) is kept beside it (issue 27 §3).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    subjectKind: text().$type<SubjectKind>().notNull(),
    subjectId: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** When the sign-in's second factor was checked; null: a password alone opened it (impersonation needs it). */
    secondFactorAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The sign-in's User-Agent header, trimmed (null for sessions older than issue 27). */
    userAgent: text(),
    /** "Chrome sur Windows": also what a known device is (modules/auth/device.ts). */
    deviceLabel: text(),
    /** The client address at sign-in (`request.ip`: the socket's unless TRUST_PROXY names the proxies). */
    ipAddress: text(),
    /** Set at sign-in and at each refresh, never by ordinary requests (no write per request). */
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 of the new-device mail's "end this session" link token; the link lives as long as the session. */
    endLinkHash: text().unique(),
  },
  (t) => [index('sessions_subject_idx').on(t.subjectKind, t.subjectId)],
);

/** Opaque refresh tokens, stored hashed, rotated at each use; a reuse revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull().unique(),
    familyId: uuid().notNull(),
    subjectKind: text().$type<SubjectKind>().notNull(),
    subjectId: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

export type AccountTokenPurpose =
  | 'password_reset'
  | 'connection_link'
  | 'email_verification'
  | 'email_change'
  | 'contract_email_change';

/** Single-use tokens carried by mail links (reset, connection link, verification, email change). */
export const accountTokens = pgTable('account_tokens', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text().notNull().unique(),
  purpose: text().$type<AccountTokenPurpose>().notNull(),
  subjectKind: text().$type<SubjectKind>().notNull(),
  subjectId: integer().notNull(),
  /** Purpose data: the pending password hash, the new email address, the redirect URL. */
  payload: jsonb().$type<Record<string, string>>().notNull().default({}),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
