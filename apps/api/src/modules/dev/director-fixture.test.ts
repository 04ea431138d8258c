import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { adminAgencies, admins, agencies, agencyPageContents } from '../../db/schema/index.js';
import { seedDemoIfEmpty } from '../../db/seed/demo.js';

const demo = await buildTestApp({ DEMO_MODE: 'true' });
const notDemo = await buildTestApp();
const create = (t: typeof demo, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/dev/fixtures/director', remoteAddress });

describe('POST /dev/fixtures/director', () => {
  it('does not exist outside demo mode nor for a remote caller, and refuses before the demo data is loaded', async () => {
    expect((await create(notDemo)).statusCode).toBe(404);
    expect((await create(demo, '203.0.113.9')).statusCode).toBe(404);
    expect((await create(demo)).statusCode).toBe(409);
  });

  it("makes a director of an adherent of their own, with a copy of dirigeant@demo.fr's first agency and its page", async () => {
    await seedDemoIfEmpty(demo.db, demo.storage);
    const res = await create(demo);
    expect(res.statusCode).toBe(201);
    const { emailAddress, password, agencyId } = res.json() as { emailAddress: string; password: string; agencyId: number };
    expect(emailAddress).toMatch(/^dirigeant\.[0-9a-f]{8}@demo\.fr$/);
    const signIn = await demo.app.inject({ method: 'POST', url: '/api/auth/admin', payload: { emailAddress, password } });
    expect(signIn.statusCode).toBe(200);

    const [copy] = await demo.db.select().from(admins).where(eq(admins.emailAddress, emailAddress));
    const [original] = await demo.db.select().from(admins).where(eq(admins.emailAddress, 'dirigeant@demo.fr'));
    expect(copy).toMatchObject({ roleId: original!.roleId, regionId: original!.regionId });
    expect(copy!.adherentId).not.toBe(original!.adherentId);
    const links = await demo.db.select().from(adminAgencies).where(eq(adminAgencies.adminId, copy!.id));
    expect(links.map((l) => l.agencyId)).toEqual([agencyId]);

    const [first] = await demo.db
      .select({ agency: agencies })
      .from(adminAgencies)
      .innerJoin(agencies, eq(agencies.id, adminAgencies.agencyId))
      .where(eq(adminAgencies.adminId, original!.id))
      .orderBy(agencies.id)
      .limit(1);
    const [mine] = await demo.db.select().from(agencies).where(eq(agencies.id, agencyId));
    expect(mine).toMatchObject({
      adherentId: copy!.adherentId,
      pageTitle: first!.agency.pageTitle,
      pageDescription: first!.agency.pageDescription,
      pageLogosFiles: first!.agency.pageLogosFiles,
      phones: first!.agency.phones,
    });
    const titles = async (id: number) =>
      (await demo.db.select().from(agencyPageContents).where(eq(agencyPageContents.agencyId, id))).map((c) => c.title).sort();
    expect(await titles(agencyId)).toEqual(await titles(first!.agency.id));
    expect((await titles(agencyId)).length).toBeGreaterThan(0);
    expect(mine).toMatchObject({ name: res.json().agencyName, hideFromDirectory: true, hideFromMap: true });

    // Its prices start blank: the agency view of the catalogue has no agency record yet.
    const authorization = `Bearer ${(signIn.json() as { accessToken: string }).accessToken}`;
    const view = await demo.app.inject({
      method: 'GET',
      url: `/api/equipment-types/1?agencyId=${agencyId}`,
      headers: { authorization },
    });
    expect(view.statusCode).toBe(200);
    const { networkPrestations } = view.json() as { networkPrestations: { agencyNetworkPrestation: unknown }[] };
    expect(networkPrestations.length).toBeGreaterThan(0);
    expect(networkPrestations.every((p) => p.agencyNetworkPrestation === null)).toBe(true);
    expect((await create(demo)).json().emailAddress).not.toBe(emailAddress);
    // Seeding the demo takes seconds, longer on a busy machine.
  }, 60_000);
});
