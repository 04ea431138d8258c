// Issue 31 §1: what one instance decides, the other knows at once: ended sessions, sign-in
// throttles and rate limits, scheduled jobs' turns, live events. Each request names the instance it
// goes to, so that a state kept by one instance only would show.
import { ERROR_MESSAGES } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { type ReceivedEvent, readEvents } from '../sse.js';
import { bearer, metricSamples } from './cluster-helpers.js';
import { DEMO_PASSWORD, signInStaff, useCluster } from './use-cluster.js';

const cluster = useCluster();

const subjectOf = (accessToken: string) =>
  Number((JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub);

/** A staff sign-in as if from `clientAddress` (the instances trust the loopback proxy's X-Forwarded-For). */
function signInFrom(base: string, clientAddress: string, emailAddress: string, password: string) {
  return fetch(`${base}/api/auth/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
    body: JSON.stringify({ emailAddress, password }),
  });
}

describe('sessions ended by an administrator', () => {
  it("archiving a user on one instance refuses that user's token on the other at once", async () => {
    const [app1, app2] = cluster.current.instances;
    const admin = await signInStaff(app1!.url, 'admin@demo.fr');
    const accountant = await signInStaff(app2!.url, 'comptable@demo.fr');
    // The other instance has served (and cached) the session before it ends.
    expect((await fetch(`${app2!.url}/api/roles`, { headers: bearer(accountant.accessToken) })).status).toBe(200);

    const archived = await fetch(`${app1!.url}/api/adherent-users/${subjectOf(accountant.accessToken)}:archive`, {
      method: 'POST',
      headers: bearer(admin.accessToken),
    });
    expect(archived.status).toBe(204);
    expect((await fetch(`${app2!.url}/api/roles`, { headers: bearer(accountant.accessToken) })).status).toBe(401);
    const refreshed = await fetch(`${app2!.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: accountant.refreshToken }),
    });
    expect(refreshed.status).toBe(400);
  });
});

describe('throttles and rate limits shared by the instances', () => {
  it('locks an account after five wrong passwords counted over both instances', async () => {
    const [app1, app2] = cluster.current.instances;
    const email = `cl-throttle-${Date.now()}@exemple.fr`;
    // Alternately: each instance alone sees at most three of the five.
    const statuses: number[] = [];
    for (const base of [app1, app2, app1, app2, app1]) {
      statuses.push((await signInFrom(base!.url, '198.51.100.21', email, 'Mauvais-mot-2026!')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await signInFrom(app2!.url, '198.51.100.21', email, 'Mauvais-mot-2026!');
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { message: string }).message).toMatch(/^Trop de tentatives de connexion pour ce compte/);
  });

  it('refuses a sign-in past the limit per address when the calls are spread over both instances', async () => {
    const [app1, app2] = cluster.current.instances;
    // RATE_LIMIT_AUTH_PER_MINUTE is 10 (the default): ten calls pass, spread five and five.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const base = (i % 2 === 0 ? app1 : app2)!.url;
      statuses.push(
        (await signInFrom(base, '203.0.113.45', `cl-limit-${i}-${Date.now()}@exemple.fr`, 'Mauvais-mot-2026!')).status,
      );
    }
    expect(statuses).toEqual(statuses.map(() => 401));
    const refused = await signInFrom(app1!.url, '203.0.113.45', 'admin@demo.fr', DEMO_PASSWORD);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_requests', message: ERROR_MESSAGES.too_many_requests });
    // Another address is not held up by it.
    expect((await signInFrom(app2!.url, '203.0.113.46', 'admin@demo.fr', DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('scheduled jobs', () => {
  it('runs each job once per period in the cluster while both instances take their turns', async () => {
    const { instances } = cluster.current;
    const JOB = 'background jobs'; // every 3 s (app.ts), the shortest period
    const turns = async () =>
      Promise.all(
        instances.map(async (i) => {
          const samples = (await metricSamples(i.url, 'reseau_scheduled_job_runs_total')).filter((s) => s.labels.job === JOB);
          const of = (outcome: string) => samples.find((s) => s.labels.outcome === outcome)?.value ?? 0;
          return { ran: of('ran'), skipped: of('skipped') };
        }),
      );
    const before = await turns();
    // Until each instance has had four turns (about four periods): a condition, not a sleep.
    let after = before;
    await expect
      .poll(
        async () => {
          after = await turns();
          return after.every((t, i) => t.ran + t.skipped - (before[i]!.ran + before[i]!.skipped) >= 4);
        },
        { timeout: 40_000, interval: 500 },
      )
      .toBe(true);
    const ran = after.reduce((sum, t, i) => sum + t.ran - before[i]!.ran, 0);
    const tried = after.reduce((sum, t, i) => sum + t.ran + t.skipped - before[i]!.ran - before[i]!.skipped, 0);
    // Both timers fire once a period: the job runs at one of the two turns, not at both.
    expect(tried).toBeGreaterThanOrEqual(8);
    expect(ran).toBeGreaterThanOrEqual(2);
    expect(ran).toBeLessThanOrEqual(Math.ceil(tried / 2) + 1);
  }, 60_000);
});

describe('live events', () => {
  it('an event caused through one instance reaches a stream open on the other', async () => {
    const [app1, app2] = cluster.current.instances;
    const admin = await signInStaff(app1!.url, 'admin@demo.fr');
    const abort = new AbortController();
    const stream = await fetch(`${app2!.url}/api/live-events`, { headers: bearer(admin.accessToken), signal: abort.signal });
    expect(stream.status).toBe(200);
    const events: ReceivedEvent[] = [];
    const reading = readEvents(stream.body!, events);
    try {
      await expect.poll(() => events.some((e) => e.event === 'ready')).toBe(true);
      const list = await fetch(`${app1!.url}/api/contacts?pageSize=1`, { headers: bearer(admin.accessToken) });
      expect(list.status).toBe(200);
      const [contact] = ((await list.json()) as { contacts: { id: number; agencyId: number; isProcessed: boolean }[] }).contacts;
      const method = contact!.isProcessed ? 'set-to-process' : 'set-processed';
      const changed = await fetch(`${app1!.url}/api/contacts/${contact!.id}:${method}`, {
        method: 'PUT',
        headers: bearer(admin.accessToken),
      });
      expect(changed.status).toBe(204);
      await expect
        .poll(() => events.filter((e) => e.event === 'contacts').map((e) => e.data), { timeout: 5000, interval: 50 })
        .toContainEqual({ kind: 'contacts', agencyId: contact!.agencyId });
    } finally {
      abort.abort();
      await reading;
    }
  });
});
