// The cluster of issue 31 §1 as a library: two API instances (the same settings as
// deploy/cluster-env.json names) on one PostgreSQL, Redis and S3 store (s3rver), behind nginx
// configured by deploy/nginx.conf. `npm run cluster` (scripts/cluster.ts) runs it for a person;
// the cluster tests (apps/api/test/cluster) and the bench's cluster part run it for a check.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';

export const root = fileURLToPath(new URL('../..', import.meta.url));

interface Topology {
  services: string[];
  sameValue: Record<string, string>;
  perTopology: string[];
  composeOnly: string[];
}

/** A refusal the caller prints as is (French, for the person who ran the command). */
export class ClusterError extends Error {}

export function freePort(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const chosen = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolve(chosen));
    });
  });
}

export function hasNginx(): boolean {
  return !spawnSync('nginx', ['-v'], { stdio: 'ignore' }).error;
}

export function buildWebAppIfMissing(): void {
  if (existsSync(join(root, 'apps/web/dist/index.html'))) return;
  console.log('Construction de l’application web (apps/web/dist absent)…');
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new ClusterError('La construction de l’application web a échoué.');
}

async function adminQuery(databaseUrl: string, run: (client: pg.Client, name: string, quoted: string) => Promise<void>) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    await run(client, name, `"${name.replaceAll('"', '""')}"`);
  } catch (err) {
    throw new ClusterError(
      `PostgreSQL injoignable ou refusé (${(err as Error).message}) : vérifiez DATABASE_URL et que le serveur tourne.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates the database the URL names when the server does not have it yet; `fresh` drops it first. */
export async function ensureDatabase(databaseUrl: string, { fresh = false } = {}): Promise<void> {
  await adminQuery(databaseUrl, async (client, name, quoted) => {
    if (fresh) await client.query(`drop database if exists ${quoted} with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${quoted}`);
  });
}

export async function waitReady(url: string, seconds: number, isAlive = () => true): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline && isAlive()) {
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Resolves when the process has exited; kills it after `ms`. */
export function exited(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export interface Instance {
  name: string;
  port: number;
  /** The instance's own address (readiness, /dev/mailbox, /api/metrics answer there only). */
  url: string;
  logFile: string;
  child: ChildProcess;
  env: Record<string, string>;
}

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  /** The proxy's port; 0 chooses a free one. */
  proxyPort?: number;
  /** Drops and recreates the database first (tests and bench start from the demo, always the same). */
  freshDatabase?: boolean;
  /**
   * Settings a check adds to both instances beyond the topology's (a shorter period, a lower
   * limit). The topology's own settings cannot be overridden this way.
   */
  extraEnv?: Record<string, string>;
  /** Prints where the logs are when an instance does not start (default true). */
  verbose?: boolean;
}

export interface Cluster {
  /** The one address to open: nginx. */
  address: string;
  instances: Instance[];
  workDir: string;
  /** Sends a signal to one instance and waits for it to exit (SIGTERM: it drains first). */
  stopInstance(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a stopped instance again on its port, with its settings, and waits until it is ready. */
  startInstance(name: string): Promise<void>;
  /** nginx, then the instances (drained), then the store; removes the work folder. */
  shutdown(): Promise<void>;
}

async function readTopology(): Promise<Topology> {
  return JSON.parse(await readFile(join(root, 'deploy/cluster-env.json'), 'utf8')) as Topology;
}

/** Exactly the settings deploy/cluster-env.json names: a setting added here must be added there and in compose. */
function instanceEnv(topology: Topology, port: number, shared: Record<string, string>) {
  const env: Record<string, string> = { ...topology.sameValue, ...shared, HOST: '127.0.0.1', PORT: String(port) };
  const expected = [...Object.keys(topology.sameValue), ...topology.perTopology].sort();
  const actual = Object.keys(env).sort();
  if (expected.join() !== actual.join()) {
    throw new ClusterError(`cluster-env.json et scripts/cluster/topology.ts divergent : ${actual.join(', ')}`);
  }
  return env;
}

function spawnInstance(instance: Omit<Instance, 'child'>, extraEnv: Record<string, string>): ChildProcess {
  const out = openSync(instance.logFile, 'a');
  // Its own process group: Ctrl-C reaches the cluster script only, which then drains the instances.
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(root, 'apps/api'),
    env: { ...process.env, ...extraEnv, ...instance.env },
    stdio: ['ignore', out, out],
    detached: true,
  });
}

async function writeNginxConfig(directory: string, instances: Instance[], port: number): Promise<string> {
  const template = await readFile(join(root, 'deploy/nginx.conf'), 'utf8');
  const config = template
    .replaceAll('app1:3000', `127.0.0.1:${instances[0]?.port}`)
    .replaceAll('app2:3000', `127.0.0.1:${instances[1]?.port}`)
    .replace(/listen 8080;/, `listen 127.0.0.1:${port};`)
    .replaceAll('/tmp/nginx', join(directory, 'nginx'));
  const file = join(directory, 'nginx.conf');
  await writeFile(file, config);
  return file;
}

/** Throws, with the log's end, for the first instance that is not ready in time. */
async function waitAllReady(instances: Instance[]): Promise<void> {
  const started = await Promise.all(
    instances.map(async (instance) => ({
      instance,
      ready: await waitReady(`${instance.url}/api/ready`, 180, () => instance.child.exitCode === null),
    })),
  );
  for (const { instance, ready } of started) {
    if (ready) continue;
    const log = await readFile(instance.logFile, 'utf8').catch(() => '');
    throw new ClusterError(`${instance.name} n’a pas démarré ; son journal :\n${log.slice(-4000)}`);
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!hasNginx()) {
    throw new ClusterError('nginx introuvable : installez-le (paquet Debian) avec « apt-get install -y nginx », puis relancez.');
  }
  buildWebAppIfMissing();
  const topology = await readTopology();
  await ensureDatabase(options.databaseUrl, { fresh: options.freshDatabase });
  const proxyPort = await freePort(options.proxyPort ?? 0).catch(() => {
    throw new ClusterError(`Port ${options.proxyPort} occupé : indiquez un autre port avec CLUSTER_PORT.`);
  });
  const workDir = await mkdtemp(join(tmpdir(), 'reseau-cluster-'));
  // nginx's workers (another user when started as root) write their temporary files under it.
  await chmod(workDir, 0o755);
  await mkdir(join(workDir, 'nginx'));
  const extraEnv = Object.fromEntries(
    Object.entries(options.extraEnv ?? {}).filter(([key]) => !(key in topology.sameValue) && !topology.perTopology.includes(key)),
  );

  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(workDir, 's3'),
    configureBuckets: [{ name: topology.sameValue.FILES_S3_BUCKET ?? 'reseau-files' }],
  });
  const { port: s3Port } = await s3.run();
  const address = `http://127.0.0.1:${proxyPort}`;
  const shared = {
    PUBLIC_URL: address,
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    FILES_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    FILES_S3_ACCESS_KEY_ID: 'S3RVER',
    FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
    // One secret for both instances (a token signed by one is checked by the other), new each run.
    JWT_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: '127.0.0.1',
  };

  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;
  const shutdown = async () => {
    if (nginx) {
      nginx.kill('SIGQUIT');
      await exited(nginx, 5000);
    }
    for (const { child } of instances) child.kill('SIGTERM');
    await Promise.all(instances.map(({ child }) => exited(child, 30_000)));
    await s3.close().catch(() => {});
    await rm(workDir, { recursive: true, force: true });
  };

  const startInstance = async (name: string) => {
    const instance = instances.find((i) => i.name === name);
    if (!instance) throw new ClusterError(`Instance inconnue : ${name}`);
    if (instance.child.exitCode === null && instance.child.signalCode === null) return;
    instance.child = spawnInstance(instance, extraEnv);
    if (!(await waitReady(`${instance.url}/api/ready`, 120, () => instance.child.exitCode === null))) {
      throw new ClusterError(`${name} n’a pas redémarré ; son journal : ${instance.logFile}`);
    }
  };
  const stopInstance = async (name: string, signal: NodeJS.Signals = 'SIGTERM') => {
    const instance = instances.find((i) => i.name === name);
    if (!instance) throw new ClusterError(`Instance inconnue : ${name}`);
    instance.child.kill(signal);
    await exited(instance.child, 30_000);
  };

  try {
    // Both at once: the start's migrations and demo seed run under an advisory lock
    // (apps/api/src/db/startup.ts), so one does them while the other waits, then finds them done.
    for (const name of ['app1', 'app2']) {
      const port = await freePort();
      const described = {
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        logFile: join(workDir, `${name}.log`),
        env: instanceEnv(topology, port, shared),
      };
      instances.push({ ...described, child: spawnInstance(described, extraEnv) });
    }
    await waitAllReady(instances);
    const out = openSync(join(workDir, 'nginx-access.log'), 'a');
    const nginxConfig = await writeNginxConfig(workDir, instances, proxyPort);
    nginx = spawn('nginx', ['-p', workDir, '-c', nginxConfig, '-g', 'daemon off;'], {
      stdio: ['ignore', out, 'inherit'],
      detached: true,
    });
    const proxy = nginx;
    if (!(await waitReady(`${address}/api/ready`, 20, () => proxy.exitCode === null))) {
      throw new ClusterError('nginx ne répond pas (voir ses messages ci-dessus).');
    }
  } catch (err) {
    await shutdown();
    throw err;
  }
  return { address, instances, workDir, stopInstance, startInstance, shutdown };
}
