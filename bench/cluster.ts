// The cluster part (issue 31 §1): the API bench's three hot GET routes, measured against one
// instance of the cluster directly, then against both behind nginx, on this machine; printed as a
// ratio (goal ≥ 1.6× on two cores). The CPU each process used during the load is printed beside
// it, since on a small machine the load generator, nginx and PostgreSQL share the cores too.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { type Cluster, hasNginx, startCluster } from '../scripts/cluster/topology.js';
import { autocannon, HOT_ROUTES } from './api.js';
import { signIn } from './server.js';

const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const GOAL = 1.6;
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

interface ProcessTicks {
  pid: number;
  ppid: number;
  comm: string;
  ticks: number;
}

/** Every process's CPU time so far (user + system, in clock ticks), from /proc. */
function processTicks(): ProcessTicks[] {
  const found: ProcessTicks[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      // After the command's closing parenthesis: state, ppid, … utime (14th field), stime (15th).
      const fields = stat.slice(close + 2).split(' ');
      found.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        comm: stat.slice(stat.indexOf('(') + 1, close),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/** The machine's busy time so far, all cores and processes (another user's work included). */
function machineTicks(): number {
  const [, ...values] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  return values.slice(0, 8).reduce((sum, v, i) => (i === 3 || i === 4 ? sum : sum + v), 0);
}

type Groups = Record<string, number>;

/**
 * The CPU time of this process's children that have exited and been waited for: the load
 * generator's, read once it has ended (the instances and nginx, also children, are still running).
 */
function childrenTicks(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[13]) + Number(fields[14]);
}

interface Snapshot {
  processes: Map<number, ProcessTicks>;
  children: number;
  machine: number;
}

const snapshot = (): Snapshot => ({
  processes: new Map(processTicks().map((p) => [p.pid, p])),
  children: childrenTicks(),
  machine: machineTicks(),
});

/**
 * CPU time between two snapshots per group: each instance, nginx (master and workers), PostgreSQL
 * (all its processes: a backend that ended meanwhile is not counted), the load generator, and
 * every other process of the machine (another user's work included).
 */
function groupTicks(cluster: Cluster, before: Snapshot, after: Snapshot): Groups {
  const all = [...after.processes.values()];
  const used = (p: ProcessTicks) => p.ticks - (before.processes.get(p.pid)?.ticks ?? 0);
  const nginxMaster = all.find((p) => p.comm === 'nginx' && p.ppid === process.pid);
  const sum = (keep: (p: ProcessTicks) => boolean) => all.filter(keep).reduce((total, p) => total + used(p), 0);
  const groups: Groups = {};
  for (const instance of cluster.instances) groups[instance.name] = sum((p) => p.pid === instance.child.pid);
  groups.nginx = nginxMaster ? sum((p) => p.pid === nginxMaster.pid || p.ppid === nginxMaster.pid) : 0;
  groups.PostgreSQL = sum((p) => p.comm === 'postgres');
  groups.autocannon = after.children - before.children;
  const ours = Object.values(groups).reduce((total, ticks) => total + ticks, 0);
  groups.machine = after.machine - before.machine;
  groups.others = Math.max(0, groups.machine - ours);
  return groups;
}

/** One measured load, with the CPU each group used meanwhile (in % of one core). */
async function measure(cluster: Cluster, url: string, headers: Record<string, string>) {
  await autocannon(url, 10, 1, headers);
  const before = snapshot();
  const started = performance.now();
  const result = await autocannon(url, CONNECTIONS, DURATION_S, headers);
  const seconds = (performance.now() - started) / 1000;
  const after = snapshot();
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpu: Groups = {};
  for (const [group, ticks] of Object.entries(groupTicks(cluster, before, after))) {
    cpu[group] = (ticks / TICKS_PER_SECOND / seconds) * 100;
  }
  return { rps: result.requests.average, cpu };
}

/** CPU time the serving side (instances, nginx, PostgreSQL) spent per request, in µs. */
const perRequest = (run: { rps: number; cpu: Groups }) => {
  const serving = ['app1', 'app2', 'nginx', 'PostgreSQL'].reduce((total, group) => total + (run.cpu[group] ?? 0), 0);
  return `${((serving / 100 / run.rps) * 1e6).toFixed(0)} µs de CPU par requête côté serveur`;
};

const cpuLine = (cpu: Groups) =>
  Object.entries(cpu)
    .filter(([group]) => group !== 'machine')
    .map(([group, percent]) => `${group === 'others' ? 'autres processus' : group} ${percent.toFixed(0)} %`)
    .join(', ');

/** Needs PostgreSQL (BENCH_DATABASE_URL), Redis (BENCH_REDIS_URL, default the local one) and nginx. */
export async function runClusterBench(): Promise<string[]> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) return ['Cluster : non mesuré (BENCH_DATABASE_URL absent : le cluster demande PostgreSQL).'];
  if (!hasNginx()) return ['Cluster : non mesuré (nginx absent : « apt-get install -y nginx »).'];
  const url = new URL(base);
  const name = process.env.BENCH_CLUSTER_DATABASE ?? 'reseau_cluster_bench';
  url.pathname = `/${name}`;
  console.log('Démarrage du cluster (deux instances, nginx)…');
  const cluster = await startCluster({
    databaseUrl: url.toString(),
    redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    freshDatabase: true,
    // The production logger's level, as the API part's server; counters of its own on a shared Redis.
    extraEnv: { LOG_LEVEL: 'warn', REDIS_KEY_PREFIX: `${name.toLowerCase().replace(/[^a-z0-9_-]/g, '')}:` },
  });
  const single = cluster.instances[0]!.url;
  const bearer = async (area: 'admin' | 'client', email: string) =>
    `Bearer ${(await signIn(cluster.address, area, email)).accessToken}`;
  const tokens = { admin: await bearer('admin', 'admin@demo.fr'), client: await bearer('client', 'client@demo.fr') };
  const lines: string[] = [];
  try {
    for (const route of HOT_ROUTES) {
      console.log(`GET ${route.path} : une instance, puis deux derrière nginx (${ROUNDS} manches)…`);
      const headers = { authorization: tokens[route.who] };
      const rounds: { one: Awaited<ReturnType<typeof measure>>; two: Awaited<ReturnType<typeof measure>>; ratio: number }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const one = await measure(cluster, `${single}${route.path}`, headers);
        const two = await measure(cluster, `${cluster.address}${route.path}`, headers);
        rounds.push({ one, two, ratio: two.rps / one.rps });
      }
      const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
      const each = rounds.map((r) => r.ratio.toFixed(2)).join('/');
      lines.push(
        `Cluster GET ${route.path.padEnd(27)}: 1 instance ${median.one.rps.toFixed(0).padStart(6)} req/s ; 2 instances + nginx ${median.two.rps.toFixed(0).padStart(6)} req/s ; ratio ${median.ratio.toFixed(2)}× (manches ${each}) (objectif ≥ ${GOAL}×) ${median.ratio >= GOAL ? '✓' : '✗'}`,
        `        CPU (% d’un cœur), 1 instance : ${cpuLine(median.one.cpu)} ; machine ${median.one.cpu.machine?.toFixed(0)} % sur ${availableParallelism()} cœurs ; ${perRequest(median.one)}`,
        `        CPU (% d’un cœur), 2 instances : ${cpuLine(median.two.cpu)} ; machine ${median.two.cpu.machine?.toFixed(0)} % sur ${availableParallelism()} cœurs ; ${perRequest(median.two)}`,
      );
    }
  } finally {
    await cluster.shutdown();
  }
  return lines;
}
