import {
  MONTHLY_RESULT_MESSAGES,
  MONTHLY_RESULT_MIN_OTHER_ADHERENTS,
  MONTHLY_RESULT_SECTIONS,
  type MonthlyResultNetworkFigures,
  type MonthlyResultNetworkFiguresQuery,
} from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { assertOwnAgency } from '../../auth/guards.js';
import { agencies, monthlyResults, monthlyResultValues } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { monthlyResultLines, sectionLines } from './values.js';

const r = monthlyResults;
const v = monthlyResultValues;
const byLine = sql`partition by ${v.section}, ${v.itemId}`;

/**
 * GET /monthly-results:network-figures: per line, the agency's value and, over the agencies that
 * entered the month, the total, the average and the agency's rank. Refused until the agency has
 * entered the month itself (spec 02 §8). No other agency's value leaves the server, and totals
 * are withheld while fewer than MONTHLY_RESULT_MIN_OTHER_ADHERENTS adherents other than the
 * agency's own entered: a director sees all of his adherent's agencies, so counting agencies
 * would let him subtract his own from the total and read the one agency left.
 */
export async function networkFigures(
  { db, caller: admin }: StaffContext,
  query: MonthlyResultNetworkFiguresQuery,
): Promise<MonthlyResultNetworkFigures> {
  assertOwnAgency(admin, query.agencyId);
  const ofMonth = and(eq(r.year, query.year), eq(r.month, query.month));
  const [own] = await db
    .select({ adherentId: agencies.adherentId })
    .from(r)
    .innerJoin(agencies, eq(agencies.id, r.agencyId))
    .where(and(ofMonth, eq(r.agencyId, query.agencyId)));
  if (!own) throw new AppError('monthly_result_missing', 409, MONTHLY_RESULT_MESSAGES.missing);
  const [counts] = await db
    .select({
      agencyCount: sql<number>`count(*)::int`,
      otherAdherents: sql<number>`(count(distinct ${agencies.adherentId}) filter (where ${agencies.adherentId} <> ${own.adherentId}))::int`,
    })
    .from(r)
    .innerJoin(agencies, eq(agencies.id, r.agencyId))
    .where(ofMonth);
  const agencyCount = Number(counts?.agencyCount ?? 0);
  const ranked = db
    .select({
      agencyId: r.agencyId,
      section: v.section,
      itemId: v.itemId,
      value: v.value,
      rank: sql<number>`rank() over (${byLine} order by ${v.value} desc)::int`.as('rank'),
      total: sql<number>`sum(${v.value}) over (${byLine})::int`.as('total'),
      entered: sql<number>`count(*) over (${byLine})::int`.as('entered'),
    })
    .from(v)
    .innerJoin(r, eq(r.id, v.monthlyResultId))
    .where(ofMonth)
    .as('ranked');
  const mine = await db.select().from(ranked).where(eq(ranked.agencyId, query.agencyId));
  const isWithheld = Number(counts?.otherAdherents ?? 0) < MONTHLY_RESULT_MIN_OTHER_ADHERENTS;
  const lines = await monthlyResultLines(db);
  const sections = Object.fromEntries(
    MONTHLY_RESULT_SECTIONS.map((section) => [
      section,
      sectionLines(lines, section).map(({ id, name }) => {
        const row = mine.find((m) => m.section === section && m.itemId === id);
        const shown = row && !isWithheld;
        return {
          id,
          name,
          agencyValue: row?.value ?? 0,
          total: shown ? Number(row.total) : null,
          average: shown ? Math.round((Number(row.total) / Number(row.entered)) * 10) / 10 : null,
          rank: shown ? Number(row.rank) : null,
        };
      }),
    ]),
  ) as Pick<MonthlyResultNetworkFigures, (typeof MONTHLY_RESULT_SECTIONS)[number]>;
  return { agencyId: query.agencyId, year: query.year, month: query.month, agencyCount, isWithheld, ...sections };
}
