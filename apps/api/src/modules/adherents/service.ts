import {
  ADHERENT_MESSAGES,
  type Adherent,
  type AdherentBody,
  type AdherentListQuery,
  type AdherentPage,
  type AgencyAdherent,
  type AgencyAdherentListQuery,
  NOT_FOUND_SUBJECTS,
  type Region,
} from '@reseau/contracts';
import { and, asc, desc, eq, exists, ilike, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { adherents, agencies, regions } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { errors } from '../../lib/errors.js';
import { likePattern } from '../../lib/like-pattern.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import type { StaffContext } from '../../lib/request-context.js';
import { adherentScope } from './policy.js';

/** Alphabetical whatever the case (the database's collation may be byte order). */
const byName = sql`lower(${adherents.name})`;

const columns = {
  id: adherents.id,
  name: adherents.name,
  regionId: adherents.regionId,
  isActive: adherents.isActive,
  regionName: regions.name,
};
type Row = { id: number; name: string; regionId: number; isActive: boolean; regionName: string };
const present = ({ regionName, ...row }: Row): Adherent => ({ ...row, region: { id: row.regionId, name: regionName } });

/** The administration list: name contains the search (case-insensitive), region, alphabetical, a page at a time. */
export async function listAdherents({ db, caller }: StaffContext, query: AdherentListQuery): Promise<AdherentPage> {
  const where: SQL | undefined = and(
    adherentScope(caller, adherents.id),
    query.search ? ilike(adherents.name, likePattern(query.search)) : undefined,
    query.regionId === undefined ? undefined : eq(adherents.regionId, query.regionId),
  );
  const rows = await db
    .select(columns)
    .from(adherents)
    .innerJoin(regions, eq(regions.id, adherents.regionId))
    .where(where)
    .orderBy(byName, asc(adherents.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const total = await db.$count(adherents, where);
  return { adherents: rows.map(present), pageCount: pageCount(total, query) };
}

/** One adherent the caller may see; another adherent's id is a 404, never its data. */
export async function getAdherent({ db, caller }: StaffContext, id: number): Promise<Adherent> {
  const [row] = await db
    .select(columns)
    .from(adherents)
    .innerJoin(regions, eq(regions.id, adherents.regionId))
    .where(and(eq(adherents.id, id), adherentScope(caller, adherents.id)));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.adherent);
  return present(row);
}

async function assertRegion(db: DbOrTx, regionId: number) {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId));
  if (!row) throw errors.validation({ regionId: [ADHERENT_MESSAGES.unknownRegion] });
}

/** Who wrote, for the audit log: the real caller, and the impersonated user when there is one. */
export const actor = (caller: AdminPrincipal) => ({
  actorAdminId: caller.impersonatedBy ?? caller.adminId,
  impersonatedAdminId: caller.impersonatedBy ? caller.adminId : null,
});

export async function createAdherent(ctx: StaffContext, body: AdherentBody): Promise<Adherent> {
  const { db, caller, ip } = ctx;
  await assertRegion(db, body.regionId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(adherents).values(body).returning({ id: adherents.id });
    await audit(tx, { action: 'adherent.created', ...actor(caller), entity: 'adherent', entityId: row!.id, ip });
    return row!.id;
  });
  return getAdherent(ctx, id);
}

export async function updateAdherent(ctx: StaffContext, id: number, body: AdherentBody) {
  const { db, caller, ip } = ctx;
  await assertRegion(db, body.regionId);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(adherents)
      .set(body)
      .where(and(eq(adherents.id, id), adherentScope(caller, adherents.id)))
      .returning({ id: adherents.id });
    if (changed.length === 0) throw errors.notFound(NOT_FOUND_SUBJECTS.adherent);
    await audit(tx, { action: 'adherent.updated', ...actor(caller), entity: 'adherent', entityId: id, ip });
  });
  return getAdherent(ctx, id);
}

export async function listRegions(db: DbOrTx): Promise<Region[]> {
  return db.select({ id: regions.id, name: regions.name }).from(regions).orderBy(asc(regions.name));
}

/** Every adherent the caller may see with its agencies, alphabetical: two queries. */
export async function listAgencyAdherents(
  { db, caller }: StaffContext,
  query: AgencyAdherentListQuery = { orderByAsc: true },
): Promise<AgencyAdherent[]> {
  const order = query.orderByAsc ? asc : desc;
  const withActiveAgency = exists(
    db
      .select({ one: sql`1` })
      .from(agencies)
      .where(and(eq(agencies.adherentId, adherents.id), eq(agencies.isActive, true))),
  );
  const rows = await db
    .select({ id: adherents.id, name: adherents.name, regionId: adherents.regionId })
    .from(adherents)
    .where(
      and(
        adherentScope(caller, adherents.id),
        query.regionId === undefined ? undefined : eq(adherents.regionId, query.regionId),
        query.search ? ilike(adherents.name, likePattern(query.search)) : undefined,
        query.hasActiveAgency === undefined ? undefined : query.hasActiveAgency ? withActiveAgency : not(withActiveAgency),
      ),
    )
    .orderBy(order(byName), order(adherents.id));
  if (rows.length === 0) return [];
  const agencyRows = await db
    .select({ id: agencies.id, name: agencies.name, isActive: agencies.isActive, adherentId: agencies.adherentId })
    .from(agencies)
    .where(
      inArray(
        agencies.adherentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(agencies.name), asc(agencies.id));
  const byAdherent = new Map<number, AgencyAdherent['agencies']>();
  for (const { adherentId, ...agency } of agencyRows) byAdherent.set(adherentId, [...(byAdherent.get(adherentId) ?? []), agency]);
  return rows.map((r) => ({ ...r, agencies: byAdherent.get(r.id) ?? [] }));
}
