import {
  AUDIT_LOG_CSV_MAX_ROWS,
  type AuditActorKind,
  type AuditLogEntry,
  type AuditLogFilters,
  type AuditLogList,
  type AuditLogQuery,
  auditActionLabel,
} from '@reseau/contracts';
import { and, asc, desc, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { adminAgencies, admins, auditLog, clients } from '../../db/schema/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import type { StaffContext } from '../../lib/request-context.js';
import { visibleAuditEntries, visibleAuditPeople } from './policy.js';
import { auditSummary } from './summary.js';

const actor = alias(admins, 'audit_actor');
const actedAs = alias(admins, 'audit_acted_as');

/** The instant a Paris calendar day starts: people read the log by their own days. */
const parisDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Paris')`;
const parisDayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Europe/Paris')`;

/** The acting account of an entry: the one acted as when someone impersonated it. */
const actingAdmin = sql`coalesce(${auditLog.impersonatedAdminId}, ${auditLog.actorAdminId})`;

/** The filters as one condition, inside what the caller may read. */
function whereOf(caller: StaffContext['caller'], q: AuditLogFilters): SQL | undefined {
  return and(
    visibleAuditEntries(caller),
    // A person: what they did, and what was done as them.
    q.personId === undefined
      ? undefined
      : or(eq(auditLog.actorAdminId, q.personId), eq(auditLog.impersonatedAdminId, q.personId)),
    q.action === undefined ? undefined : eq(auditLog.action, q.action),
    // An agency: entries about it, and entries of the accounts that work for it.
    q.agencyId === undefined
      ? undefined
      : or(
          eq(auditLog.agencyId, q.agencyId),
          exists(
            sql`(select 1 from ${adminAgencies} where ${adminAgencies.adminId} = ${actingAdmin} and ${adminAgencies.agencyId} = ${q.agencyId})`,
          ),
        ),
    q.dateFrom === undefined ? undefined : sql`${auditLog.at} >= ${parisDayStart(q.dateFrom)}`,
    q.dateTo === undefined ? undefined : sql`${auditLog.at} < ${parisDayEnd(q.dateTo)}`,
  );
}

const fullName = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

/** The entries matching, newest first, with the names of who acted and as whom. */
function selectEntries({ db, caller }: StaffContext, q: AuditLogFilters) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorAdminId: auditLog.actorAdminId,
      actorClientId: auditLog.actorClientId,
      actorFirst: sql<string | null>`coalesce(${actor.firstName}, ${clients.firstName})`,
      actorLast: sql<string | null>`coalesce(${actor.lastName}, ${clients.lastName})`,
      actedAsId: actedAs.id,
      actedAsFirst: actedAs.firstName,
      actedAsLast: actedAs.lastName,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      ip: auditLog.ip,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorAdminId))
    .leftJoin(actedAs, eq(actedAs.id, auditLog.impersonatedAdminId))
    .leftJoin(clients, eq(clients.id, auditLog.actorClientId))
    .where(whereOf(caller, q))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .$dynamic();
}

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

function entryOf(row: EntryRow): AuditLogEntry {
  const kind: AuditActorKind = row.actorAdminId !== null ? 'admin' : row.actorClientId !== null ? 'client' : 'none';
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    actor: { id: row.actorAdminId ?? row.actorClientId, name: fullName(row.actorFirst, row.actorLast), kind },
    impersonatedAdmin:
      row.actedAsId === null ? null : { id: row.actedAsId, name: fullName(row.actedAsFirst, row.actedAsLast) ?? '' },
    entity: row.entity,
    entityId: row.entityId,
    ipAddress: row.ip,
    summary: auditSummary(row.action, row.details),
  };
}

/** GET /audit-log: a page of the entries the caller may read, newest first. */
export async function listAuditLog(ctx: StaffContext, q: AuditLogQuery): Promise<AuditLogList> {
  const rows = await selectEntries(ctx, q).limit(q.pageSize).offset(pageOffset(q));
  const total = await ctx.db.$count(auditLog, whereOf(ctx.caller, q));
  return { auditLogEntries: rows.map(entryOf), pageCount: pageCount(total, q) };
}

/**
 * The newest `AUDIT_LOG_CSV_MAX_ROWS` entries of the filters, for the CSV export; the export is
 * itself an entry (who took a copy of the log, with which filters).
 */
export async function exportAuditLog(ctx: StaffContext, q: AuditLogFilters): Promise<AuditLogEntry[]> {
  const rows = await selectEntries(ctx, q).limit(AUDIT_LOG_CSV_MAX_ROWS);
  await audit(ctx.db, {
    action: 'audit_log.exported',
    ...auditActor(ctx.caller),
    details: { count: rows.length, filters: q },
    ip: ctx.ip,
  });
  return rows.map(entryOf);
}

/** The accounts the person filter offers, by name. */
export async function listAuditPeople({ db, caller }: StaffContext) {
  const rows = await db
    .select({ id: admins.id, firstName: admins.firstName, lastName: admins.lastName })
    .from(admins)
    .where(visibleAuditPeople(caller))
    .orderBy(asc(admins.lastName), asc(admins.firstName), asc(admins.id));
  return { people: rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}` })) };
}
