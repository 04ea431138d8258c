import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { deleteRedisKeys } from '../../../test/helper.js';
import { createMemoryThrottleStore } from './memory.js';
import { createRedisClient, createRedisThrottleStore } from './redis.js';
import type { ThrottleStore } from './store.js';

/** The memory store always; the Redis one too when TEST_REDIS_URL is set (CI sets it). */
const stores: [string, () => ThrottleStore][] = [['memory', () => createMemoryThrottleStore()]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  // A prefix of this run only: nothing shared with another run, and all of it deleted after.
  const prefix = `reseau-test:${randomUUID()}:`;
  const redis = createRedisClient(redisUrl, () => {});
  stores.push(['redis', () => createRedisThrottleStore(redis, prefix)]);
  afterAll(async () => {
    await redis.quit();
    await deleteRedisKeys(redisUrl, prefix);
  });
}

describe.each(stores)('throttle store: %s', (_name, create) => {
  const store = create();
  const key = () => `k:${randomUUID()}`;

  it('counts the hits of a key, from 1, and tells the time left', async () => {
    const k = key();
    expect(await store.get(k)).toBeNull();
    expect(await store.hit(k, 60_000)).toMatchObject({ count: 1 });
    const second = await store.hit(k, 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await store.get(k))?.count).toBe(2);
    // Keys do not mix.
    expect((await store.hit(key(), 60_000)).count).toBe(1);
  });

  it('get changes nothing', async () => {
    const k = key();
    await store.hit(k, 60_000);
    await store.get(k);
    await store.get(k);
    expect((await store.get(k))?.count).toBe(1);
  });

  it('a fixed window keeps the end set by the first hit; a sliding one moves it', async () => {
    const fixed = key();
    await store.hit(fixed, 10_000);
    expect((await store.hit(fixed, 600_000)).resetInMs).toBeLessThanOrEqual(10_000);
    const sliding = key();
    await store.hit(sliding, 10_000);
    expect((await store.hit(sliding, 600_000, { sliding: true })).resetInMs).toBeGreaterThan(10_000);
  });

  it('forgets a key when its window ends', async () => {
    const k = key();
    await store.hit(k, 30);
    await vi.waitFor(async () => expect(await store.get(k)).toBeNull(), { timeout: 5_000, interval: 20 });
    expect((await store.hit(k, 60_000)).count).toBe(1);
  });

  it('reset clears a key', async () => {
    const k = key();
    await store.hit(k, 60_000);
    await store.hit(k, 60_000);
    await store.reset(k);
    expect(await store.get(k)).toBeNull();
    expect((await store.hit(k, 60_000)).count).toBe(1);
  });

  it('concurrent hits each get their own count', async () => {
    const k = key();
    const counts = await Promise.all(Array.from({ length: 25 }, () => store.hit(k, 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });
});

describe('memory throttle store', () => {
  it('stays within its size: expired keys go first, then the oldest', async () => {
    let now = 0;
    const store = createMemoryThrottleStore({ maxEntries: 3, now: () => now });
    await store.hit('short', 10);
    await store.hit('a', 1_000);
    await store.hit('b', 1_000);
    now = 20; // "short" has expired
    await store.hit('c', 1_000);
    expect(await store.get('a')).not.toBeNull();
    await store.hit('d', 1_000); // full: the oldest ("a") makes room
    expect(await store.get('a')).toBeNull();
    expect((await store.get('b'))?.count).toBe(1);
    expect((await store.get('d'))?.count).toBe(1);
  });

  it('measures windows with its clock', async () => {
    let now = 1_000;
    const store = createMemoryThrottleStore({ now: () => now });
    await store.hit('k', 60_000);
    now += 59_999;
    expect(await store.get('k')).toEqual({ count: 1, resetInMs: 1 });
    now += 1;
    expect(await store.get('k')).toBeNull();
  });
});
