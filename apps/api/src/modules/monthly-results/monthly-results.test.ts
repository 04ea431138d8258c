import {
  MONTHLY_RESULT_BRANDS,
  MONTHLY_RESULT_EQUIPMENTS,
  MONTHLY_RESULT_MESSAGES,
  type MonthlyResult,
  type MonthlyResultBody,
  type MonthlyResultNetworkFigures,
} from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { monthlyResults } from '../../db/schema/index.js';
import { assertNotFuture } from './service.js';

const t = await buildTestApp();
type Who = Parameters<typeof t.authHeader>[0];

async function call(who: Who | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: who ? await t.authHeader(who) : {},
    ...(payload ? { payload } : {}),
  });
}
/** A past month nobody else uses in this file: each test takes its own. */
let nextMonth = 0;
const pastMonth = () => {
  nextMonth += 1;
  return { year: 2024 - Math.floor(nextMonth / 12), month: (nextMonth % 12) + 1 };
};
const body = (
  agencyId: number,
  period: { year: number; month: number },
  values: Partial<MonthlyResultBody> = {},
): MonthlyResultBody => ({
  agencyId,
  ...period,
  brandsValues: [{ brandId: 1, value: 4 }],
  equipmentSales: [{ equipmentId: 1, value: 3 }],
  equipmentContracts: [{ equipmentId: 1, value: 12 }],
  equipmentCommissionings: [{ equipmentId: 3, value: 2 }],
  ...values,
});
const director = () => t.buildAdmin({ roleId: 4 });

