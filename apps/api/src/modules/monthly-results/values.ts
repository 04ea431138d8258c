import {
  MONTHLY_RESULT_MESSAGES,
  MONTHLY_RESULT_SECTION_FLAG,
  type MonthlyResultBrand,
  type MonthlyResultEquipment,
  type MonthlyResultSection,
  type MonthlyResultValues,
} from '@reseau/contracts';
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { monthlyResultBrands, monthlyResultEquipments } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

export interface MonthlyResultLines {
  brands: MonthlyResultBrand[];
  equipments: MonthlyResultEquipment[];
}

/** The form's lines: brands ("Autres marques" last) and equipments, in the reference order. */
export async function monthlyResultLines(db: DbOrTx): Promise<MonthlyResultLines> {
  const brands = await db
    .select({ id: monthlyResultBrands.id, name: monthlyResultBrands.name })
    .from(monthlyResultBrands)
    .orderBy(asc(monthlyResultBrands.sortOrder), asc(monthlyResultBrands.id));
  const equipments = await db
    .select({
      id: monthlyResultEquipments.id,
      name: monthlyResultEquipments.name,
      hasSales: monthlyResultEquipments.hasSales,
      hasContracts: monthlyResultEquipments.hasContracts,
      hasCommissionings: monthlyResultEquipments.hasCommissionings,
    })
    .from(monthlyResultEquipments)
    .orderBy(asc(monthlyResultEquipments.sortOrder), asc(monthlyResultEquipments.id));
  return { brands, equipments };
}

/** The lines of one section: every brand, or the equipments flagged for it. */
export function sectionLines(lines: MonthlyResultLines, section: MonthlyResultSection): { id: number; name: string }[] {
  if (section === 'brandsValues') return lines.brands;
  const flag = MONTHLY_RESULT_SECTION_FLAG[section];
  return lines.equipments.filter((e) => e[flag]).map(({ id, name }) => ({ id, name }));
}

export interface ValueRow {
  section: MonthlyResultSection;
  itemId: number;
  value: number;
}

/**
 * Every line of every section with its value, 0 when the body leaves it out (spec 02 §4). Refuses,
 * per section, an unknown brand or equipment, an equipment outside its section and a line given twice.
 */
export function completeValues(lines: MonthlyResultLines, body: MonthlyResultValues): ValueRow[] {
  const given: Record<MonthlyResultSection, { itemId: number; value: number }[]> = {
    brandsValues: body.brandsValues.map((v) => ({ itemId: v.brandId, value: v.value })),
    equipmentSales: body.equipmentSales.map((v) => ({ itemId: v.equipmentId, value: v.value })),
    equipmentContracts: body.equipmentContracts.map((v) => ({ itemId: v.equipmentId, value: v.value })),
    equipmentCommissionings: body.equipmentCommissionings.map((v) => ({ itemId: v.equipmentId, value: v.value })),
  };
  const problems: Record<string, string[]> = {};
  const rows: ValueRow[] = [];
  for (const section of Object.keys(given) as MonthlyResultSection[]) {
    const allowed = new Map(sectionLines(lines, section).map((l) => [l.id, l]));
    const values = new Map<number, number>();
    for (const { itemId, value } of given[section]) {
      const problem = valueProblem(lines, section, allowed, values, itemId);
      if (problem) {
        problems[section] = [problem];
        break;
      }
      values.set(itemId, value);
    }
    for (const id of allowed.keys()) rows.push({ section, itemId: id, value: values.get(id) ?? 0 });
  }
  if (Object.keys(problems).length > 0) throw errors.validation(problems);
  return rows;
}

function valueProblem(
  lines: MonthlyResultLines,
  section: MonthlyResultSection,
  allowed: Map<number, unknown>,
  seen: Map<number, number>,
  itemId: number,
): string | null {
  if (seen.has(itemId)) return MONTHLY_RESULT_MESSAGES.duplicate;
  if (allowed.has(itemId)) return null;
  if (section === 'brandsValues') return MONTHLY_RESULT_MESSAGES.unknownBrand;
  const equipment = lines.equipments.find((e) => e.id === itemId);
  return equipment ? MONTHLY_RESULT_MESSAGES.wrongSection(equipment.name) : MONTHLY_RESULT_MESSAGES.unknownEquipment;
}
