import type { Redis } from 'ioredis';
import { createMemoryThrottleStore } from './memory.js';
import { createRedisThrottleStore } from './redis.js';
import type { ThrottleStore } from './store.js';

export { createRedisClient } from './redis.js';
export type { ThrottleCount, ThrottleStore } from './store.js';

/** Shared between instances through Redis when REDIS_URL is set, this process's memory otherwise. */
export function createThrottleStore(redis: Redis | null, keyPrefix: string): ThrottleStore {
  return redis ? createRedisThrottleStore(redis, `${keyPrefix}throttle:`) : createMemoryThrottleStore();
}
