import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { agencies } from './agencies.js';
import { regions } from './network.js';

/** Reference lists of job offers (spec 02 §3 "Job offer type and domain: name, code"); seeded by reference.ts. */
export const jobOfferTypes = pgTable('job_offer_types', {
  code: text().primaryKey(),
  name: text().notNull(),
  sortOrder: integer().notNull().default(0),
});
export const jobOfferDomains = pgTable('job_offer_domains', {
  code: text().primaryKey(),
  name: text().notNull(),
  sortOrder: integer().notNull().default(0),
});

/**
 * A job offer of an agency, or of the network when `agencyId` is null (spec 02 §3). Templates
 * (network roles only) are never active nor mailed. `mailedAt` is set once, by a conditional
 * update (`where mailed_at is null`), the first time the offer is active: whoever wins that update
 * mails the recipients, so they hear of an offer once however often it is switched or saved.
 */
export const jobOffers = pgTable(
  'job_offers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    /** Sanitized HTML. */
    description: text().notNull(),
    jobOfferTypeCode: text()
      .notNull()
      .references(() => jobOfferTypes.code),
    jobOfferDomainCode: text()
      .notNull()
      .references(() => jobOfferDomains.code),
    geographicSector: text().notNull().default(''),
    isTemplate: boolean().notNull().default(false),
    isActive: boolean().notNull().default(false),
    publicationDate: date({ mode: 'string' }),
    expirationDate: date({ mode: 'string' }),
    agencyId: integer().references(() => agencies.id, { onDelete: 'cascade' }),
    regionId: integer().references(() => regions.id),
    /** [{ emailAddress }], as the spec's `contacts`. */
    contacts: jsonb().$type<{ emailAddress: string }[]>().notNull().default([]),
    mailedAt: timestamp({ withTimezone: true }),
    authorId: integer().references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('job_offers_template_inactive_check', sql`not (${t.isTemplate} and ${t.isActive})`),
    index('job_offers_agency_idx').on(t.agencyId),
    index('job_offers_template_idx').on(t.isTemplate),
  ],
);

/** Equipment lines of the monthly form and the sections each belongs to (spec 02 §3). */
export const monthlyResultEquipments = pgTable('monthly_result_equipments', {
  id: integer().primaryKey(),
  name: text().notNull(),
  hasSales: boolean().notNull(),
  hasContracts: boolean().notNull(),
  hasCommissionings: boolean().notNull(),
  sortOrder: integer().notNull().default(0),
});
/** Brands of the monthly form; "Autres marques" sorts last (spec 02 §3). */
export const monthlyResultBrands = pgTable('monthly_result_brands', {
  id: integer().primaryKey(),
  name: text().notNull(),
  sortOrder: integer().notNull().default(0),
});

/** One agency's figures for one month: the unique key refuses a second entry, even two at once. */
export const monthlyResults = pgTable(
  'monthly_results',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    month: integer().notNull(),
    authorId: integer().references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('monthly_results_agency_month_uq').on(t.agencyId, t.year, t.month),
    index('monthly_results_month_idx').on(t.year, t.month),
    check('monthly_results_month_check', sql`${t.month} between 1 and 12`),
  ],
);

/**
 * One figure of a result: a section (brandsValues, equipmentSales, equipmentContracts,
 * equipmentCommissionings), the brand or equipment id, the count. One row per line of the form
 * (missing ones saved as 0), so the network's totals and ranks are one window query.
 */
export const monthlyResultValues = pgTable(
  'monthly_result_values',
  {
    monthlyResultId: integer()
      .notNull()
      .references(() => monthlyResults.id, { onDelete: 'cascade' }),
    section: text().notNull(),
    itemId: integer().notNull(),
    value: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.monthlyResultId, t.section, t.itemId] }),
    check('monthly_result_values_value_check', sql`${t.value} >= 0`),
    check(
      'monthly_result_values_section_check',
      sql`${t.section} in ('brandsValues', 'equipmentSales', 'equipmentContracts', 'equipmentCommissionings')`,
    ),
  ],
);
