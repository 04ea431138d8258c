import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';

// Reference lists of the prestation catalogue (spec 01 §3); written by seed/reference.ts.
export const prestationTypes = pgTable('prestation_types', { id: integer().primaryKey(), code: text().notNull() });
export const prestationColors = pgTable('prestation_colors', { id: integer().primaryKey(), code: text().notNull() });
export const equipmentTypes = pgTable('equipment_types', { id: integer().primaryKey(), name: text().notNull() });
export const brands = pgTable('brands', { id: integer().primaryKey(), name: text().notNull() });

export type StoredGoodReasonsBlock = {
  intro: string;
  illustrationFileId: number | null;
  goodReasons: { reason: string }[];
};

/** Columns both kinds of prestation share; `details` and `argumentation` hold sanitized HTML. */
const prestationColumns = () => ({
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  equipmentTypeId: integer()
    .notNull()
    .references(() => equipmentTypes.id),
  prestationTypeId: integer()
    .notNull()
    .references(() => prestationTypes.id),
  prestationColorId: integer()
    .notNull()
    .references(() => prestationColors.id),
  title: text().notNull(),
  subtitle: text().notNull(),
  details: text().notNull(),
  argumentation: text().notNull(),
  isActive: boolean().notNull().default(true),
  goodReasonsBlock: jsonb().$type<StoredGoodReasonsBlock>(),
  /** The images of the two texts and the illustration, for FILE_HOLDERS (readers see them). */
  files: jsonb().$type<{ fileId: number }[]>().notNull().default([]),
  sortOrder: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The network's offer, shown to every agency (spec 01 §4); ordered within its equipment type. */
export const networkPrestations = pgTable(
  'network_prestations',
  { ...prestationColumns(), isMandatory: boolean().notNull().default(false) },
  (t) => [index('network_prestations_equipment_idx').on(t.equipmentTypeId, t.sortOrder)],
);

/** An agency's own prestation, with its price in cents. */
export const agencyPrestations = pgTable(
  'agency_prestations',
  {
    ...prestationColumns(),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    priceCents: integer().notNull(),
  },
  (t) => [index('agency_prestations_agency_idx').on(t.agencyId, t.equipmentTypeId, t.sortOrder)],
);

/**
 * An agency's price and switch for a network prestation, created on the first price entry or
 * toggle (spec 01 §4). One per pair: the unique key makes two first entries race-safe.
 */
export const agencyNetworkPrestations = pgTable(
  'agency_network_prestations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    networkPrestationId: integer()
      .notNull()
      .references(() => networkPrestations.id, { onDelete: 'cascade' }),
    priceCents: integer(),
    isActive: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agency_network_prestations_pair_uq').on(t.agencyId, t.networkPrestationId)],
);

/**
 * Texts of an equipment type for one prestation type (spec 01 §3): the network's (agencyId null)
 * or an agency's. One per (agency, equipment type, prestation type), nulls not distinct.
 */
export const equipmentTypeDetails = pgTable(
  'equipment_type_details',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer().references(() => agencies.id, { onDelete: 'cascade' }),
    equipmentTypeId: integer()
      .notNull()
      .references(() => equipmentTypes.id),
    prestationTypeId: integer()
      .notNull()
      .references(() => prestationTypes.id),
    title: text().notNull(),
    prestationsTitle: text().notNull(),
    arguments: jsonb().$type<{ argument: string }[]>().notNull().default([]),
  },
  (t) => [unique('equipment_type_details_uq').on(t.agencyId, t.equipmentTypeId, t.prestationTypeId).nullsNotDistinct()],
);
