import { MONTHLY_RESULT_MESSAGES } from '@reseau/contracts/constants/monthly-results';
import type { MonthlyResult, MonthlyResultNetworkFigures } from '@reseau/contracts/schemas/monthly-results';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';
import { monthOptions } from './months';

const EQUIPMENTS = [
  { id: 1, name: 'Chaudière gaz', hasSales: true, hasContracts: true, hasCommissionings: true },
  { id: 7, name: 'Chauffe-eau thermodynamique', hasSales: true, hasContracts: true, hasCommissionings: false },
];
const BRANDS = [
  { id: 1, name: 'Atlantic' },
  { id: 11, name: 'Autres marques' },
];
const [previous, before] = monthOptions();

const figure = (id: number, name: string, agencyValue: number) => ({ id, name, agencyValue, total: 120, average: 7.5, rank: 3 });
const FIGURES: MonthlyResultNetworkFigures = {
  agencyId: 11,
  year: previous!.year,
  month: previous!.month,
  agencyCount: 16,
  isWithheld: false,
  brandsValues: [figure(1, 'Atlantic', 4), figure(11, 'Autres marques', 0)],
  equipmentContracts: [figure(1, 'Chaudière gaz', 12), figure(7, 'Chauffe-eau thermodynamique', 0)],
  equipmentCommissionings: [figure(1, 'Chaudière gaz', 2)],
  equipmentSales: [figure(1, 'Chaudière gaz', 3), figure(7, 'Chauffe-eau thermodynamique', 0)],
};

function monthlyApi(stored: { result: MonthlyResult | null }, overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/monthly-result-equipments': () => json(200, { monthlyResultEquipments: EQUIPMENTS }),
      'GET /api/monthly-result-brands': () => json(200, { monthlyResultBrands: BRANDS }),
      'GET /api/monthly-results': () => json(200, { monthlyResults: stored.result ? [stored.result] : [] }),
      'GET /api/monthly-results:network-figures': () =>
        stored.result
          ? json(200, FIGURES)
          : json(409, { code: 'monthly_result_missing', message: MONTHLY_RESULT_MESSAGES.missing }),
      'POST /api/monthly-results': ({ body }) => {
        const b = body as MonthlyResult;
        stored.result = { ...b, id: 5 };
        return json(201, { id: 5 });
      },
      'PUT /api/monthly-results/5': () => new Response(null, { status: 204 }),
      ...overrides,
    }),
  );
}

