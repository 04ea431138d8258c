import { rmdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from '../../../scripts/cluster/topology.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The database the cluster runs on: TEST_DATABASE_URL's server, a database of its own, dropped at each start. */
function clusterDatabaseUrl(): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('Les parcours sur le cluster demandent TEST_DATABASE_URL (PostgreSQL).');
  const url = new URL(base);
  // CLUSTER_E2E_DATABASE: two runs on one machine (a developer beside CI, the API's cluster tests) each need their own.
  url.pathname = `/${process.env.CLUSTER_E2E_DATABASE ?? 'reseau_cluster_e2e'}`;
  return url.toString();
}

/**
 * Starts the cluster once for the run and hands its addresses to the journeys through the
 * environment (the workers start after this and inherit it): CLUSTER_URL (nginx), CLUSTER_APP1_URL
 * and CLUSTER_APP2_URL (each instance's own address). The function it answers is the teardown.
 */
export default async function globalSetup() {
  const databaseUrl = clusterDatabaseUrl();
  const database = new URL(databaseUrl).pathname.slice(1);
  const cluster = await startCluster({
    databaseUrl,
    redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    freshDatabase: true,
    // Its own Redis counters, named after its database as the API's cluster tests do: a run of
    // those beside this one, or a second run on another database, counts apart.
    extraEnv: {
      REDIS_KEY_PREFIX: `${database
        .toLowerCase()
        .replace(/[^a-z0-9_-]/g, '')
        .slice(0, 31)}:`,
      // Every journey signs in several accounts from one address.
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    },
  });
  process.env.CLUSTER_URL = cluster.address;
  for (const [index, instance] of cluster.instances.entries()) process.env[`CLUSTER_APP${index + 1}_URL`] = instance.url;
  return async () => {
    await cluster.shutdown();
    // test-results/cluster stays only when a journey left a trace in it.
    for (const dir of [join(here, '..', 'test-results', 'cluster'), join(here, '..', 'test-results')]) {
      try {
        rmdirSync(dir);
      } catch {
        // Not empty, or absent.
      }
    }
  };
}
