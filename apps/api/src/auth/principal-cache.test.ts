import { describe, expect, it } from 'vitest';
import { createPrincipalCache } from './principal-cache.js';

function counter() {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    loader: (value: object | null, validUntil?: Date) => async () => {
      calls += 1;
      return value ? { value, validUntil } : null;
    },
  };
}

describe('principal cache', () => {
  it('answers a known caller from memory while it is live and fresh', async () => {
    let clock = 1_000;
    const cache = createPrincipalCache({ ttlMs: 5_000, now: () => clock });
    cache.setLive(true);
    const db = counter();
    expect(await cache.load('k', db.loader({ id: 1 }))).toEqual({ id: 1 });
    expect(await cache.load('k', db.loader({ id: 1 }))).toEqual({ id: 1 });
    expect(db.calls).toBe(1);
    clock += 5_000;
    await cache.load('k', db.loader({ id: 1 }));
    expect(db.calls).toBe(2);
  });

  it('asks the database every time while changes cannot be heard (fail closed)', async () => {
    const cache = createPrincipalCache();
    const db = counter();
    await cache.load('k', db.loader({ id: 1 }));
    await cache.load('k', db.loader({ id: 1 }));
    expect(db.calls).toBe(2);
    cache.setLive(true);
    await cache.load('k', db.loader({ id: 1 }));
    cache.setLive(false);
    await cache.load('k', db.loader({ id: 1 }));
    expect(db.calls).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('never keeps a refusal: an unknown or revoked caller is asked again', async () => {
    const cache = createPrincipalCache();
    cache.setLive(true);
    const db = counter();
    expect(await cache.load('k', db.loader(null))).toBeNull();
    expect(await cache.load('k', db.loader(null))).toBeNull();
    expect(db.calls).toBe(2);
  });

  it('forgets everything on a change, and does not store a lookup that started before it', async () => {
    const cache = createPrincipalCache();
    cache.setLive(true);
    const db = counter();
    await cache.load('a', db.loader({ id: 1 }));
    cache.clear();
    await cache.load('a', db.loader({ id: 1 }));
    expect(db.calls).toBe(2);

    let finish: (v: { value: object }) => void = () => {};
    const slow = cache.load('b', () => new Promise<{ value: object }>((ok) => (finish = ok)));
    cache.clear(); // a revocation lands while the lookup is in flight
    finish({ value: { stale: true } });
    expect(await slow).toEqual({ stale: true });
    await cache.load('b', db.loader({ fresh: true }));
    expect(db.calls).toBe(3);
  });

  it('never keeps an entry past the end of its session', async () => {
    let clock = 10_000;
    const cache = createPrincipalCache({ ttlMs: 60_000, now: () => clock });
    cache.setLive(true);
    const db = counter();
    await cache.load('k', db.loader({ id: 1 }, new Date(12_000)));
    clock = 11_999;
    await cache.load('k', db.loader({ id: 1 }, new Date(12_000)));
    expect(db.calls).toBe(1);
    clock = 12_000;
    await cache.load('k', db.loader(null));
    expect(db.calls).toBe(2);
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = createPrincipalCache({ maxEntries: 2 });
    cache.setLive(true);
    const db = counter();
    for (const key of ['a', 'b', 'c']) await cache.load(key, db.loader({ key }));
    expect(cache.size).toBe(2);
    await cache.load('a', db.loader({ key: 'a' }));
    expect(db.calls).toBe(4);
  });
});
