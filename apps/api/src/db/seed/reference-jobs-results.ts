import {
  JOB_OFFER_DOMAINS,
  JOB_OFFER_TYPES,
  MONTHLY_RESULT_BRANDS,
  MONTHLY_RESULT_EQUIPMENTS,
  MONTHLY_RESULT_OTHER_BRANDS,
} from '@reseau/contracts/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { jobOfferDomains, jobOfferTypes, monthlyResultBrands, monthlyResultEquipments } from '../schema/index.js';

/** Job-offer types and domains, monthly-result equipments and brands (spec 02 §3), in the contracts' order. */
export async function seedJobsResultsReference(db: DbOrTx) {
  const coded = (rows: readonly { code: string; name: string }[]) =>
    rows.map(({ code, name }, sortOrder) => ({ code, name, sortOrder }));
  await db
    .insert(jobOfferTypes)
    .values(coded(JOB_OFFER_TYPES))
    .onConflictDoUpdate({ target: jobOfferTypes.code, set: { name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` } });
  await db
    .insert(jobOfferDomains)
    .values(coded(JOB_OFFER_DOMAINS))
    .onConflictDoUpdate({ target: jobOfferDomains.code, set: { name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` } });
  await db
    .insert(monthlyResultEquipments)
    .values(MONTHLY_RESULT_EQUIPMENTS.map((e, sortOrder) => ({ ...e, sortOrder })))
    .onConflictDoUpdate({
      target: monthlyResultEquipments.id,
      set: {
        name: sql`excluded.name`,
        hasSales: sql`excluded.has_sales`,
        hasContracts: sql`excluded.has_contracts`,
        hasCommissionings: sql`excluded.has_commissionings`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
  await db
    .insert(monthlyResultBrands)
    .values(
      MONTHLY_RESULT_BRANDS.map(({ id, name }, i) => ({
        id,
        name,
        // "Autres marques" last, whatever its place in the list.
        sortOrder: name === MONTHLY_RESULT_OTHER_BRANDS ? 10_000 : i,
      })),
    )
    .onConflictDoUpdate({
      target: monthlyResultBrands.id,
      set: { name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` },
    });
}
