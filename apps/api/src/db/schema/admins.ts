import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adherents, regions, roles } from './network.js';

/**
 * Everyone who signs in through /auth/admin: network admins (no adherent), adherent admins
 * and adherent users (both attached to an adherent). The role's adminTypeId tells them apart.
 */
export const admins = pgTable(
  'admins',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    emailAddress: text().notNull(),
    passwordHash: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    position: text(),
    phone: text(),
    roleId: integer()
      .notNull()
      .references(() => roles.id),
    regionId: integer().references(() => regions.id),
    adherentId: integer().references(() => adherents.id),
    /** Adherent admins are shown in the member directory; adherent users are not. */
    isAdherentAdmin: boolean().notNull().default(false),
    avatarFileId: integer(),
    isHidden: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    doNotShowOnMap: boolean().notNull().default(true),
    cooperativeRoles: jsonb().$type<string[]>().notNull().default([]),
    sortOrder: integer().notNull().default(0),
    /**
     * Set by POST /adherent-users/{id}:archive: the account can no longer sign in and leaves every
     * list, but its row stays for the history (audit, authored content). Its address stays taken.
     */
    archivedAt: timestamp({ withTimezone: true }),
    /**
     * Set by POST /adherent-users/{id}:anonymize on an archived account (RGPD issue 28 §2): name
     * « Ancien utilisateur », placeholder address, no phone nor photo. What it wrote keeps it as author.
     */
    anonymizedAt: timestamp({ withTimezone: true }),
    /**
     * This account must sign in with a second factor even when its role does not require one
     * (SECOND_FACTOR_REQUIRED_ROLES): set by the journey's fixture, for a stricter account.
     */
    secondFactorRequired: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admins_email_unique').on(sql`lower(${t.emailAddress})`),
    index('admins_adherent_idx').on(t.adherentId),
    // Only one adherent admin per adherent is shown on the map (issue 8): the database decides
    // between two concurrent saves.
    uniqueIndex('admins_one_on_map_per_adherent').on(t.adherentId).where(sql`${t.isAdherentAdmin} and not ${t.doNotShowOnMap}`),
  ],
);
