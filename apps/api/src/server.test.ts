import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';
import { startCollector } from '../test/otlp-collector.js';

// The real server process, started as an operator would (node --import tsx src/server.ts).
const apiDir = join(import.meta.dirname, '..');
const root = mkdtempSync(join(tmpdir(), 'reseau-server-'));
const children = new Set<ChildProcessWithoutNullStreams>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

function run(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: apiDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: 'pipe',
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exit, stderr: () => stderr };
}

async function healthOf(port: number, attempts = 1) {
  for (let i = 0; i < attempts; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (res) return res.status;
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

describe('two servers on one PGLITE_DIR', () => {
  it('the second refuses in one line and exits 1; the first keeps serving; db:reset refuses too', async () => {
    // Under a `data` folder: db:reset only wipes such folders (or the project's).
    const dataDir = join(root, 'data', 'pglite');
    const env = { DEMO_MODE: 'true', SEED_DEMO: 'false', DATABASE_URL: '', PGLITE_DIR: dataDir, FILES_DIR: join(root, 'files') };
    const firstPort = await freePort();
    const first = run('src/server.ts', { ...env, PORT: String(firstPort) });
    // Generous: a loaded machine runs other PGlite suites beside this one.
    expect(await healthOf(firstPort, 450), first.stderr()).toBe(200);

    const second = run('src/server.ts', { ...env, PORT: String(await freePort()) });
    expect(await second.exit).toBe(1);
    expect(second.stderr().trim()).toBe(
      `La base embarquée ${dataDir} est déjà ouverte par un autre processus (pid ${first.child.pid}) : arrêtez-le ou choisissez un autre PGLITE_DIR.`,
    );

    const reset = run('src/db/reset.ts', env);
    expect(await reset.exit).toBe(1);
    expect(reset.stderr()).toContain(`Réinitialisation refusée : La base embarquée ${dataDir} est déjà ouverte`);
    expect(reset.stderr()).not.toContain('    at ');
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);

    expect(await healthOf(firstPort)).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  }, 150_000);
});

describe('PostgreSQL unreachable at start', () => {
  it('retries with one line per try, then stops with one final line: exit 1, no stack trace, no password', async () => {
    const port = await freePort();
    const server = run('src/server.ts', {
      DEMO_MODE: 'true',
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://reseau:S3cret-Pw@127.0.0.1:${port}/reseau`,
      FILES_DIR_SHARED: 'true',
      DATABASE_START_TIMEOUT_SECONDS: '2',
    });
    expect(await server.exit).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines[0]).toBe('Base PostgreSQL injoignable (ECONNREFUSED) : nouvel essai dans 0,5 s');
    expect(lines[1]).toBe('Base PostgreSQL injoignable (ECONNREFUSED) : nouvel essai dans 1 s');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines.slice(0, -1))
      expect(line).toMatch(/^Base PostgreSQL injoignable \(ECONNREFUSED\) : nouvel essai dans [\d,]+ s$/);
    expect(lines.at(-1)).toBe(
      `Base PostgreSQL 127.0.0.1:${port}/reseau toujours injoignable après 2 s (ECONNREFUSED) : arrêt. Vérifiez DATABASE_URL et que le serveur PostgreSQL tourne.`,
    );
    expect(server.stderr()).not.toContain('    at ');
    expect(server.stderr()).not.toContain('S3cret-Pw');
  }, 60_000);
});

describe('configuration', () => {
  it('production without the required settings refuses to start, naming each variable', async () => {
    const server = run('src/server.ts', {
      NODE_ENV: 'production',
      JWT_SECRET: '',
      PUBLIC_URL: '',
      PAYMENT_PROVIDER: '',
      ESIGN_PROVIDER: '',
    });
    expect(await server.exit).toBe(1);
    expect(server.stderr()).toContain('Configuration invalide');
    expect(server.stderr()).toContain('JWT_SECRET: requis en production');
    expect(server.stderr()).not.toContain('    at ');
  }, 30_000);

  it('PostgreSQL with local files not said to be shared refuses to start before connecting, naming the variables', async () => {
    const server = run('src/server.ts', {
      DEMO_MODE: 'true',
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://reseau:S3cret-Pw@127.0.0.1:${await freePort()}/reseau`,
      FILES_DIR_SHARED: '',
      FILES_S3_BUCKET: '',
    });
    expect(await server.exit).toBe(1);
    expect(server.stderr()).toContain('Configuration invalide');
    expect(server.stderr()).toContain('DATABASE_URL, FILES_DIR_SHARED: avec PostgreSQL et les fichiers dans FILES_DIR');
    expect(server.stderr()).not.toContain('injoignable');
    expect(server.stderr()).not.toContain('S3cret-Pw');
  }, 30_000);
});

