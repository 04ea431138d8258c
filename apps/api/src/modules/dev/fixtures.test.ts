import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import {
  agencies,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContracts,
  clientAgencies,
  clients,
  files,
} from '../../db/schema/index.js';
import { seedDemoIfEmpty } from '../../db/seed/demo.js';

// Fixtures make accounts with a known password: demo mode only, and only for a caller on this machine.
const demo = await buildTestApp({ DEMO_MODE: 'true' });
const notDemo = await buildTestApp();

const NOT_FOUND = { code: 'not_found', message: 'Page introuvable.' };
const create = (t: typeof demo, payload: object = {}, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/dev/fixtures/customer', remoteAddress, headers, payload });

const clientByEmail = async (emailAddress: string) => {
  const [row] = await demo.db.select().from(clients).where(eq(clients.emailAddress, emailAddress));
  return row!;
};
const contractsOf = (clientId: number) =>
  demo.db.select().from(agencyContracts).where(eq(agencyContracts.clientId, clientId)).orderBy(agencyContracts.reference);
const agencyNamesOf = async (clientId: number) =>
  (
    await demo.db
      .select({ name: agencies.name })
      .from(clientAgencies)
      .innerJoin(agencies, eq(agencies.id, clientAgencies.agencyId))
      .where(eq(clientAgencies.clientId, clientId))
  )
    .map((r) => r.name)
    .sort();

describe('POST /dev/fixtures/customer', () => {
  // First, on a database without the demo data.
  it('refuses with 409 while the demo data is not loaded', async () => {
    const res = await create(demo);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: expect.stringContaining('SEED_DEMO') });
  });

  // It loads the whole demo first (6–7 s alone, three times that beside the suite's other files).
  it('makes a customer like client@demo.fr, with a copy of her contracts and an account of its own', async () => {
    await seedDemoIfEmpty(demo.db, demo.storage);
    const res = await create(demo);
    expect(res.statusCode).toBe(201);
    const { emailAddress, password } = res.json() as { emailAddress: string; password: string };
    expect(emailAddress).toMatch(/^client\.[0-9a-f]{8}@demo\.fr$/);

    const signIn = await demo.app.inject({ method: 'POST', url: '/api/auth/client', payload: { emailAddress, password } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });

    const copy = await clientByEmail(emailAddress);
    const original = await clientByEmail('client@demo.fr');
    expect([copy.firstName, copy.lastName]).toEqual([original.firstName, original.lastName]);
    expect(await agencyNamesOf(copy.id)).toEqual(await agencyNamesOf(original.id));
    const [mine, hers] = [await contractsOf(copy.id), await contractsOf(original.id)];
    expect(mine.map((c) => c.reference)).toEqual(hers.map((c) => c.reference));
    expect(mine.map((c) => c.reference)).toEqual(['FE-2021-0087', 'TNL-2019-0412', 'TNL-2022-1187']);

    // Rows and PDFs of its own: changing them never touches the demo customer's.
    const quotes = (ids: number[]) =>
      demo.db.select().from(agencyContractQuotations).where(inArray(agencyContractQuotations.agencyContractId, ids));
    const invoices = (ids: number[]) =>
      demo.db.select().from(agencyContractInvoices).where(inArray(agencyContractInvoices.agencyContractId, ids));
    const [myQuotes, herQuotes] = [await quotes(mine.map((c) => c.id)), await quotes(hers.map((c) => c.id))];
    expect(myQuotes.map((q) => q.number).sort()).toEqual(herQuotes.map((q) => q.number).sort());
    const [myInvoices, herInvoices] = [await invoices(mine.map((c) => c.id)), await invoices(hers.map((c) => c.id))];
    expect(myInvoices.map((i) => [i.number, i.leftToPayIncludingTax]).sort()).toEqual(
      herInvoices.map((i) => [i.number, i.leftToPayIncludingTax]).sort(),
    );
    const herFiles = new Set([...herQuotes, ...herInvoices].map((r) => r.fileId).filter((id) => id !== null));
    const myFiles = [...myQuotes, ...myInvoices].map((r) => r.fileId).filter((id): id is number => id !== null);
    expect(myFiles.length).toBeGreaterThan(0);
    expect(myFiles.filter((id) => herFiles.has(id))).toEqual([]);
    const stored = await demo.db.select().from(files).where(inArray(files.id, myFiles));
    for (const file of stored) expect(await demo.storage.get(file.storageKey)).toBeTruthy();
  }, 60_000);

  it('gives each call a customer of its own', async () => {
    const [one, two] = [await create(demo, { like: 'client2@demo.fr' }), await create(demo, { like: 'client2@demo.fr' })];
    const [a, b] = [one.json(), two.json()] as { emailAddress: string; password: string }[];
    expect(a!.emailAddress).not.toBe(b!.emailAddress);
    expect(a!.password).not.toBe(b!.password);
    const [first, second] = [await clientByEmail(a!.emailAddress), await clientByEmail(b!.emailAddress)];
    expect((await contractsOf(first.id)).map((c) => c.reference)).toEqual(['TNV-2020-0233']);
    const [c1, c2] = [await contractsOf(first.id), await contractsOf(second.id)];
    expect(c1[0]!.id).not.toBe(c2[0]!.id);
  });

  it('makes a customer without a password, not verified, like nouveau@demo.fr (a first connection)', async () => {
    const res = await create(demo, { like: 'nouveau@demo.fr' });
    expect(res.statusCode).toBe(201);
    const { emailAddress, password } = res.json() as { emailAddress: string; password: null };
    expect(password).toBeNull();
    const row = await clientByEmail(emailAddress);
    expect([row.passwordHash, row.emailVerifiedAt]).toEqual([null, null]);
    expect(await agencyNamesOf(row.id)).toEqual(await agencyNamesOf((await clientByEmail('nouveau@demo.fr')).id));
  });

  it('refuses a template that is not a demo customer, or an unknown field, with 400', async () => {
    for (const payload of [{ like: 'admin@demo.fr' }, { like: 'client@demo.fr', password: 'x' }]) {
      const res = await create(demo, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const copies = await demo.db
      .select()
      .from(clients)
      .where(and(eq(clients.firstName, 'Sophie')));
    expect(copies).toHaveLength(2); // client@demo.fr and the one copy made above
  });

  it('does not exist without DEMO_MODE, even for a loopback caller', async () => {
    const res = await create(notDemo);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('answers the plain 404 to a caller from the network, or through a proxy on this machine', async () => {
    for (const [address, headers] of [
      ['203.0.113.9', {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.9' }],
    ] as const) {
      const res = await create(demo, {}, address, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });
});
