import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from './principal.js';

/** The part of the caller that decides which agencies' rows a staff user may see. */
export type AgencyScopeCaller = Pick<AdminPrincipal, 'agencyIds' | 'adherentId'>;

/** How the scope's values enter the SQL: as literals (one query) or as placeholders (a prepared statement). */
interface ScopeValues {
  agencies: (column: AnyColumn, ids: readonly number[]) => SQL;
  adherent: (column: AnyColumn, id: number) => SQL;
}

const literals: ScopeValues = {
  agencies: (column, ids) => inArray(column, [...ids]),
  adherent: (column, id) => eq(column, id),
};

const placeholders: ScopeValues = {
  agencies: (column) => sql`${column} = any(${sql.placeholder('agencyIds')}::integer[])`,
  adherent: (column) => eq(column, sql.placeholder('adherentId')),
};

/**
 * The shapes the scope takes: every row (`all`), none (`none`), the caller's agencies (`listed`),
 * and those of their adherent too (`listed-adherent`). A prepared statement is made once per shape.
 */
export type AgencyScopeShape = 'all' | 'none' | 'listed' | 'listed-adherent';

/** The rule itself, written once: agencyScope and agencyScopeTemplate only choose how its values enter the SQL. */
function scopeRule(
  caller: AgencyScopeCaller,
  agencyColumn: AnyColumn,
  adherentColumn: AnyColumn | undefined,
  values: ScopeValues,
): { shape: AgencyScopeShape; condition: SQL | undefined } {
  if (caller.agencyIds === null) return { shape: 'all', condition: undefined };
  if (caller.agencyIds.length === 0) return { shape: 'none', condition: sql`false` };
  const ofAgencies = values.agencies(agencyColumn, caller.agencyIds);
  if (adherentColumn === undefined) return { shape: 'listed', condition: ofAgencies };
  if (caller.adherentId === null) return { shape: 'none', condition: sql`false` };
  return { shape: 'listed-adherent', condition: and(ofAgencies, values.adherent(adherentColumn, caller.adherentId)) };
}

/**
 * "Rows this staff user may see" as a condition on the table's agency column (spec 00 §6):
 * network roles (`agencyIds === null`) are not restricted (`undefined`, which `and()` drops);
 * adherent-level staff see only their agencies, and with no agency at all they see nothing —
 * an empty list fails closed, never "everything". With `adherentColumn`, rows of another
 * adherent are excluded too (a staff user without an adherent then sees nothing).
 */
export function agencyScope(caller: AgencyScopeCaller, agencyColumn: AnyColumn, adherentColumn?: AnyColumn): SQL | undefined {
  return scopeRule(caller, agencyColumn, adherentColumn, literals).condition;
}

/** `agencyScope` for a prepared statement: `shape` names its SQL, `values` fill its placeholders. */
export interface AgencyScopeTemplate {
  shape: AgencyScopeShape;
  condition: SQL | undefined;
  values: { agencyIds?: number[]; adherentId?: number };
}

/** The same rule as `agencyScope`, with the caller's ids as the placeholders `agencyIds` and `adherentId`. */
export function agencyScopeTemplate(
  caller: AgencyScopeCaller,
  agencyColumn: AnyColumn,
  adherentColumn?: AnyColumn,
): AgencyScopeTemplate {
  const { shape, condition } = scopeRule(caller, agencyColumn, adherentColumn, placeholders);
  const values: AgencyScopeTemplate['values'] = {};
  if (shape === 'listed' || shape === 'listed-adherent') values.agencyIds = [...(caller.agencyIds ?? [])];
  if (shape === 'listed-adherent' && caller.adherentId !== null) values.adherentId = caller.adherentId;
  return { shape, condition, values };
}

/** The same rule for one known agency id, in memory (a write's `agencyId`, a fetched row). */
export function mayActForAgency(caller: Pick<AdminPrincipal, 'agencyIds'>, agencyId: number): boolean {
  return caller.agencyIds === null || caller.agencyIds.includes(agencyId);
}