/** A POST whose body comes in two parts: in flight for as long as the test holds the second back. */
function slowPost(port: number, path: string, body: string) {
  const half = Math.floor(body.length / 2);
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  return { finish: () => req.end(body.slice(half)), answered };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SIGTERM: drain, then stop', () => {
  it('turns unready at once, keeps serving during DRAIN_DELAY_MS, finishes the request in flight, exits 0', async () => {
    const port = await freePort();
    const server = run('src/server.ts', {
      DEMO_MODE: 'true',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      PGLITE_DIR: join(root, 'drain', 'pglite'),
      FILES_DIR: join(root, 'drain', 'files'),
      PORT: String(port),
      DRAIN_DELAY_MS: '1500',
    });
    expect(await healthOf(port, 450), server.stderr()).toBe(200);
    const base = `http://127.0.0.1:${port}/api`;
    expect((await fetch(`${base}/ready`)).status).toBe(200);

    const inFlight = slowPost(
      port,
      '/api/auth/admin',
      JSON.stringify({ emailAddress: 'personne@test.fr', password: 'Xy12345678' }),
    );
    await sleep(200); // the server has the request's head; its body waits for finish()
    const burst = Array.from({ length: 20 }, () => fetch(`${base}/health`).then((r) => r.status));
    server.child.kill('SIGTERM');
    expect(await Promise.all(burst)).toEqual(Array(20).fill(200));

    await sleep(300);
    const draining = await fetch(`${base}/ready`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ status: 'draining' });
    expect(draining.headers.get('connection')).toBe('close');

    await sleep(1700); // past the delay: the server is closing, and waits for the request in flight
    inFlight.finish();
    const answer = await inFlight.answered;
    expect(answer.status, answer.body).toBe(401);
    expect(await server.exit).toBe(0);
    expect(server.stderr()).not.toContain('    at ');
  }, 150_000);
});

describe('tracing (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('sends the spans of HTTP and Fastify to the collector, the last ones at the stop', async () => {
    const collector = await startCollector();
    const port = await freePort();
    const server = run('src/server.ts', {
      DEMO_MODE: 'true',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      PGLITE_DIR: join(root, 'traced', 'pglite'),
      FILES_DIR: join(root, 'traced', 'files'),
      PORT: String(port),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    });
    try {
      expect(await healthOf(port, 450), server.stderr()).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exit, server.stderr()).toBe(0);
      expect(collector.scopes).toContain('@opentelemetry/instrumentation-http');
      expect(collector.scopes).toContain('@fastify/otel');
    } finally {
      await collector.close();
    }
  }, 150_000);
});

/**
 * The server started by a script that then lists the OpenTelemetry SDK and instrumentation
 * modules loaded (the API package alone is prom-client's optional, inert import), and stops it.
 */
async function tracingModulesLoaded(env: Record<string, string>) {
  const probe = [
    "await import('./src/server.ts');",
    "const { default: Module } = await import('node:module');",
    'const ids = Object.keys(Module._cache).filter((id) => /@opentelemetry[\\\\/](?!api[\\\\/])|@fastify[\\\\/]otel/.test(id));',
    "console.error('tracing-modules:' + ids.length);",
    "process.kill(process.pid, 'SIGTERM');",
  ].join('\n');
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
    cwd: apiDir,
    env: { ...process.env, LOG_LEVEL: 'warn', DEMO_MODE: 'true', SEED_DEMO: 'false', DATABASE_URL: '', ...env },
    stdio: 'pipe',
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const count = /tracing-modules:(\d+)/.exec(stderr)?.[1];
  return { code, count: count === undefined ? undefined : Number(count), stderr };
}

describe('tracing off', () => {
  // With the variable set, the collector test above shows the instrumentations at work.
  it('without OTEL_EXPORTER_OTLP_ENDPOINT, no tracing module is loaded', async () => {
    const off = await tracingModulesLoaded({
      PGLITE_DIR: join(root, 'untraced', 'pglite'),
      FILES_DIR: join(root, 'untraced', 'files'),
      PORT: String(await freePort()),
    });
    expect(off.count, off.stderr).toBe(0);
    expect(off.code).toBe(0);
  }, 150_000);
});
