import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { seedDemoIfEmpty } from '../apps/api/src/db/seed/demo.js';
import { seedReference } from '../apps/api/src/db/seed/reference.js';
import { createMemoryStorage } from '../apps/api/src/integrations/storage/storage.js';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** The load comes from a second process, so that it does not share the servers' event loop. */
function autocannon(url: string, connections: number, duration: number, headers: Record<string, string>) {
  const args = [autocannonBin, '-j', '-c', String(connections), '-d', String(duration)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise<{ requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number }>((ok, fail) => {
    execFile(process.execPath, args, { maxBuffer: 10_000_000 }, (err, stdout) => (err ? fail(err) : ok(JSON.parse(stdout))));
  });
}

async function load(url: string, headers: Record<string, string> = {}) {
  // A short warm-up so that JIT and connection pools are ready.
  await autocannon(url, 10, 2, headers);
  const r = await autocannon(url, CONNECTIONS, DURATION_S, headers);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/** PGlite in memory, or a fresh database in BENCH_DATABASE_URL (dropped by `drop`). */
export async function openBenchDatabase() {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) return { database: await openDatabase({ dataDir: 'memory://' }), drop: async () => {} };
  const name = `bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function runApiBench(): Promise<string[]> {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/`;

  const { database, drop } = await openBenchDatabase();
  await database.migrate();
  await seedReference(database.db);
  const storage = createMemoryStorage();
  await seedDemoIfEmpty(database.db, storage);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-0123456789-0123456789-abcdef',
    PUBLIC_URL: 'http://127.0.0.1',
    // Production refuses the sandboxes; the bench calls neither provider.
    PAYMENT_PROVIDER: 'payplug',
    ESIGN_PROVIDER: 'yousign',
    YOUSIGN_API_KEY: 'bench-unused',
    YOUSIGN_WEBHOOK_SECRET: 'bench-unused',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
  });
  const app = await buildApp({ config, database, storage, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const login = await fetch(`${base}/api/auth/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailAddress: 'admin@demo.fr', password: 'Demo2026!' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };

  console.log(`Hello-world Fastify (${CONNECTIONS} connexions, ${DURATION_S} s)…`);
  const bare = await load(helloUrl);
  console.log(`GET /api/roles authentifié sur ${database.kind}…`);
  const roles = await load(`${base}/api/roles`, { authorization: `Bearer ${accessToken}` });

  await app.close();
  await hello.close();
  await database.close();
  await drop();

  const ratio = roles.rps / bare.rps;
  return [
    `API  hello-world Fastify        : ${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms`,
    `API  GET /api/roles (${database.kind.padEnd(8)}) : ${roles.rps.toFixed(0)} req/s, p99 ${roles.p99} ms`,
    `API  ratio                      : ${(ratio * 100).toFixed(1)} % (budget ≥ 40 %) ${ratio >= 0.4 ? '✓' : '✗'}`,
    `API  p99                        : ${roles.p99} ms (budget < 50 ms sur PostgreSQL) ${roles.p99 < 50 ? '✓' : '✗'}`,
  ];
}
