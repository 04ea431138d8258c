import {
  MONTHLY_RESULT_MESSAGES,
  type MonthlyResult,
  type MonthlyResultListQuery,
  type MonthlyResultValues,
} from '@reseau/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { agencyScope } from '../../auth/agency-scope.js';
import { assertOwnAgency } from '../../auth/guards.js';
import { monthlyResults, monthlyResultValues } from '../../db/schema/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { AppError, errors } from '../../lib/errors.js';
import { frenchToday } from '../../lib/french.js';
import type { StaffContext } from '../../lib/request-context.js';
import { completeValues, monthlyResultLines, type ValueRow } from './values.js';

const r = monthlyResults;
const v = monthlyResultValues;

/** A month is entered once it has begun (France's calendar): the current month or an earlier one. */
export function assertNotFuture(year: number, month: number, now = new Date()) {
  const [y, m] = frenchToday(now).split('-').map(Number) as [number, number];
  if (year * 12 + month > y * 12 + m) throw errors.validation({ month: [MONTHLY_RESULT_MESSAGES.future] });
}

/** GET /monthly-results: one of the caller's agencies, optionally of a year and a month. */
export async function listMonthlyResults(
  { db, caller: admin }: StaffContext,
  query: MonthlyResultListQuery,
): Promise<MonthlyResult[]> {
  assertOwnAgency(admin, query.agencyId);
  const results = await db
    .select({ id: r.id, agencyId: r.agencyId, year: r.year, month: r.month })
    .from(r)
    .where(
      and(
        eq(r.agencyId, query.agencyId),
        query.year === undefined ? undefined : eq(r.year, query.year),
        query.month === undefined ? undefined : eq(r.month, query.month),
      ),
    )
    .orderBy(asc(r.year), asc(r.month));
  if (results.length === 0) return [];
  const values = await db
    .select({ monthlyResultId: v.monthlyResultId, section: v.section, itemId: v.itemId, value: v.value })
    .from(v)
    .where(
      inArray(
        v.monthlyResultId,
        results.map((x) => x.id),
      ),
    )
    .orderBy(asc(v.itemId));
  return results.map((result) => {
    const of = (section: string) => values.filter((x) => x.monthlyResultId === result.id && x.section === section);
    const equipment = (section: string) => of(section).map((x) => ({ equipmentId: x.itemId, value: x.value }));
    return {
      ...result,
      brandsValues: of('brandsValues').map((x) => ({ brandId: x.itemId, value: x.value })),
      equipmentSales: equipment('equipmentSales'),
      equipmentContracts: equipment('equipmentContracts'),
      equipmentCommissionings: equipment('equipmentCommissionings'),
    };
  });
}

const valueRows = (monthlyResultId: number, rows: ValueRow[]) => rows.map((row) => ({ monthlyResultId, ...row }));

/**
 * POST /monthly-results: the month of one of the caller's agencies, every line saved (0 when left
 * out). The unique key (agency, year, month) decides between two entries, even at the same instant.
 */
export async function createMonthlyResult({ db, caller: admin, ip }: StaffContext, body: MonthlyResultValues) {
  assertOwnAgency(admin, body.agencyId);
  assertNotFuture(body.year, body.month);
  const rows = completeValues(await monthlyResultLines(db), body);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(r)
      .values({ agencyId: body.agencyId, year: body.year, month: body.month, authorId: admin.adminId })
      .onConflictDoNothing({ target: [r.agencyId, r.year, r.month] })
      .returning({ id: r.id });
    if (!created) throw new AppError('monthly_result_exists', 409, MONTHLY_RESULT_MESSAGES.exists);
    await tx.insert(v).values(valueRows(created.id, rows));
    await audit(tx, {
      action: 'monthly_result.created',
      ...auditActor(admin),
      entity: 'monthly_result',
      entityId: created.id,
      ip,
    });
    return { id: created.id };
  });
}

/** PUT /monthly-results/{id}: new figures for a result of the caller's agencies; its agency and month stay. */
export async function updateMonthlyResult({ db, caller: admin, ip }: StaffContext, id: number, body: MonthlyResultValues) {
  const rows = completeValues(await monthlyResultLines(db), body);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(r)
      .set({ updatedAt: new Date() })
      .where(and(eq(r.id, id), agencyScope(admin, r.agencyId)))
      .returning({ id: r.id });
    if (!updated) return false;
    await tx.delete(v).where(eq(v.monthlyResultId, id));
    await tx.insert(v).values(valueRows(id, rows));
    await audit(tx, { action: 'monthly_result.updated', ...auditActor(admin), entity: 'monthly_result', entityId: id, ip });
    return true;
  });
}
