import type { AppDeps } from '../../app-deps.js';

export type ProbeState = 'up' | 'down';

/** A probe that has not answered by then counts as down: a proxy's check must not hang. */
const PROBE_TIMEOUT_MS = 2000;

/** A key nothing is stored under: reading it proves the storage answers, without writing. */
const PROBE_KEY = 'readiness/probe';

async function probe(check: () => Promise<unknown>): Promise<ProbeState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ProbeState>((resolve) => {
    timer = setTimeout(() => resolve('down'), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then((): ProbeState => 'up'), timeout]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export interface Readiness {
  /** Redis (if configured) and the storage answer, and the instance is not draining. */
  ready: boolean;
  draining: boolean;
  redis: ProbeState | 'not_configured';
  storage: ProbeState;
}

/** Redis (when configured) and the storage, asked together; the database is the route's. */
export async function readiness(deps: AppDeps): Promise<Readiness> {
  const redis = deps.redis;
  const [redisState, storage] = await Promise.all([
    redis ? probe(() => redis.ping()) : Promise.resolve('not_configured' as const),
    probe(() => deps.storage.get(PROBE_KEY)),
  ]);
  const draining = deps.lifecycle.draining;
  return {
    ready: !draining && redisState !== 'down' && storage === 'up',
    draining,
    redis: redisState,
    storage,
  };
}
