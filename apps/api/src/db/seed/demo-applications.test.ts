import type { NetworkApplicationList } from '@reseau/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo.js';
import { DEMO_APPLICATIONS } from './demo-applications.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The applications directory as demo accounts see it (spec 02 §2). */
describe('demo seed: network applications', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestApp();
    expect(await seedDemoIfEmpty(t.db, t.storage)).toBe(true);
  });

  async function signIn(account: keyof typeof DEMO_ACCOUNTS) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: DEMO_ACCOUNTS[account].email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${res.json().accessToken}` };
  }

  it('lists at least 6 applications by title, each with an http(s) address and a PNG logo the technician may open', async () => {
    const headers = await signIn('technicien');
    const res = await t.app.inject({ method: 'GET', url: '/api/network-applications', headers });
    expect(res.statusCode).toBe(200);
    const { networkApplications } = res.json() as NetworkApplicationList;
    expect(networkApplications.length).toBeGreaterThanOrEqual(6);
    expect(networkApplications.map((a) => a.title)).toEqual(
      DEMO_APPLICATIONS.map((a) => a.title).sort((a, b) => a.localeCompare(b, 'fr')),
    );
    for (const application of networkApplications) {
      expect(application.url).toMatch(/^https:\/\//);
      const logo = await t.app.inject({ method: 'GET', url: `/api/files/${application.illustrationFileId}`, headers });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toContain('image/png');
      expect(logo.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    }
  });

  it('keeps the directory from the accountant (role 8 has no network_application_read)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/network-applications', headers: await signIn('comptable') });
    expect(res.statusCode).toBe(403);
  });
});
