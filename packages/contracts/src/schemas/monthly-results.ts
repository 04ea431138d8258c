import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import {
  MONTHLY_RESULT_FIRST_YEAR,
  MONTHLY_RESULT_MESSAGES,
  MONTHLY_RESULT_SECTIONS,
  MONTHLY_RESULT_VALUE_MAX,
  type MonthlyResultSection,
  parseFrenchNumber,
} from '../constants/monthly-results.js';
import { bodyId, idParam as id, idParams } from './primitives.js';

const year = z.coerce.number({ error: MESSAGES.required }).int().min(MONTHLY_RESULT_FIRST_YEAR).max(9999);
const month = z.coerce.number({ error: MESSAGES.required }).int().min(1).max(12);
/** A count: a non-negative integer (spec 02 §5 "inputs are numbers"). */
const value = z
  .number({ error: MONTHLY_RESULT_MESSAGES.notInteger })
  .int(MONTHLY_RESULT_MESSAGES.notInteger)
  .min(0, MONTHLY_RESULT_MESSAGES.notInteger)
  .max(MONTHLY_RESULT_VALUE_MAX, MONTHLY_RESULT_MESSAGES.tooBig);

export const monthlyResultBrandValue = z.object({ brandId: bodyId, value });
export const monthlyResultEquipmentValue = z.object({ equipmentId: bodyId, value });
const values = <T extends z.ZodTypeAny>(item: T) => z.array(item).max(200).default([]);

/** GET /monthly-results (spec 02 §7): one agency's results, of a year or a month. */
export const monthlyResultListQuery = z.object({
  agencyId: id,
  year: year.optional(),
  month: month.optional(),
});
export type MonthlyResultListQuery = z.infer<typeof monthlyResultListQuery>;
export const monthlyResultParams = idParams;

/**
 * POST /monthly-results and PUT /monthly-results/{id} (spec 02 §3, §4): the month of an agency and
 * its four lists; a brand or an equipment left out is saved as 0. On PUT the agency and the month
 * are the stored result's: only the figures change.
 */
export const monthlyResultBody = z.object({
  agencyId: bodyId,
  year,
  month,
  brandsValues: values(monthlyResultBrandValue),
  equipmentSales: values(monthlyResultEquipmentValue),
  equipmentContracts: values(monthlyResultEquipmentValue),
  equipmentCommissionings: values(monthlyResultEquipmentValue),
});
export type MonthlyResultBody = z.input<typeof monthlyResultBody>;
export type MonthlyResultValues = z.output<typeof monthlyResultBody>;

/**
 * One figure as the form holds it (issue 25: nothing rewritten silently): empty is 0, spaces
 * between thousands are fine ("1 200"); a decimal ("12,5"), a negative value, a text or a number
 * over the maximum is refused with the same message the server gives, never cut or rounded.
 */
export const monthlyResultValueText = z.string().transform((text, ctx) => {
  if (text.trim() === '') return 0;
  const n = parseFrenchNumber(text);
  if (n === null) {
    ctx.addIssue({ code: 'custom', message: MONTHLY_RESULT_MESSAGES.notNumber });
    return z.NEVER;
  }
  const checked = value.safeParse(n);
  if (!checked.success) {
    ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
    return z.NEVER;
  }
  return checked.data;
});

/** The form: each section's figures by line id, as typed. */
export const monthlyResultForm = z.object(
  Object.fromEntries(MONTHLY_RESULT_SECTIONS.map((s) => [s, z.record(z.string(), monthlyResultValueText)])) as Record<
    MonthlyResultSection,
    z.ZodRecord<z.ZodString, typeof monthlyResultValueText>
  >,
);
export type MonthlyResultForm = z.input<typeof monthlyResultForm>;

export const monthlyResult = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  brandsValues: z.array(z.object({ brandId: z.number().int(), value: z.number().int() })),
  equipmentSales: z.array(z.object({ equipmentId: z.number().int(), value: z.number().int() })),
  equipmentContracts: z.array(z.object({ equipmentId: z.number().int(), value: z.number().int() })),
  equipmentCommissionings: z.array(z.object({ equipmentId: z.number().int(), value: z.number().int() })),
});
export type MonthlyResult = z.infer<typeof monthlyResult>;
export const monthlyResultList = z.object({ monthlyResults: z.array(monthlyResult) });
export type MonthlyResultList = z.infer<typeof monthlyResultList>;
export const monthlyResultCreated = z.object({ id: z.number().int() });

export const monthlyResultEquipment = z.object({
  id: z.number().int(),
  name: z.string(),
  hasSales: z.boolean(),
  hasContracts: z.boolean(),
  hasCommissionings: z.boolean(),
});
export type MonthlyResultEquipment = z.infer<typeof monthlyResultEquipment>;
export const monthlyResultEquipmentList = z.object({ monthlyResultEquipments: z.array(monthlyResultEquipment) });
export const monthlyResultBrand = z.object({ id: z.number().int(), name: z.string() });
export type MonthlyResultBrand = z.infer<typeof monthlyResultBrand>;
export const monthlyResultBrandList = z.object({ monthlyResultBrands: z.array(monthlyResultBrand) });

/** GET /monthly-results:network-figures: the caller's agency and the month to compare. */
export const monthlyResultNetworkFiguresQuery = z.object({ agencyId: id, year, month });
export type MonthlyResultNetworkFiguresQuery = z.infer<typeof monthlyResultNetworkFiguresQuery>;

/**
 * One line of the network's figures: the agency's own value, and over the agencies that entered
 * the month, the total, the average and the agency's rank (1 = highest; equal values share a
 * rank). Totals, averages and ranks are null while fewer than MONTHLY_RESULT_MIN_OTHER_ADHERENTS
 * adherents other than the agency's own entered.
 */
export const monthlyResultFigure = z.object({
  id: z.number().int(),
  name: z.string(),
  agencyValue: z.number().int(),
  total: z.number().int().nullable(),
  average: z.number().nullable(),
  rank: z.number().int().nullable(),
});
export type MonthlyResultFigure = z.infer<typeof monthlyResultFigure>;
export const monthlyResultNetworkFigures = z.object({
  agencyId: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  /** Agencies that entered the month (the caller's included). */
  agencyCount: z.number().int(),
  /** True when too few other adherents entered for the network's figures to be shown. */
  isWithheld: z.boolean(),
  brandsValues: z.array(monthlyResultFigure),
  equipmentContracts: z.array(monthlyResultFigure),
  equipmentCommissionings: z.array(monthlyResultFigure),
  equipmentSales: z.array(monthlyResultFigure),
});
export type MonthlyResultNetworkFigures = z.infer<typeof monthlyResultNetworkFigures>;
