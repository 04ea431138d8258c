// Issue 31 §1: two instances behind nginx behave as one system for sessions. Each request below
// names the instance it goes to (directly, by its own address) where the point is that the other
// one answers; the proxy is used where a browser would use it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCollector } from '../otlp-collector.js';
import { signInStaff, useCluster } from './use-cluster.js';

// The instances trace to a collector of the test's own: PostgreSQL and Redis are real here, so
// this is where their spans are seen (issue 31 §4).
let collector: Awaited<ReturnType<typeof startCollector>>;
beforeAll(async () => {
  collector = await startCollector();
});
afterAll(() => collector?.close());
const cluster = useCluster(() => ({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '200' }));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sessions across the instances', () => {
  it('a session opened on one instance works on the other, and its refresh too', async () => {
    const [app1, app2] = cluster.current.instances;
    const tokens = await signInStaff(app1!.url, 'admin@demo.fr');
    const me = await fetch(`${app2!.url}/api/roles`, { headers: bearer(tokens.accessToken) });
    expect(me.status).toBe(200);
    const refreshed = await fetch(`${app2!.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    });
    expect(refreshed.status).toBe(200);
  });

  it('signing out on one instance ends the session on the other at once', async () => {
    const [app1, app2] = cluster.current.instances;
    const tokens = await signInStaff(cluster.current.address, 'animateur@demo.fr');
    // The other instance has seen (and cached) this session before it ends.
    expect((await fetch(`${app2!.url}/api/roles`, { headers: bearer(tokens.accessToken) })).status).toBe(200);
    const out = await fetch(`${app1!.url}/api/auth/logout`, {
      method: 'POST',
      headers: { ...bearer(tokens.accessToken), 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    });
    expect(out.status).toBe(204);
    expect((await fetch(`${app2!.url}/api/roles`, { headers: bearer(tokens.accessToken) })).status).toBe(401);
    expect((await fetch(`${app1!.url}/api/roles`, { headers: bearer(tokens.accessToken) })).status).toBe(401);
  });
});

describe('tracing on PostgreSQL and Redis', () => {
  it('a sign-in sends the spans of HTTP, Fastify, pg and ioredis to the collector', async () => {
    await signInStaff(cluster.current.address, 'comptable@demo.fr');
    const wanted = [
      '@opentelemetry/instrumentation-http',
      '@fastify/otel',
      '@opentelemetry/instrumentation-pg',
      '@opentelemetry/instrumentation-ioredis',
    ];
    // Spans leave in batches (every 200 ms here): wait for them, within a deadline.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && !wanted.every((scope) => collector.scopes.includes(scope))) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([...new Set(collector.scopes)]).toEqual(expect.arrayContaining(wanted));
  });
});