describe('monthly result (spec 02 §2 /intranet/monthly-result)', () => {
  it('enters the previous month (untouched lines as 0), then shows the network figures in place of the refusal', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const stored = { result: null as MonthlyResult | null };
    const api = monthlyApi(stored);
    renderRoute('/intranet/monthly-result');
    expect(await screen.findByRole('heading', { level: 1, name: 'Résultats mensuels' })).toBeInTheDocument();
    expect(await screen.findByText(MONTHLY_RESULT_MESSAGES.missing)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Mois/ })).toHaveValue(previous!.label);
    const query = api.callsTo('GET', '/api/monthly-results')[0]!.url.searchParams;
    expect([query.get('agencyId'), query.get('year'), query.get('month')]).toEqual([
      '11',
      String(previous!.year),
      String(previous!.month),
    ]);
    // Before the month is entered, the figures are not even asked for.
    expect(api.callsTo('GET', '/api/monthly-results:network-figures')).toHaveLength(0);

    const user = userEvent.setup();
    const contracts = screen.getByRole('region', { name: "Contrats d'entretien" });
    const gas = within(contracts).getByRole('textbox', { name: 'Chaudière gaz' });
    await user.clear(gas);
    await user.type(gas, '12');
    const atlantic = within(screen.getByRole('region', { name: 'Résultats par marque' })).getByRole('textbox', {
      name: 'Atlantic',
    });
    await user.clear(atlantic);
    await user.type(atlantic, '4');
    // Commissionings list only the equipment that has them.
    expect(
      within(screen.getByRole('region', { name: 'Nouvelles mises en service' })).queryByRole('textbox', {
        name: 'Chauffe-eau thermodynamique',
      }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer les chiffres' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/monthly-results')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/monthly-results')[0]?.body).toEqual({
      agencyId: 11,
      year: previous!.year,
      month: previous!.month,
      brandsValues: [
        { brandId: 1, value: 4 },
        { brandId: 11, value: 0 },
      ],
      equipmentSales: [
        { equipmentId: 1, value: 0 },
        { equipmentId: 7, value: 0 },
      ],
      equipmentContracts: [
        { equipmentId: 1, value: 12 },
        { equipmentId: 7, value: 0 },
      ],
      equipmentCommissionings: [{ equipmentId: 1, value: 0 }],
    });
    expect(await screen.findByText('Les chiffres du mois ont bien été enregistrés.')).toBeInTheDocument();
    const table = await screen.findByRole('table', {
      name: "Contrats d'entretien : votre agence, la moyenne et le total du réseau",
    });
    const row = within(table).getByRole('row', { name: /Chaudière gaz/ });
    expect(row).toHaveTextContent('12');
    expect(row).toHaveTextContent('7,5');
    expect(row).toHaveTextContent('3 sur 16');
    expect(screen.queryByText(MONTHLY_RESULT_MESSAGES.missing)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mettre à jour les chiffres' })).toBeInTheDocument();
  }, 30_000);

  it('refuses "12,5", "-5", a text and 11 digits with a message, never rewritten; "1 200" is 1200 (issue 25)', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = monthlyApi({ result: null });
    renderRoute('/intranet/monthly-result');
    const contracts = await screen.findByRole('region', { name: "Contrats d'entretien" });
    const gas = within(contracts).getByRole('textbox', { name: 'Chaudière gaz' });
    const user = userEvent.setup();
    const cases: [string, string][] = [
      ['12,5', MONTHLY_RESULT_MESSAGES.notInteger],
      ['-5', MONTHLY_RESULT_MESSAGES.notInteger],
      ['douze', MONTHLY_RESULT_MESSAGES.notNumber],
      ['12345678901', MONTHLY_RESULT_MESSAGES.tooBig],
    ];
    for (const [typed, message] of cases) {
      await user.clear(gas);
      await user.type(gas, typed);
      await user.tab();
      expect(gas).toHaveValue(typed);
      expect(await within(contracts).findByText(message)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Enregistrer les chiffres' }));
      expect(api.callsTo('POST', '/api/monthly-results')).toHaveLength(0);
    }
    await user.clear(gas);
    await user.type(gas, '1 200');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les chiffres' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/monthly-results')).toHaveLength(1));
    const body = api.callsTo('POST', '/api/monthly-results')[0]?.body as { equipmentContracts: unknown[] };
    expect(body.equipmentContracts[0]).toEqual({ equipmentId: 1, value: 1200 });
  }, 30_000);

  it('updates a stored month, and another month goes into the address', async () => {
    signInAs('intranet', { roleId: 8, sub: '80' });
    const stored = {
      result: {
        id: 5,
        agencyId: 11,
        year: previous!.year,
        month: previous!.month,
        brandsValues: [{ brandId: 1, value: 6 }],
        equipmentSales: [],
        equipmentContracts: [{ equipmentId: 1, value: 30 }],
        equipmentCommissionings: [],
      } as MonthlyResult,
    };
    const api = monthlyApi(stored);
    const { router } = renderRoute('/intranet/monthly-result');
    const contracts = await screen.findByRole('region', { name: "Contrats d'entretien" });
    expect(within(contracts).getByRole('textbox', { name: 'Chaudière gaz' })).toHaveValue('30');
    await screen.findByRole('table', { name: /Résultats par marque/ });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mettre à jour les chiffres' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/monthly-results/5')).toHaveLength(1));
    expect(await screen.findByText('Les chiffres du mois ont bien été mis à jour.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Mois/ }));
    await user.click(await screen.findByRole('option', { name: before!.label }));
    await waitFor(() => expect(router.state.location.search).toBe(`?month=${before!.value}`));
  }, 30_000);

  it('says when too few other adherents entered the month, however many agencies did', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const stored = {
      result: {
        id: 5,
        agencyId: 11,
        ...previous!,
        brandsValues: [],
        equipmentSales: [],
        equipmentContracts: [],
        equipmentCommissionings: [],
      } as MonthlyResult,
    };
    monthlyApi(stored, {
      'GET /api/monthly-results:network-figures': () => json(200, { ...FIGURES, agencyCount: 5, isWithheld: true }),
    });
    renderRoute('/intranet/monthly-result');
    expect(await screen.findByText(/Trop peu d'autres adhérents ont saisi ce mois/)).toBeInTheDocument();
  });

  it('says so when the month was entered meanwhile, and loads it', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const stored = { result: null as MonthlyResult | null };
    const api = monthlyApi(stored, {
      'POST /api/monthly-results': () => {
        stored.result = {
          id: 5,
          agencyId: 11,
          year: previous!.year,
          month: previous!.month,
          brandsValues: [],
          equipmentSales: [],
          equipmentContracts: [],
          equipmentCommissionings: [],
        };
        return json(409, { code: 'monthly_result_exists', message: MONTHLY_RESULT_MESSAGES.exists });
      },
    });
    renderRoute('/intranet/monthly-result');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Enregistrer les chiffres' }));
    expect(await screen.findByText(MONTHLY_RESULT_MESSAGES.exists)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Mettre à jour les chiffres' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/monthly-results').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a failed load with « Réessayer »', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    let fail = true;
    monthlyApi(
      { result: null },
      { 'GET /api/monthly-result-brands': () => (fail ? json(500, {}) : json(200, { monthlyResultBrands: BRANDS })) },
    );
    renderRoute('/intranet/monthly-result');
    const retry = await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 5000 });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('region', { name: 'Résultats par marque' })).toBeInTheDocument();
  });
});
