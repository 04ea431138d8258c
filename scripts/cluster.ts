// `npm run cluster`: on this machine, the topology a real deployment runs (deploy/compose.yaml):
// two API instances on one PostgreSQL, Redis and S3 store (s3rver here), behind nginx configured by
// deploy/nginx.conf. Prints the one address to open; Ctrl-C stops everything, the instances drained.
// The settings given to the instances are the ones deploy/cluster-env.json names, which the compose
// file must name too (apps/api/test/deploy-in-step.test.ts). The topology itself: cluster/topology.ts.
import { join } from 'node:path';
import { ClusterError, startCluster } from './cluster/topology.ts';

const cluster = await startCluster({
  databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/reseau_cluster',
  redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  proxyPort: Number(process.env.CLUSTER_PORT || 8080),
}).catch((err: unknown) => {
  console.error(err instanceof ClusterError ? err.message : err);
  process.exit(1);
});

const stopAll = () => {
  console.log('\nArrêt : nginx, puis les instances (elles finissent leurs requêtes)…');
  void cluster.shutdown().then(() => process.exit(0));
};
process.once('SIGINT', stopAll);
process.once('SIGTERM', stopAll);

const { instances } = cluster;
console.log(`\nPlateforme prête (2 instances derrière nginx) : ${cluster.address}`);
// /dev/mailbox and /api/metrics answer direct local callers only, never through the proxy.
console.log(`Instances en direct (/dev/mailbox, /api/metrics) : ${instances.map((i) => `${i.name} ${i.url}`).join(', ')}`);
console.log(`Journaux : ${instances.map((i) => i.logFile).join(', ')}, ${join(cluster.workDir, 'nginx-access.log')}`);
console.log('Ctrl-C pour tout arrêter.');
