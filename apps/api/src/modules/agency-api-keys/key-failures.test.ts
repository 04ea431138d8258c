import { AGENCY_API_KEY_FAILURES_PER_MINUTE, AGENCY_API_KEY_HEADER, AGENCY_API_KEY_MESSAGES } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agencyWithKey } from '../../../test/agency-keys.js';
import { buildTestApp, testRedis } from '../../../test/helper.js';
import { agencyApiKeys } from '../../db/schema/index.js';
import { createMemoryThrottleStore } from '../../integrations/throttle/memory.js';
import type { ThrottleStore } from '../../integrations/throttle/store.js';

// On Redis too when TEST_REDIS_URL is set: the failures of one address are counted across instances.
const t = await buildTestApp(testRedis());

/** Made-up keys of the right shape: each would get a fresh bucket of the per-key limit. */
const madeUpKey = (i: number) => `rek_${String(i).padStart(43, 'x')}`;

/** One keyed call from `address`, alternating routes: the guard is the same on every keyed route. */
const callFrom = (address: string, apiKey: string | undefined, i = 0) =>
  t.app.inject({
    method: 'GET',
    url:
      i % 2 === 0 ? '/api/agency-api-keys:current' : `/api/imports/changes?since=${encodeURIComponent('2026-01-01T00:00:00Z')}`,
    remoteAddress: address,
    headers: apiKey === undefined ? {} : { [AGENCY_API_KEY_HEADER]: apiKey },
  });

/** Missing, malformed and unknown keys all count. */
const badKey = (i: number) => [undefined, 'pas-une-cle', madeUpKey(i)][i % 3];

async function failFrom(address: string, times: number) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) statuses.push((await callFrom(address, badKey(i), i)).statusCode);
  return statuses;
}

describe('failed key lookups per client address', () => {
  it(`answer 401 ${AGENCY_API_KEY_FAILURES_PER_MINUTE} times a minute, then 429 with Retry-After, even to a valid key`, async () => {
    const { apiKey, keyId } = await agencyWithKey(t);
    const address = '203.0.113.10';
    expect(await failFrom(address, AGENCY_API_KEY_FAILURES_PER_MINUTE)).toEqual(
      Array(AGENCY_API_KEY_FAILURES_PER_MINUTE).fill(401),
    );

    const locked = await callFrom(address, madeUpKey(999));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'too_many_requests', message: AGENCY_API_KEY_MESSAGES.tooManyFailures });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Refused before the key is looked up: a valid key from the locked address is not even read
    // (its last use stays unset), whichever keyed route it calls.
    expect((await callFrom(address, apiKey, 0)).statusCode).toBe(429);
    expect((await callFrom(address, apiKey, 1)).statusCode).toBe(429);
    const [row] = await t.db.select().from(agencyApiKeys).where(eq(agencyApiKeys.id, keyId));
    expect(row?.lastUsedAt).toBeNull();
  });

  it('leaves other addresses alone: a bad key is still a 401 there, a valid key a 200', async () => {
    const { apiKey } = await agencyWithKey(t);
    await failFrom('203.0.113.20', AGENCY_API_KEY_FAILURES_PER_MINUTE + 1);
    expect((await callFrom('203.0.113.20', madeUpKey(1))).statusCode).toBe(429);

    const other = await callFrom('198.51.100.21', madeUpKey(2));
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ code: 'invalid_api_key' });
    expect((await callFrom('198.51.100.21', apiKey)).statusCode).toBe(200);
  });

  it('counts failures only: a valid key called many times from one address is never refused by it', async () => {
    const { apiKey } = await agencyWithKey(t);
    const address = '203.0.113.30';
    for (let i = 0; i < AGENCY_API_KEY_FAILURES_PER_MINUTE + 5; i += 1) {
      expect((await callFrom(address, apiKey, i)).statusCode).toBe(200);
    }
    expect(await failFrom(address, AGENCY_API_KEY_FAILURES_PER_MINUTE)).toEqual(
      Array(AGENCY_API_KEY_FAILURES_PER_MINUTE).fill(401),
    );
  });

  it('gives exactly the limit of 401s to bad keys sent at once, the rest 429', async () => {
    const address = '203.0.113.35';
    const answers = await Promise.all(
      Array.from({ length: 2 * AGENCY_API_KEY_FAILURES_PER_MINUTE }, (_, i) => callFrom(address, madeUpKey(i), i)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(AGENCY_API_KEY_FAILURES_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(AGENCY_API_KEY_FAILURES_PER_MINUTE);
  });

  it('a revoked key counts as a failure', async () => {
    const { director, keyId, apiKey } = await agencyWithKey(t);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/agency-api-keys/${keyId}`,
      headers: await t.authHeader(director),
    });
    expect(revoked.statusCode).toBe(204);
    const address = '203.0.113.40';
    for (let i = 0; i < AGENCY_API_KEY_FAILURES_PER_MINUTE; i += 1) {
      expect((await callFrom(address, apiKey, i)).statusCode).toBe(401);
    }
    expect((await callFrom(address, apiKey)).statusCode).toBe(429);
  });

  it('names the counter by a digest of the address, never the address itself (Redis keys get listed)', async () => {
    const counted: string[] = [];
    const memory = createMemoryThrottleStore();
    const recording: ThrottleStore = {
      hit: (key, windowMs, options) => {
        counted.push(key);
        return memory.hit(key, windowMs, options);
      },
      get: (key) => memory.get(key),
      reset: (key) => memory.reset(key),
    };
    const r = await buildTestApp({}, { throttle: recording });
    const res = await r.app.inject({ method: 'GET', url: '/api/agency-api-keys:current', remoteAddress: '203.0.113.50' });
    expect(res.statusCode).toBe(401);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatch(/^agency-key-failures:[0-9a-f]{32}$/);
  });
});
