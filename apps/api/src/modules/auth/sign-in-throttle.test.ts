import { describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, testRedis } from '../../../test/helper.js';
import { createMemoryThrottleStore } from '../../integrations/throttle/memory.js';

// A store with a clock of our own: locks of minutes pass without waiting.
let now = Date.now();
const t = await buildTestApp({}, { throttle: createMemoryThrottleStore({ now: () => now }) });
const minutes = (n: number) => {
  now += n * 60_000;
};

type App = Awaited<ReturnType<typeof buildTestApp>>;
const signIn = (app: App, area: 'admin' | 'client', emailAddress: string, password = PASSWORD) =>
  app.app.inject({ method: 'POST', url: `/api/auth/${area}`, payload: { emailAddress, password } });
async function fail(area: 'admin' | 'client', emailAddress: string, times: number, app = t) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await signIn(app, area, emailAddress, 'Mauvais123')).statusCode);
  return statuses;
}

function expectLocked(res: Awaited<ReturnType<typeof signIn>>, retryAfter: number, inMinutes: string) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(retryAfter));
  expect(res.json()).toEqual({
    code: 'too_many_requests',
    message: `Trop de tentatives de connexion pour ce compte : réessayez dans ${inMinutes}.`,
  });
}

describe('sign-in backoff per account', () => {
  it('locks an admin account for a minute after 5 failures, even for the right password, then lets it in', async () => {
    const admin = await t.buildAdmin({ roleId: 2 });
    expect(await fail('admin', admin.emailAddress, 5)).toEqual([401, 401, 401, 401, 401]);
    expectLocked(await signIn(t, 'admin', admin.emailAddress), 60, '1 minute');
    // The address is the account whatever its case.
    expectLocked(await signIn(t, 'admin', admin.emailAddress.toUpperCase()), 60, '1 minute');
    minutes(1);
    expect((await signIn(t, 'admin', admin.emailAddress)).statusCode).toBe(200);
  });

  it('locks an unknown address exactly like a known one', async () => {
    expect(await fail('client', 'personne-inconnue@test.fr', 5)).toEqual([401, 401, 401, 401, 401]);
    expectLocked(await signIn(t, 'client', 'personne-inconnue@test.fr'), 60, '1 minute');
  });

  it('each failure after a lock doubles the next one, up to 15 minutes', async () => {
    const client = await t.buildClient();
    await fail('client', client.emailAddress, 5);
    // [minutes waited (the lock in force), the next lock]
    for (const [waited, next] of [
      [1, 2],
      [2, 4],
      [4, 8],
      [8, 15],
      [15, 15],
    ] as const) {
      minutes(waited);
      expect((await signIn(t, 'client', client.emailAddress, 'Mauvais123')).statusCode).toBe(401);
      expectLocked(await signIn(t, 'client', client.emailAddress), next * 60, `${next} minutes`);
    }
  });

  it('a successful sign-in clears the failures', async () => {
    const client = await t.buildClient();
    expect(await fail('client', client.emailAddress, 4)).toEqual([401, 401, 401, 401]);
    expect((await signIn(t, 'client', client.emailAddress)).statusCode).toBe(200);
    expect(await fail('client', client.emailAddress, 5)).toEqual([401, 401, 401, 401, 401]);
    expectLocked(await signIn(t, 'client', client.emailAddress), 60, '1 minute');
  });

  it('counts each area on its own', async () => {
    const admin = await t.buildAdmin({ roleId: 2 });
    await fail('admin', admin.emailAddress, 5);
    expect((await signIn(t, 'admin', admin.emailAddress)).statusCode).toBe(429);
    expect((await signIn(t, 'client', admin.emailAddress)).statusCode).toBe(401);
  });

  it('concurrent wrong attempts get 5 free ones and one more, then the lock', async () => {
    const admin = await t.buildAdmin({ roleId: 2 });
    const results = await Promise.all(Array.from({ length: 12 }, () => signIn(t, 'admin', admin.emailAddress, 'Mauvais123')));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect((await signIn(t, 'admin', admin.emailAddress)).statusCode).toBe(429);
  });
});

if (process.env.TEST_REDIS_URL) {
  describe('sign-in backoff shared through Redis', async () => {
    const r = await buildTestApp(testRedis());

    it('locks after 5 failures, known or unknown, and concurrent attempts get no more', async () => {
      const admin = await r.buildAdmin({ roleId: 2 });
      expect(await fail('admin', admin.emailAddress, 5, r)).toEqual([401, 401, 401, 401, 401]);
      expectLocked(await signIn(r, 'admin', admin.emailAddress), 60, '1 minute');
      const results = await Promise.all(Array.from({ length: 12 }, () => signIn(r, 'client', 'inconnu@test.fr', 'Mauvais123')));
      expect(results.filter((res) => res.statusCode === 401)).toHaveLength(6);
      const after = await signIn(r, 'client', 'inconnu@test.fr');
      expect(after.statusCode).toBe(429);
      expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
}
