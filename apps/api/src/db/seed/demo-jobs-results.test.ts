import {
  type JobOfferList,
  MONTHLY_RESULT_MESSAGES,
  type MonthlyResultList,
  type MonthlyResultNetworkFigures,
} from '@reseau/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoApp, DEMO_SEED_TIMEOUT, demoStaffGet, type TestApp } from '../../../test/demo-app.js';
import { frenchToday } from '../../lib/french.js';

/** The demo's job offers and monthly results as their screens ask for them. */
describe('demo seed: job offers and monthly results', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildDemoApp();
  }, DEMO_SEED_TIMEOUT);

  const as = (email: string) => demoStaffGet(t, email);

  const agencyIdOf = async (get: Awaited<ReturnType<typeof as>>, name: string) =>
    ((await get('/agencies')).json() as { agencies: { id: number; name: string }[] }).agencies.find((a) => a.name === name)!.id;

  it('shows templates and several agencies’ offers, some active, to the network; Lille’s offers to its director', async () => {
    const admin = await as('admin@demo.fr');
    const network = ((await admin('/job-offers?isNetwork=true')).json() as JobOfferList).jobOffers;
    expect(network.filter((o) => o.isTemplate).length).toBeGreaterThanOrEqual(3);
    expect(new Set(network.filter((o) => !o.isTemplate).map((o) => o.agencyId)).size).toBeGreaterThanOrEqual(3);
    expect(network.some((o) => o.isActive)).toBe(true);
    expect(network.some((o) => !o.isActive && !o.isTemplate)).toBe(true);
    const director = await as('dirigeant@demo.fr');
    const lille = await agencyIdOf(director, "Thermi'Nord Lille");
    const own = ((await director(`/job-offers?agencyId=${lille}`)).json() as JobOfferList).jobOffers;
    expect(own.map((o) => o.title)).toEqual(['Technicien de maintenance chauffage – Lille (H/F)']);
    const templates = ((await director('/job-offers?isTemplate=true')).json() as JobOfferList).jobOffers;
    expect(templates.length).toBeGreaterThanOrEqual(3);
  });

  it('has twelve months of results, the network’s figures for Lille, and the refusal for Valenciennes last month', async () => {
    const director = await as('dirigeant@demo.fr');
    const [year, month] = frenchToday().split('-').map(Number) as [number, number];
    const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
    const lille = await agencyIdOf(director, "Thermi'Nord Lille");
    const valenciennes = await agencyIdOf(director, "Thermi'Nord Valenciennes");
    const results = ((await director(`/monthly-results?agencyId=${lille}`)).json() as MonthlyResultList).monthlyResults;
    expect(results).toHaveLength(12);
    expect(results.at(-1)).toMatchObject(previous);
    const query = (agencyId: number) =>
      `/monthly-results:network-figures?agencyId=${agencyId}&year=${previous.year}&month=${previous.month}`;
    const figures = (await director(query(lille))).json() as MonthlyResultNetworkFigures;
    expect(figures.isWithheld).toBe(false);
    expect(figures.agencyCount).toBeGreaterThanOrEqual(10);
    expect(figures.equipmentContracts[0]!.total).toBeGreaterThan(0);
    const refused = await director(query(valenciennes));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MONTHLY_RESULT_MESSAGES.missing);
  });
});
