import {
  BRANDS,
  DOCUMENT_BASES,
  EQUIPMENT_TYPES,
  EXTRANET_CONTACT_SUBJECTS,
  FORUM_THEMES,
  FORUMS,
  NETWORK_ACTUALITY_CATEGORIES,
  PRESTATION_COLORS,
  PRESTATION_TYPES,
  ROLES,
  SPARE_PART_ENERGY_TYPES,
} from '@reseau/contracts/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import {
  brands,
  documentBases,
  equipmentTypes,
  extranetAgencyContactSubjects,
  forums,
  forumThemes,
  networkActualityCategories,
  prestationColors,
  prestationTypes,
  regions,
  rolePermissions,
  roles,
  sparePartEnergyTypes,
} from '../schema/index.js';
import { seedJobsResultsReference } from './reference-jobs-results.js';

export const REGIONS = [
  { id: 1, name: 'Nord' },
  { id: 2, name: 'Centre' },
  { id: 3, name: 'Ouest' },
  { id: 4, name: 'Sud-Ouest' },
  { id: 5, name: 'Sud-Est' },
];

/**
 * Reference data every database needs (regions, roles and their permissions, extranet contact subjects, news categories, document bases), written at each
 * start so that a change of the permission table in contracts reaches existing databases.
 */
export async function seedReference(db: DbOrTx) {
  await db
    .insert(regions)
    .values(REGIONS)
    .onConflictDoUpdate({ target: regions.id, set: { name: sql`excluded.name` } });
  await db
    .insert(roles)
    .values(ROLES.map(({ id, name, adminTypeId }) => ({ id, name, adminTypeId })))
    .onConflictDoUpdate({ target: roles.id, set: { name: sql`excluded.name`, adminTypeId: sql`excluded.admin_type_id` } });
  await db
    .insert(extranetAgencyContactSubjects)
    .values(EXTRANET_CONTACT_SUBJECTS.map(({ id, name }) => ({ id, name })))
    .onConflictDoUpdate({ target: extranetAgencyContactSubjects.id, set: { name: sql`excluded.name` } });
  await db
    .insert(networkActualityCategories)
    .values(NETWORK_ACTUALITY_CATEGORIES.map(({ id, code }) => ({ id, code })))
    .onConflictDoUpdate({ target: networkActualityCategories.id, set: { code: sql`excluded.code` } });
  await db
    .insert(documentBases)
    .values(DOCUMENT_BASES.map(({ id, name, regionId }) => ({ id, name, regionId })))
    .onConflictDoUpdate({ target: documentBases.id, set: { name: sql`excluded.name`, regionId: sql`excluded.region_id` } });
  await seedPrestationReference(db);
  await db
    .insert(sparePartEnergyTypes)
    .values(SPARE_PART_ENERGY_TYPES.map(({ code, name }) => ({ code, name })))
    .onConflictDoUpdate({ target: sparePartEnergyTypes.code, set: { name: sql`excluded.name` } });
  await db
    .insert(forums)
    .values(FORUMS.map(({ id, title }) => ({ id, title })))
    .onConflictDoUpdate({ target: forums.id, set: { title: sql`excluded.title` } });
  await db
    .insert(forumThemes)
    .values(FORUM_THEMES.map(({ id, forumId, name }) => ({ id, forumId, name })))
    .onConflictDoUpdate({ target: forumThemes.id, set: { name: sql`excluded.name` } });
  await seedJobsResultsReference(db);
  await db.delete(rolePermissions);
  await db.insert(rolePermissions).values(ROLES.flatMap((r) => r.permissions.map((code) => ({ roleId: r.id, code }))));
}

/** The prestation catalogue's lookups (spec 01 §3): types, colours, equipment types, brands. */
async function seedPrestationReference(db: DbOrTx) {
  const codes = (rows: readonly { id: number; code: string }[]) => rows.map(({ id, code }) => ({ id, code }));
  const names = (rows: readonly { id: number; name: string }[]) => rows.map(({ id, name }) => ({ id, name }));
  await db
    .insert(prestationTypes)
    .values(codes(PRESTATION_TYPES))
    .onConflictDoUpdate({ target: prestationTypes.id, set: { code: sql`excluded.code` } });
  await db
    .insert(prestationColors)
    .values(codes(PRESTATION_COLORS))
    .onConflictDoUpdate({ target: prestationColors.id, set: { code: sql`excluded.code` } });
  await db
    .insert(equipmentTypes)
    .values(names(EQUIPMENT_TYPES))
    .onConflictDoUpdate({ target: equipmentTypes.id, set: { name: sql`excluded.name` } });
  await db
    .insert(brands)
    .values(names(BRANDS))
    .onConflictDoUpdate({ target: brands.id, set: { name: sql`excluded.name` } });
}
