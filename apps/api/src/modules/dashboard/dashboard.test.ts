import { IMPERSONATION_HEADER } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { clientAgencies, contacts } from '../../db/schema/index.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];
const DAY = 86_400_000;

async function get(who: Who | null, url: string, headers = {}) {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers: { ...(who ? await t.authHeader(who) : {}), ...headers } });
}

type ContactValues = { isProcessed?: boolean; isClientKnown?: boolean; processedDaysAgo?: number };
async function contact(agencyId: number, values: ContactValues = {}) {
  const { processedDaysAgo, ...rest } = values;
  await t.db.insert(contacts).values({
    agencyId,
    type: 'SITE_CONTACT',
    fullName: 'Nathalie Bernard',
    processedAt: processedDaysAgo === undefined ? null : new Date(Date.now() - processedDaysAgo * DAY),
    ...rest,
  });
}

/** An agency with 3 demands to process (2 of them from prospects), 2 processed this month, 1 earlier, and its customers. */
async function busyAgency() {
  const agency = await t.buildAgency();
  await contact(agency.id);
  await contact(agency.id);
  await contact(agency.id, { isClientKnown: true });
  await contact(agency.id, { isProcessed: true, processedDaysAgo: 2 });
  await contact(agency.id, { isProcessed: true, isClientKnown: true, processedDaysAgo: 20 });
  await contact(agency.id, { isProcessed: true, processedDaysAgo: 45 });
  await t.buildClient({ agencyIds: [agency.id] }); // verified
  await t.buildClient({ agencyIds: [agency.id] }); // verified
  await t.buildClient({ agencyIds: [agency.id], emailVerifiedAt: null }); // not verified yet
  await t.buildClient({ agencyIds: [agency.id], passwordHash: null, emailVerifiedAt: null }); // no account yet
  await t.buildClient({ agencyIds: [agency.id], isActive: false }); // disabled
  return agency;
}

const EXPECTED = {
  count_to_process: 3,
  count_to_process_new_client: 2,
  count_processed_last_month: 2,
  count_verified_clients: 2,
};

describe('GET /api/my-adherent-dashboard-contacts/{agencyId}', () => {
  it("counts the agency's demands and verified customers, nobody else's", async () => {
    const agency = await busyAgency();
    await busyAgency(); // another agency's figures
    const director = await t.buildAdmin({ roleId: 4, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const res = await get(director, `/my-adherent-dashboard-contacts/${agency.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(EXPECTED);
  });

  it('counts a customer of two agencies in each', async () => {
    const a = await t.buildAgency();
    const b = await t.buildAgency();
    const client = await t.buildClient({ agencyIds: [a.id] });
    await t.db.insert(clientAgencies).values({ clientId: client.id, agencyId: b.id });
    const admin = await t.buildAdmin({ roleId: 2 });
    for (const agency of [a, b]) {
      expect((await get(admin, `/my-adherent-dashboard-contacts/${agency.id}`)).json()).toMatchObject({
        count_verified_clients: 1,
      });
    }
  });

  it('answers zeros for an agency without demands nor customers', async () => {
    const agency = await t.buildAgency();
    const res = await get(
      await t.buildAdmin({ roleId: 9, agencyIds: [agency.id], adherentId: agency.adherentId }),
      `/my-adherent-dashboard-contacts/${agency.id}`,
    );
    expect(res.json()).toEqual({
      count_to_process: 0,
      count_to_process_new_client: 0,
      count_processed_last_month: 0,
      count_verified_clients: 0,
    });
  });

  it("refuses with 403 another agency than the caller's, even of the same adherent", async () => {
    const mine = await t.buildAgency();
    const sibling = await busyAgency();
    const user = await t.buildAdmin({ roleId: 9, adherentId: mine.adherentId, agencyIds: [mine.id] });
    const res = await get(user, `/my-adherent-dashboard-contacts/${sibling.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('refuses with 403 a role without contact_administration (6), a customer; 401 anonymous', async () => {
    const agency = await t.buildAgency();
    const technician = await t.buildAdmin({ roleId: 6, adherentId: agency.adherentId, agencyIds: [agency.id] });
    expect((await get(technician, `/my-adherent-dashboard-contacts/${agency.id}`)).statusCode).toBe(403);
    expect(
      (await get(await t.buildClient({ agencyIds: [agency.id] }), `/my-adherent-dashboard-contacts/${agency.id}`)).statusCode,
    ).toBe(403);
    expect((await get(null, `/my-adherent-dashboard-contacts/${agency.id}`)).statusCode).toBe(401);
  });

  it('answers 404 to a network role for an unknown agency and 400 to a bad id', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    expect((await get(admin, '/my-adherent-dashboard-contacts/999999')).statusCode).toBe(404);
    const bad = await get(admin, '/my-adherent-dashboard-contacts/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  it("uses the impersonated user's agencies", async () => {
    const agency = await busyAgency();
    const other = await busyAgency();
    const user = await t.buildAdmin({ roleId: 7, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const as = { [IMPERSONATION_HEADER]: String(user.id) };
    const networkAdmin = await t.buildAdmin({ roleId: 1 });
    expect((await get(networkAdmin, `/my-adherent-dashboard-contacts/${agency.id}`, as)).json()).toEqual(EXPECTED);
    expect((await get(networkAdmin, `/my-adherent-dashboard-contacts/${other.id}`, as)).statusCode).toBe(403);
  });
});

describe('GET /api/network-dashboard-contacts', () => {
  it('counts the whole network for role 1, and grows with each agency', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const before = (await get(admin, '/network-dashboard-contacts')).json() as typeof EXPECTED;
    await busyAgency();
    await busyAgency();
    const res = await get(admin, '/network-dashboard-contacts');
    expect(res.statusCode).toBe(200);
    const after = res.json() as typeof EXPECTED;
    for (const key of Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])
      expect(after[key] - before[key]).toBe(2 * EXPECTED[key]);
  });

  it('counts a customer of two agencies once', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const before = (await get(admin, '/network-dashboard-contacts')).json() as typeof EXPECTED;
    const b = await t.buildAgency();
    const client = await t.buildClient();
    await t.db.insert(clientAgencies).values({ clientId: client.id, agencyId: b.id });
    const after = (await get(admin, '/network-dashboard-contacts')).json() as typeof EXPECTED;
    expect(after.count_verified_clients - before.count_verified_clients).toBe(1);
  });

  it.each([2, 3, 4, 5, 8, 9])('refuses role %i with 403 (network-wide demands are for role 1)', async (roleId) => {
    const res = await get(await t.buildAdmin({ roleId }), '/network-dashboard-contacts');
    expect(res.statusCode).toBe(403);
  });

  it('refuses a customer with 403 and an anonymous caller with 401', async () => {
    expect((await get(await t.buildClient(), '/network-dashboard-contacts')).statusCode).toBe(403);
    expect((await get(null, '/network-dashboard-contacts')).statusCode).toBe(401);
  });
});
