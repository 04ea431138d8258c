import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { adherents } from './network.js';

export type PhoneEntry = { phone: string; label: string };
export type EmailEntry = { emailAddress: string; label: string };
export type SocialLinkEntry = { socialLinkLabelId: number; link: string };

/** An agency with every field of spec 00 §3 and spec 01 §3. */
export const agencies = pgTable(
  'agencies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adherentId: integer()
      .notNull()
      .references(() => adherents.id),
    /** The adherent admin who runs the agency. */
    adminId: integer().references(() => admins.id, { onDelete: 'set null' }),
    name: text().notNull(),
    description: text(),
    descriptionIntervention: text(),
    illustrationFileId: integer(),
    logoFileId: integer(),
    externalLink: jsonb().$type<{ label: string; url: string } | null>(),
    googleMyBusinessId: text(),
    googleMyBusinessUrl: text(),
    /** PayPlug secret key: write-only from the API's point of view, never sent back. */
    payPlugSecretKey: text(),
    isFreeInvoicePaymentEnabled: boolean().notNull().default(false),
    extranetAdvertisementFileId: integer(),
    jobType: text(),
    salesFigures: integer(),
    activities: jsonb().$type<string[]>().notNull().default([]),
    employeeAmount: integer(),
    enteredNetworkAt: integer(),
    isActive: boolean().notNull().default(true),
    hideFromDirectory: boolean().notNull().default(false),
    hideFromMap: boolean().notNull().default(false),
    // Contact and legal information (my agency)
    address1: text(),
    address2: text(),
    postalCode: text(),
    city: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    openingHours: text(),
    phones: jsonb().$type<PhoneEntry[]>().notNull().default([]),
    emails: jsonb().$type<EmailEntry[]>().notNull().default([]),
    socialLinks: jsonb().$type<SocialLinkEntry[]>().notNull().default([]),
    sirenNumber: text(),
    legalOfficer: text(),
    businessName: text(),
    generalTermsFileId: integer(),
    // Public agency page
    pageTitle: text(),
    pageDescription: text(),
    /** The images the page description shows, so that its readers may open them (FILE_HOLDERS). */
    pageDescriptionImages: jsonb().$type<{ fileId: number }[]>().notNull().default([]),
    pageIllustrationFileId: integer(),
    pageLogosFiles: jsonb().$type<{ fileId: number }[]>().notNull().default([]),
    publicAdvertisementFileId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agencies_adherent_idx').on(t.adherentId)],
);

/** Postal codes an agency serves (import and export by file). */
export const agencyPostalCodes = pgTable(
  'agency_postal_codes',
  {
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    postalCode: text().notNull(),
  },
  (t) => [index('agency_postal_codes_agency_idx').on(t.agencyId, t.postalCode)],
);

/** The agencies an adherent user works for (their header selector). */
export const adminAgencies = pgTable(
  'admin_agencies',
  {
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.agencyId] }), index('admin_agencies_agency_idx').on(t.agencyId)],
);
