import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { agencies } from './agencies.js';

/** Reference list of energy types (spec 02 §3 "Energy type: code"); seeded by reference.ts. */
export const sparePartEnergyTypes = pgTable('spare_part_energy_types', {
  code: text().primaryKey(),
  name: text().notNull(),
});

/**
 * A request (DEMANDE) or an offer (OFFRE) of an agency (spec 02 §3). `expiryDate` is set at the
 * write from the publication date and the type; `isExpired` is set by the expiry job, whose
 * conditional update (`where not is_expired`) makes its notification go out once whatever the
 * number of instances. Reads say expired as soon as the date is past, job or not.
 */
export const sparePartAnnouncements = pgTable(
  'spare_part_announcements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    typeCode: text().notNull(),
    energyTypeCode: text()
      .notNull()
      .references(() => sparePartEnergyTypes.code),
    title: text().notNull(),
    description: text().notNull(),
    contact: text().notNull(),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => admins.id, { onDelete: 'set null' }),
    publicationDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiryDate: timestamp({ withTimezone: true }).notNull(),
    isExpired: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('spare_part_announcements_type_check', sql`${t.typeCode} in ('DEMANDE', 'OFFRE')`),
    check('spare_part_announcements_description_check', sql`char_length(${t.description}) <= 130`),
    index('spare_part_announcements_newest_idx').on(t.publicationDate.desc(), t.id.desc()),
    index('spare_part_announcements_author_idx').on(t.authorId),
    // The expiry job reads only the open ones past their date.
    index('spare_part_announcements_open_expiry_idx').on(t.expiryDate).where(sql`not ${t.isExpired}`),
  ],
);

/**
 * One answer ("J'en ai" / "Je veux") of one user to one announcement: the unique pair decides
 * between two clicks at once (spec 02 §8 "Vous avez déjà répondu à cette annonce").
 */
export const sparePartAnnouncementResponses = pgTable(
  'spare_part_announcement_responses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sparePartAnnouncementId: integer()
      .notNull()
      .references(() => sparePartAnnouncements.id, { onDelete: 'cascade' }),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('spare_part_announcement_responses_one_per_admin_uq').on(t.sparePartAnnouncementId, t.adminId),
    index('spare_part_announcement_responses_admin_idx').on(t.adminId),
  ],
);

/**
 * The announcements a user has read (spec 00 §4: "marked read, unread or over"): one row per user
 * and announcement, the pair unique so that two marks at once make one row; unread is no row.
 */
export const sparePartAnnouncementReads = pgTable(
  'spare_part_announcement_reads',
  {
    sparePartAnnouncementId: integer()
      .notNull()
      .references(() => sparePartAnnouncements.id, { onDelete: 'cascade' }),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('spare_part_announcement_reads_uq').on(t.sparePartAnnouncementId, t.adminId)],
);
