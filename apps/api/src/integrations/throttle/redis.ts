import { Redis } from 'ioredis';
import type { ThrottleStore } from './store.js';

// One round trip, atomic: concurrent hits from several instances each get their own count.
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ARGV[2] == '1' or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/**
 * The connection shared by the throttles and @fastify/rate-limit. Commands fail fast while
 * Redis is away (a limited route then answers an error rather than waiting or going unlimited).
 */
export function createRedisClient(url: string, log: (msg: string, err: unknown) => void): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5_000, enableAutoPipelining: true });
  redis.on('error', (err) => log('redis connection error', err));
  return redis;
}

export function createRedisThrottleStore(redis: Redis, prefix: string): ThrottleStore {
  return {
    async hit(key, windowMs, options) {
      const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, windowMs, options?.sliding ? '1' : '0')) as [number, number];
      return { count, resetInMs: ttl };
    },
    async get(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      if (count === null || ttl <= 0) return null;
      return { count: Number(count), resetInMs: ttl };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
