import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { adminAgencies, admins } from '../../db/schema/index.js';
import { seedDemoIfEmpty } from '../../db/seed/demo.js';

const demo = await buildTestApp({ DEMO_MODE: 'true' });
const notDemo = await buildTestApp();
const create = (t: typeof demo, payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/dev/fixtures/staff-user', payload, remoteAddress });

describe('POST /dev/fixtures/staff-user', () => {
  it('does not exist outside demo mode nor for a remote caller; refuses an account it may not copy, and before the demo data', async () => {
    expect((await create(notDemo, { like: 'technicien@demo.fr' })).statusCode).toBe(404);
    expect((await create(demo, { like: 'technicien@demo.fr' }, '203.0.113.9')).statusCode).toBe(404);
    expect((await create(demo, { like: 'client@demo.fr' })).statusCode).toBe(400);
    expect((await create(demo, { like: 'dirigeant@demo.fr' })).statusCode).toBe(400);
    expect((await create(demo, { like: 'technicien@demo.fr' })).statusCode).toBe(409);
  });

  // The demo seed runs in the test (about 18 s on PostgreSQL here).
  it('makes a user like the demo technician, with their role, adherent and agencies, who signs in', {
    timeout: 60_000,
  }, async () => {
    await seedDemoIfEmpty(demo.db, demo.storage);
    const res = await create(demo, { like: 'technicien@demo.fr' });
    expect(res.statusCode).toBe(201);
    const made = res.json() as { emailAddress: string; password: string; firstName: string; agencies: { id: number }[] };
    expect(made.emailAddress).toMatch(/^technicien\.[0-9a-f]{8}@demo\.fr$/);
    expect(made.firstName).toBe('Kévin');
    const signIn = await demo.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: made.emailAddress, password: made.password },
    });
    expect(signIn.statusCode).toBe(200);
    const [copy] = await demo.db.select().from(admins).where(eq(admins.emailAddress, made.emailAddress));
    const [original] = await demo.db.select().from(admins).where(eq(admins.emailAddress, 'technicien@demo.fr'));
    expect(copy).toMatchObject({ roleId: original!.roleId, adherentId: original!.adherentId, isAdherentAdmin: false });
    const links = async (adminId: number) =>
      (await demo.db.select().from(adminAgencies).where(eq(adminAgencies.adminId, adminId))).map((l) => l.agencyId).sort();
    expect(await links(copy!.id)).toEqual(await links(original!.id));
    expect(made.agencies.map((a) => a.id).sort()).toEqual(await links(original!.id));

    // A copy of the network super administrator: role 1, no adherent, off the directory's heads.
    const network = await create(demo, { like: 'admin@demo.fr' });
    expect(network.statusCode).toBe(201);
    const [head] = await demo.db
      .select()
      .from(admins)
      .where(eq(admins.emailAddress, (network.json() as { emailAddress: string }).emailAddress));
    expect(head).toMatchObject({ roleId: 1, adherentId: null, isHidden: true });

    // A copy that must enrol an authenticator: its sign-in opens the enrolment, not a session.
    const strict = (await create(demo, { like: 'marc.lemoine@demo.fr', secondFactorRequired: true })).json() as typeof made;
    const strictSignIn = await demo.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: strict.emailAddress, password: strict.password },
    });
    expect(strictSignIn.json().secondFactorSetupRequired.challengeToken).toEqual(expect.any(String));
    expect(strictSignIn.json().accessToken).toBeUndefined();
  });
});
