import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** The instant a Paris calendar day starts (`yyyy-MM-dd`): the agencies count their days in France. */
const parisDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Paris')`;

/** `[startDateIncluded, endDateExcluded)` on an instant column; each bound optional. */
export function periodCondition(column: AnyColumn | SQL, startDateIncluded?: string, endDateExcluded?: string): SQL[] {
  const conditions: SQL[] = [];
  if (startDateIncluded) conditions.push(sql`${column} >= ${parisDayStart(startDateIncluded)}`);
  if (endDateExcluded) conditions.push(sql`${column} < ${parisDayStart(endDateExcluded)}`);
  return conditions;
}

/** `yyyymm` of an instant, in Paris time. */
export const parisYearMonth = (column: AnyColumn | SQL) =>
  sql<number>`cast(to_char(${column} at time zone 'Europe/Paris', 'YYYYMM') as integer)`;
