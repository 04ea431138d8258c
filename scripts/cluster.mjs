#!/usr/bin/env node
// `npm run cluster`: on this machine, the topology a real deployment runs (deploy/compose.yaml):
// two API instances on one PostgreSQL, Redis and S3 store (s3rver here), behind nginx configured by
// deploy/nginx.conf. Prints the one address to open; Ctrl-C stops everything, the instances drained.
// The settings given to the instances are the ones deploy/cluster-env.json names, which the compose
// file must name too (apps/api/test/deploy-in-step.test.ts).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';

const root = fileURLToPath(new URL('..', import.meta.url));
const topology = JSON.parse(await readFile(join(root, 'deploy/cluster-env.json'), 'utf8'));
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/reseau_cluster';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

function stop(line) {
  console.error(line);
  process.exit(1);
}

function freePort(port = 0) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const chosen = server.address().port;
      server.close(() => resolve(chosen));
    });
  });
}

function checkNginx() {
  const found = spawnSync('nginx', ['-v'], { stdio: 'ignore' });
  if (found.error) stop('nginx introuvable : installez-le (paquet Debian) avec « apt-get install -y nginx », puis relancez.');
}

function buildWebAppIfMissing() {
  if (existsSync(join(root, 'apps/web/dist/index.html'))) return;
  console.log('Construction de l’application web (apps/web/dist absent)…');
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) stop('La construction de l’application web a échoué.');
}

/** Creates the database DATABASE_URL names when the server does not have it yet. */
async function ensureDatabase() {
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } catch (err) {
    stop(`PostgreSQL injoignable ou refusé (${err.message}) : vérifiez DATABASE_URL et que le serveur tourne.`);
  } finally {
    await client.end().catch(() => {});
  }
}

async function startS3(directory) {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: topology.sameValue.FILES_S3_BUCKET }],
  });
  const { port } = await server.run();
  return { server, endpoint: `http://127.0.0.1:${port}` };
}

/** Exactly the settings deploy/cluster-env.json names: a setting added here must be added there and in compose. */
function instanceEnv(port, shared) {
  const env = { ...topology.sameValue, ...shared, HOST: '127.0.0.1', PORT: String(port) };
  const expected = [...Object.keys(topology.sameValue), ...topology.perTopology].sort();
  const actual = Object.keys(env).sort();
  if (expected.join() !== actual.join()) stop(`cluster-env.json et scripts/cluster.mjs divergent : ${actual.join(', ')}`);
  return env;
}

async function waitReady(url, seconds, isAlive = () => true) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline && isAlive()) {
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

function startInstance(name, env, logDir) {
  const logFile = join(logDir, `${name}.log`);
  const out = openSync(logFile, 'a');
  // Its own process group: Ctrl-C reaches this script only, which then drains the instances itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(root, 'apps/api'),
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  return { name, child, logFile, port: env.PORT };
}

async function startApps(shared, state) {
  const { instances } = state;
  // One after the other: the first migrates and seeds the demo, the second finds it done.
  for (const name of ['app1', 'app2']) {
    const port = await freePort();
    const instance = startInstance(name, instanceEnv(port, shared), state.workDir);
    instances.push(instance);
    const ready = await waitReady(`http://127.0.0.1:${port}/api/ready`, 120, () => instance.child.exitCode === null);
    if (!ready) return instance;
  }
  return null;
}

async function writeNginxConfig(directory, instances, port) {
  const template = await readFile(join(root, 'deploy/nginx.conf'), 'utf8');
  const config = template
    .replaceAll('app1:3000', `127.0.0.1:${instances[0].port}`)
    .replaceAll('app2:3000', `127.0.0.1:${instances[1].port}`)
    .replace(/listen 8080;/, `listen 127.0.0.1:${port};`)
    .replaceAll('/tmp/nginx', join(directory, 'nginx'));
  const file = join(directory, 'nginx.conf');
  await writeFile(file, config);
  return file;
}

function startNginx(directory, file) {
  const out = openSync(join(directory, 'nginx-access.log'), 'a');
  return spawn('nginx', ['-p', directory, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', out, 'inherit'],
    detached: true,
  });
}

function exited(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function shutdown({ nginx, instances, s3, workDir }) {
  console.log('\nArrêt : nginx, puis les instances (elles finissent leurs requêtes)…');
  if (nginx) {
    nginx.kill('SIGQUIT');
    await exited(nginx, 5000);
  }
  for (const { child } of instances) child.kill('SIGTERM');
  await Promise.all(instances.map(({ child }) => exited(child, 30_000)));
  await s3?.server.close().catch(() => {});
  await rm(workDir, { recursive: true, force: true });
}

async function main() {
  checkNginx();
  buildWebAppIfMissing();
  await ensureDatabase();
  const workDir = await mkdtemp(join(tmpdir(), 'reseau-cluster-'));
  // nginx's workers (another user when started as root) write their temporary files under it.
  await chmod(workDir, 0o755);
  await mkdir(join(workDir, 'nginx'));
  const proxyPort = await freePort(Number(process.env.CLUSTER_PORT || 8080)).catch(() =>
    stop(`Port ${process.env.CLUSTER_PORT || 8080} occupé : indiquez un autre port avec CLUSTER_PORT.`),
  );
  const state = { instances: [], workDir };
  const stopAll = () => shutdown(state).then(() => process.exit(0));
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);

  state.s3 = await startS3(join(workDir, 's3'));
  const address = `http://127.0.0.1:${proxyPort}`;
  const shared = {
    PUBLIC_URL: address,
    DATABASE_URL,
    REDIS_URL,
    FILES_S3_ENDPOINT: state.s3.endpoint,
    FILES_S3_ACCESS_KEY_ID: 'S3RVER',
    FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
    // One secret for both instances (a token signed by one is checked by the other), new each run.
    JWT_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: '127.0.0.1',
  };
  const failed = await startApps(shared, state);
  const { instances } = state;
  if (failed) {
    console.error(`${failed.name} n’a pas démarré ; son journal :\n${await readFile(failed.logFile, 'utf8')}`);
    return shutdown(state).then(() => process.exit(1));
  }
  state.nginx = startNginx(workDir, await writeNginxConfig(workDir, instances, proxyPort));
  if (!(await waitReady(`${address}/api/ready`, 20, () => state.nginx.exitCode === null))) {
    console.error('nginx ne répond pas (voir ses messages ci-dessus).');
    return shutdown(state).then(() => process.exit(1));
  }
  console.log(`\nPlateforme prête (2 instances derrière nginx) : ${address}`);
  // /dev/mailbox and /api/metrics answer direct local callers only, never through the proxy.
  const direct = instances.map((i) => `${i.name} http://127.0.0.1:${i.port}`).join(', ');
  console.log(`Instances en direct (/dev/mailbox, /api/metrics) : ${direct}`);
  console.log(`Journaux : ${instances.map((i) => i.logFile).join(', ')}, ${join(workDir, 'nginx-access.log')}`);
  console.log('Ctrl-C pour tout arrêter.');
}

await main();
