import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { agencies } from '../../db/schema/index.js';

const demo = await buildTestApp({ DEMO_MODE: 'true' });
const notDemo = await buildTestApp();
const create = (t: typeof demo, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/dev/fixtures/forum-user', remoteAddress });

describe('POST /dev/fixtures/forum-user', () => {
  it('does not exist outside demo mode nor for a remote caller', async () => {
    expect((await create(notDemo)).statusCode).toBe(404);
    expect((await create(demo, '203.0.113.9')).statusCode).toBe(404);
  });

  it('makes a technician of an agency of their own, off the directory, who reads the technical forum only', async () => {
    const res = await create(demo);
    expect(res.statusCode).toBe(201);
    const { emailAddress, password, agencyId, fullName } = res.json() as {
      emailAddress: string;
      password: string;
      agencyId: number;
      fullName: string;
    };
    expect(emailAddress).toMatch(/^technicien\.[0-9a-f]{8}@demo\.fr$/);
    expect(fullName).toMatch(/^Julien Essai /);
    const [agency] = await demo.db.select().from(agencies).where(eq(agencies.id, agencyId));
    expect(agency).toMatchObject({ hideFromDirectory: true, hideFromMap: true });
    const signIn = await demo.app.inject({ method: 'POST', url: '/api/auth/admin', payload: { emailAddress, password } });
    expect(signIn.statusCode).toBe(200);
    const forums = await demo.app.inject({
      method: 'GET',
      url: '/api/forums',
      headers: { authorization: `Bearer ${signIn.json().accessToken}` },
    });
    expect(forums.json()).toEqual({ forums: [{ id: 2, title: 'Forum technique' }] });
  });
});