describe('POST /api/monthly-results', () => {
  it('saves a month with every line, 0 where left out, and reads it back', async () => {
    const boss = await director();
    const agencyId = boss.agencyIds[0]!;
    const period = pastMonth();
    const res = await call(boss, 'POST', '/monthly-results', body(agencyId, period));
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    const list = await call(boss, 'GET', `/monthly-results?agencyId=${agencyId}&year=${period.year}&month=${period.month}`);
    const [result] = (list.json() as { monthlyResults: MonthlyResult[] }).monthlyResults;
    expect(result).toMatchObject({ id, agencyId, ...period });
    expect(result!.brandsValues).toHaveLength(MONTHLY_RESULT_BRANDS.length);
    expect(result!.brandsValues).toContainEqual({ brandId: 1, value: 4 });
    expect(result!.brandsValues).toContainEqual({ brandId: 2, value: 0 });
    expect(result!.equipmentSales).toHaveLength(MONTHLY_RESULT_EQUIPMENTS.filter((e) => e.hasSales).length);
    expect(result!.equipmentContracts).toContainEqual({ equipmentId: 1, value: 12 });
    expect(result!.equipmentCommissionings).toHaveLength(MONTHLY_RESULT_EQUIPMENTS.filter((e) => e.hasCommissionings).length);
    expect(result!.equipmentCommissionings).toContainEqual({ equipmentId: 3, value: 2 });
  });

  it('refuses a second entry of the month, even two at the same instant', async () => {
    const boss = await director();
    const agencyId = boss.agencyIds[0]!;
    const period = pastMonth();
    const results = await Promise.all([1, 2, 3].map(() => call(boss, 'POST', '/monthly-results', body(agencyId, period))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toEqual({ code: 'monthly_result_exists', message: MONTHLY_RESULT_MESSAGES.exists });
    expect(await t.db.$count(monthlyResults, eq(monthlyResults.agencyId, agencyId))).toBe(1);
    const later = await call(boss, 'POST', '/monthly-results', body(agencyId, period));
    expect(later.statusCode).toBe(409);
  });

  it('refuses negative or decimal values, unknown lines, a line out of its section and a future month', async () => {
    const boss = await director();
    const agencyId = boss.agencyIds[0]!;
    const period = pastMonth();
    const bad = await call(
      boss,
      'POST',
      '/monthly-results',
      body(agencyId, period, { brandsValues: [{ brandId: 1, value: -1 }], equipmentSales: [{ equipmentId: 1, value: 1.5 }] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'brandsValues.0.value': [MONTHLY_RESULT_MESSAGES.notInteger],
      'equipmentSales.0.value': [MONTHLY_RESULT_MESSAGES.notInteger],
    });
    const text = await call(
      boss,
      'POST',
      '/monthly-results',
      body(agencyId, period, { equipmentContracts: [{ equipmentId: 1, value: '3' as never }] }),
    );
    expect(text.json().errors).toEqual({ 'equipmentContracts.0.value': [MONTHLY_RESULT_MESSAGES.notInteger] });
    // Issue 25: "12,5" sent as text, -5 and 11 digits are refused with their message, never rewritten.
    const typed = await call(
      boss,
      'POST',
      '/monthly-results',
      body(agencyId, period, {
        brandsValues: [{ brandId: 1, value: '12,5' as never }],
        equipmentSales: [{ equipmentId: 1, value: -5 }],
        equipmentContracts: [{ equipmentId: 1, value: 12_345_678_901 }],
      }),
    );
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors).toEqual({
      'brandsValues.0.value': [MONTHLY_RESULT_MESSAGES.notInteger],
      'equipmentSales.0.value': [MONTHLY_RESULT_MESSAGES.notInteger],
      'equipmentContracts.0.value': [MONTHLY_RESULT_MESSAGES.tooBig],
    });
    expect(await t.db.$count(monthlyResults, eq(monthlyResults.agencyId, agencyId))).toBe(0);
    const noCommissioning = MONTHLY_RESULT_EQUIPMENTS.find((e) => !e.hasCommissionings)!;
    const lines = await call(
      boss,
      'POST',
      '/monthly-results',
      body(agencyId, period, {
        brandsValues: [{ brandId: 999, value: 1 }],
        equipmentCommissionings: [{ equipmentId: noCommissioning.id, value: 1 }],
        equipmentSales: [{ equipmentId: 999, value: 1 }],
        equipmentContracts: [
          { equipmentId: 1, value: 1 },
          { equipmentId: 1, value: 2 },
        ],
      }),
    );
    expect(lines.json().errors).toEqual({
      brandsValues: [MONTHLY_RESULT_MESSAGES.unknownBrand],
      equipmentCommissionings: [MONTHLY_RESULT_MESSAGES.wrongSection(noCommissioning.name)],
      equipmentSales: [MONTHLY_RESULT_MESSAGES.unknownEquipment],
      equipmentContracts: [MONTHLY_RESULT_MESSAGES.duplicate],
    });
    const future = new Date();
    const nextYear = future.getUTCFullYear() + 1;
    const ahead = await call(boss, 'POST', '/monthly-results', body(agencyId, { year: nextYear, month: 1 }));
    expect(ahead.json().errors).toEqual({ month: [MONTHLY_RESULT_MESSAGES.future] });
    const missing = await call(boss, 'POST', '/monthly-results', {});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['agencyId', 'month', 'year']);
    expect(await t.db.$count(monthlyResults, eq(monthlyResults.agencyId, agencyId))).toBe(0);
  });

  it('takes the current month and refuses the next one, in France’s calendar', () => {
    const now = new Date('2026-03-31T22:30:00Z'); // already 1 April in Paris
    expect(() => assertNotFuture(2026, 4, now)).not.toThrow();
    expect(() => assertNotFuture(2026, 5, now)).toThrow(
      expect.objectContaining({ code: 'validation_failed', errors: { month: [MONTHLY_RESULT_MESSAGES.future] } }),
    );
  });

  it('refuses another agency, a user without the permission, a customer and an anonymous call', async () => {
    const boss = await director();
    const other = await t.buildAgency();
    const period = pastMonth();
    expect((await call(boss, 'POST', '/monthly-results', body(other.id, period))).statusCode).toBe(403);
    expect((await call(boss, 'GET', `/monthly-results?agencyId=${other.id}`)).statusCode).toBe(403);
    const tech = await t.buildAdmin({ roleId: 6 });
    expect((await call(tech, 'POST', '/monthly-results', body(tech.agencyIds[0]!, period))).statusCode).toBe(403);
    expect((await call(tech, 'GET', `/monthly-results?agencyId=${tech.agencyIds[0]}`)).statusCode).toBe(403);
    const customer = await t.buildClient();
    expect((await call(customer, 'POST', '/monthly-results', body(customer.agencyIds[0]!, period))).statusCode).toBe(403);
    expect((await call(null, 'POST', '/monthly-results', body(boss.agencyIds[0]!, period))).statusCode).toBe(401);
    expect((await call(boss, 'GET', '/monthly-results')).statusCode).toBe(400);
    // The accountant (role 8) holds the permission.
    const accountant = await t.buildAdmin({ roleId: 8 });
    expect((await call(accountant, 'POST', '/monthly-results', body(accountant.agencyIds[0]!, period))).statusCode).toBe(201);
  });
});

describe('PUT /api/monthly-results/{id}', () => {
  it('replaces the figures of an own result, its month kept; another agency’s result is not found', async () => {
    const boss = await director();
    const agencyId = boss.agencyIds[0]!;
    const period = pastMonth();
    const { id } = (await call(boss, 'POST', '/monthly-results', body(agencyId, period))).json() as { id: number };
    const res = await call(
      boss,
      'PUT',
      `/monthly-results/${id}`,
      body(agencyId, { year: 2001, month: 1 }, { brandsValues: [{ brandId: 2, value: 7 }] }),
    );
    expect(res.statusCode).toBe(204);
    const [result] = (
      (await call(boss, 'GET', `/monthly-results?agencyId=${agencyId}`)).json() as { monthlyResults: MonthlyResult[] }
    ).monthlyResults;
    expect(result).toMatchObject(period);
    expect(result!.brandsValues).toContainEqual({ brandId: 1, value: 0 });
    expect(result!.brandsValues).toContainEqual({ brandId: 2, value: 7 });
    const stranger = await director();
    expect((await call(stranger, 'PUT', `/monthly-results/${id}`, body(stranger.agencyIds[0]!, period))).statusCode).toBe(404);
    const bad = await call(
      boss,
      'PUT',
      `/monthly-results/${id}`,
      body(agencyId, period, { brandsValues: [{ brandId: 2, value: -3 }] }),
    );
    expect(bad.json().errors).toEqual({ 'brandsValues.0.value': [MONTHLY_RESULT_MESSAGES.notInteger] });
    expect((await call(null, 'PUT', `/monthly-results/${id}`, body(agencyId, period))).statusCode).toBe(401);
  });
});

describe('GET /api/monthly-results:network-figures', () => {
  const figures = (who: Who, agencyId: number, period: { year: number; month: number }) =>
    call(who, 'GET', `/monthly-results:network-figures?agencyId=${agencyId}&year=${period.year}&month=${period.month}`);

  it('is refused with the spec’s message until the agency entered the month', async () => {
    const boss = await director();
    const res = await figures(boss, boss.agencyIds[0]!, pastMonth());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'monthly_result_missing', message: MONTHLY_RESULT_MESSAGES.missing });
  });

  it('withholds the totals while fewer than two other adherents entered the month', async () => {
    const [a, b] = [await director(), await director()];
    const period = pastMonth();
    await call(a, 'POST', '/monthly-results', body(a.agencyIds[0]!, period));
    await call(b, 'POST', '/monthly-results', body(b.agencyIds[0]!, period));
    const got = (await figures(a, a.agencyIds[0]!, period)).json() as MonthlyResultNetworkFigures;
    expect(got).toMatchObject({ agencyCount: 2, isWithheld: true });
    expect(got.brandsValues[0]).toEqual({ id: 1, name: 'Atlantic', agencyValue: 4, total: null, average: null, rank: null });
  });

  it('counts adherents, not agencies: a director of two of three agencies cannot subtract his own to read the third', async () => {
    const adherent = await t.buildAdherent();
    const own = [await t.buildAgency({ adherentId: adherent.id }), await t.buildAgency({ adherentId: adherent.id })];
    const boss = await t.buildAdmin({ roleId: 4, adherentId: adherent.id, agencyIds: own.map((a) => a.id) });
    const other = await director();
    const period = pastMonth();
    for (const agency of own)
      expect((await call(boss, 'POST', '/monthly-results', body(agency.id, period))).statusCode).toBe(201);
    await call(
      other,
      'POST',
      '/monthly-results',
      body(other.agencyIds[0]!, period, { brandsValues: [{ brandId: 1, value: 9 }] }),
    );
    const threeAgencies = (await figures(boss, own[0]!.id, period)).json() as MonthlyResultNetworkFigures;
    expect(threeAgencies).toMatchObject({ agencyCount: 3, isWithheld: true });
    expect(threeAgencies.brandsValues[0]).toMatchObject({ agencyValue: 4, total: null, average: null, rank: null });

    // A second other adherent: what is shown now mixes two adherents the director does not run.
    const second = await director();
    await call(
      second,
      'POST',
      '/monthly-results',
      body(second.agencyIds[0]!, period, { brandsValues: [{ brandId: 1, value: 1 }] }),
    );
    const mixed = (await figures(boss, own[0]!.id, period)).json() as MonthlyResultNetworkFigures;
    expect(mixed).toMatchObject({ agencyCount: 4, isWithheld: false });
    expect(mixed.brandsValues[0]).toMatchObject({ agencyValue: 4, total: 18, rank: 2 });
  });

  it('gives totals, averages and the agency’s rank, and no other agency’s value', async () => {
    const agencies = [await director(), await director(), await director(), await director()];
    const period = pastMonth();
    const atlantic = [10, 4, 4, 1];
    for (const [i, who] of agencies.entries()) {
      const res = await call(
        who,
        'POST',
        '/monthly-results',
        body(who.agencyIds[0]!, period, { brandsValues: [{ brandId: 1, value: atlantic[i]! }] }),
      );
      expect(res.statusCode).toBe(201);
    }
    const third = agencies[2]!;
    const res = await figures(third, third.agencyIds[0]!, period);
    expect(res.statusCode).toBe(200);
    const got = res.json() as MonthlyResultNetworkFigures;
    expect(got).toMatchObject({ agencyId: third.agencyIds[0], ...period, agencyCount: 4, isWithheld: false });
    expect(got.brandsValues.map((f) => f.name).at(-1)).toBe('Autres marques');
    expect(got.brandsValues[0]).toEqual({ id: 1, name: 'Atlantic', agencyValue: 4, total: 19, average: 4.8, rank: 2 });
    expect(got.brandsValues[1]).toEqual({ id: 2, name: 'De Dietrich', agencyValue: 0, total: 0, average: 0, rank: 1 });
    expect(got.equipmentContracts[0]).toMatchObject({ agencyValue: 12, total: 48, average: 12, rank: 1 });
    // Only the caller's own value is individual: 10 and 1 (the others') appear nowhere.
    const individual = Object.values(got)
      .filter(Array.isArray)
      .flatMap((list) => list.map((f: { agencyValue: number }) => f.agencyValue));
    expect(individual).not.toContain(10);
    expect((await figures(third, agencies[0]!.agencyIds[0]!, period)).statusCode).toBe(403);
    expect((await figures(await t.buildAdmin({ roleId: 6 }), third.agencyIds[0]!, period)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/monthly-results:network-figures?agencyId=1&year=2024&month=1`)).statusCode).toBe(401);
    expect(
      (await call(third, 'GET', `/monthly-results:network-figures?agencyId=${third.agencyIds[0]}&year=2024&month=13`)).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/monthly-result-equipments and /monthly-result-brands', () => {
  it('lists the lines with their sections, "Autres marques" last', async () => {
    const boss = await director();
    const equipments = (await call(boss, 'GET', '/monthly-result-equipments')).json() as {
      monthlyResultEquipments: { name: string; hasSales: boolean }[];
    };
    expect(equipments.monthlyResultEquipments[0]).toEqual({
      id: 1,
      name: 'Chaudière gaz',
      hasSales: true,
      hasContracts: true,
      hasCommissionings: true,
    });
    const brands = (await call(boss, 'GET', '/monthly-result-brands')).json() as { monthlyResultBrands: { name: string }[] };
    expect(brands.monthlyResultBrands.at(-1)?.name).toBe('Autres marques');
    expect(brands.monthlyResultBrands).toHaveLength(MONTHLY_RESULT_BRANDS.length);
    expect((await call(await t.buildAdmin({ roleId: 9 }), 'GET', '/monthly-result-brands')).statusCode).toBe(403);
    expect((await call(await t.buildClient(), 'GET', '/monthly-result-equipments')).statusCode).toBe(403);
  });
});
