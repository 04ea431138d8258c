import type { AgencyContract, AgencySummary } from '@reseau/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildContract } from '../../test/extranet-factories.js';
import { buildTestApp } from '../../test/helper.js';
import { agencies } from '../db/schema/index.js';

type AgencyList = { agencies: AgencySummary[] };
type AgencyContractList = { agencyContracts: AgencyContract[] };

// The lists read on nearly every screen are kept a few seconds by each instance
// (lib/read-cache.ts); these tests hold that a change still shows, whoever makes it.
const t = await buildTestApp();
const get = async <T>(url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as T;
};

describe('the read cache', () => {
  it('serves the agency list from memory, and drops it when a change is announced', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const headers = await t.authHeader(admin);
    const agency = await t.buildAgency();
    const names = async () => (await get<AgencyList>('/api/agencies', headers)).agencies.map((a) => a.name);
    expect(await names()).toContain(agency.name);

    // With the announcement switched off, a renamed agency keeps its old name: the answer came
    // from memory, and the announcement is what stands between the cache and a stale list. (On
    // PostgreSQL the announcement of the agency's creation may still be on its way and empty the
    // cache once more: then the next round shows it.)
    let renamed = agency.name;
    await t.db.execute(sql`alter table agencies disable trigger agencies_reads_changed`);
    try {
      await expect
        .poll(async () => {
          const shown = await names(); // now kept in memory
          renamed = `${agency.name} (renommée ${shown.length}-${Date.now()})`;
          await t.db.update(agencies).set({ name: renamed }).where(eq(agencies.id, agency.id));
          return (await names()).includes(renamed) ? 'read again' : 'from memory';
        })
        .toBe('from memory');
    } finally {
      await t.db.execute(sql`alter table agencies enable trigger agencies_reads_changed`);
    }

    // Any change made outside this instance (here, plain SQL) is heard through NOTIFY.
    await t.db.update(agencies).set({ city: 'Roubaix' }).where(eq(agencies.id, agency.id));
    await expect.poll(names).toContain(renamed);
  });

  it('shows a contract imported behind the API once the change is heard', async () => {
    const client = await t.buildClient();
    const headers = await t.authHeader(client);
    const agencyId = (await get<AgencyList>('/api/agencies', headers)).agencies[0]!.id;
    const contracts = async () => (await get<AgencyContractList>('/api/agency-contracts/mine', headers)).agencyContracts;
    expect(await contracts()).toEqual([]);
    const contract = await buildContract(t, { clientId: client.id, agencyId });
    await expect.poll(async () => (await contracts()).map((c) => c.id)).toEqual([contract.id]);
  });

  it('shows the caller’s own write at once, with no wait for the announcement', async () => {
    const client = await t.buildClient();
    const headers = await t.authHeader(client);
    const agencyId = (await get<AgencyList>('/api/agencies', headers)).agencies[0]!.id;
    const contract = await buildContract(t, { clientId: client.id, agencyId });
    const mine = async () => (await get<AgencyContractList>('/api/agency-contracts/mine', headers)).agencyContracts;
    await expect.poll(async () => (await mine()).length).toBe(1);

    // The announcement is switched off: only this instance's own write empties its cache.
    await t.db.execute(sql`alter table agency_contracts disable trigger agency_contracts_reads_changed`);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/agency-contracts/${contract.id}:change-phones`,
        headers,
        payload: { mobilePhoneNumber: '07 11 22 33 44', landlinePhoneNumber: '' },
      });
      expect(res.statusCode, res.body).toBe(204);
      expect((await mine())[0]?.mobilePhoneNumber).toBe('07 11 22 33 44');
    } finally {
      await t.db.execute(sql`alter table agency_contracts enable trigger agency_contracts_reads_changed`);
    }
  });

  it('keeps each caller’s list apart: one customer never gets another’s contracts', async () => {
    const [first, second] = [await t.buildClient(), await t.buildClient()];
    const agencyOf = async (headers: Record<string, string>) =>
      ((await get<AgencyList>('/api/agencies', headers)).agencies[0] as { id: number }).id;
    const [h1, h2] = [await t.authHeader(first), await t.authHeader(second)];
    const own = await buildContract(t, { clientId: first.id, agencyId: await agencyOf(h1) });
    await expect
      .poll(async () => (await get<AgencyContractList>('/api/agency-contracts/mine', h1)).agencyContracts.length)
      .toBe(1);
    expect((await get<AgencyContractList>('/api/agency-contracts/mine', h1)).agencyContracts[0]?.id).toBe(own.id);
    expect((await get<AgencyContractList>('/api/agency-contracts/mine', h2)).agencyContracts).toEqual([]);
    expect(await agencyOf(h2)).not.toBe(await agencyOf(h1));
  });
});
