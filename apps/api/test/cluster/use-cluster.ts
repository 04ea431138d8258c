// Each cluster test file starts its own cluster (scripts/cluster/topology.ts) on a database made
// afresh from the demo, so no file depends on another's leftovers. About 20 s per file on 2 cores.
import { afterAll, beforeAll } from 'vitest';
import { type Cluster, startCluster } from '../../../../scripts/cluster/topology.js';

/** The cluster's database: TEST_DATABASE_URL's server, a database of its own (dropped at each start). */
export function clusterDatabaseUrl(): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('Les tests du cluster demandent TEST_DATABASE_URL (PostgreSQL).');
  const url = new URL(base);
  // CLUSTER_TEST_DATABASE: two runs on one machine (a developer beside CI) each need their own.
  url.pathname = `/${process.env.CLUSTER_TEST_DATABASE ?? 'reseau_cluster_test'}`;
  return url.toString();
}

const redisPrefixOf = (databaseUrl: string) =>
  new URL(databaseUrl).pathname
    .slice(1)
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '')
    .slice(0, 31);

export interface ClusterHandle {
  /** Set once beforeAll has run. */
  current: Cluster;
}

/**
 * `extraEnv` is read when the cluster starts (a function, when it depends on something an earlier
 * `beforeAll` made, such as a collector's address).
 */
export function useCluster(extraEnv: Record<string, string> | (() => Record<string, string>) = {}): ClusterHandle {
  const handle = {} as ClusterHandle;
  beforeAll(async () => {
    handle.current = await startCluster({
      databaseUrl: clusterDatabaseUrl(),
      redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      freshDatabase: true,
      // Its own Redis counters, whoever else uses this Redis (another run, the developer's cluster).
      extraEnv: {
        REDIS_KEY_PREFIX: `${redisPrefixOf(clusterDatabaseUrl())}:`,
        ...(typeof extraEnv === 'function' ? extraEnv() : extraEnv),
      },
    });
  }, 240_000);
  afterAll(async () => {
    await handle.current?.shutdown();
  }, 60_000);
  return handle;
}

/** The demo's password (ARCHITECTURE.md, demo accounts). */
export const DEMO_PASSWORD = 'Demo2026!';

/** Signs a staff member in at `base` (the proxy or one instance); the tokens the API answered. */
export async function signInStaff(base: string, emailAddress: string, password = DEMO_PASSWORD) {
  const res = await fetch(`${base}/api/auth/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailAddress, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${emailAddress} at ${base}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { accessToken: string; refreshToken: string };
}
