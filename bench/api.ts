import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { signIn, startBenchServer } from './server.js';

const CONNECTIONS = 50;
/**
 * Each route is measured in ROUNDS rounds of DURATION_S seconds, each round right after a
 * hello-world of the same length: on a shared two-core machine the hello-world alone varies by a
 * third from one ten-second run to the next, and one pair of runs gave a route anything from 29 to
 * 57 % of it; with three rounds, one slow round still moved the median by ten points. The ratio
 * printed is the median of the rounds' ratios; every round is printed too.
 */
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** The load comes from a second process, so that it does not share the servers' event loop. */
export function autocannon(url: string, connections: number, duration: number, headers: Record<string, string>) {
  const args = [autocannonBin, '-j', '-c', String(connections), '-d', String(duration)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise<{ requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number }>((ok, fail) => {
    execFile(process.execPath, args, { maxBuffer: 10_000_000 }, (err, stdout) => (err ? fail(err) : ok(JSON.parse(stdout))));
  });
}

async function load(url: string, headers: Record<string, string> = {}) {
  // A short warm-up so that JIT and connection pools are ready.
  await autocannon(url, 10, 1, headers);
  const r = await autocannon(url, CONNECTIONS, DURATION_S, headers);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/** The routes of the hot-path budget: a lookup, a scoped list, a customer's own rows. */
export const HOT_ROUTES = [
  { path: '/api/roles', who: 'admin' },
  { path: '/api/agencies', who: 'admin' },
  { path: '/api/agency-contracts/mine', who: 'client' },
] as const;
/** Share of the hello-world's req/s each route must reach (issue 12). */
const BUDGET = { postgres: 0.4, pglite: 0.1 } as const;

/** The three routes on one database, each against the hello-world measured just before it. */
async function benchOn(kind: 'pglite' | 'postgres', helloUrl: string): Promise<string[]> {
  const { app, base, database, drop } = await startBenchServer(kind);
  const bearer = async (area: 'admin' | 'client', email: string) => `Bearer ${(await signIn(base, area, email)).accessToken}`;
  const tokens = { admin: await bearer('admin', 'admin@demo.fr'), client: await bearer('client', 'client@demo.fr') };

  const lines: string[] = [];
  try {
    for (const route of HOT_ROUTES) {
      console.log(`Hello-world, puis GET ${route.path} sur ${kind} (${ROUNDS} manches)…`);
      const rounds: { bare: number; rps: number; p99: number; ratio: number }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const bare = await load(helloUrl);
        const measured = await load(`${base}${route.path}`, { authorization: tokens[route.who] });
        rounds.push({ bare: bare.rps, rps: measured.rps, p99: measured.p99, ratio: measured.rps / bare.rps });
      }
      const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
      const each = rounds.map((r) => `${(r.ratio * 100).toFixed(0)}`).join('/');
      lines.push(
        `API  ${kind.padEnd(8)} GET ${route.path.padEnd(27)}: ${median.rps.toFixed(0).padStart(6)} req/s, p99 ${String(median.p99).padStart(4)} ms ; hello-world ${median.bare.toFixed(0)} req/s ; ratio ${(median.ratio * 100).toFixed(1)} % (manches ${each} %) (budget ≥ ${BUDGET[kind] * 100} %) ${median.ratio >= BUDGET[kind] ? '✓' : '✗'}`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    await drop();
  }
  return lines;
}

/** Always on the embedded PGlite; on PostgreSQL too when BENCH_DATABASE_URL is set. */
export async function runApiBench(): Promise<string[]> {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/`;
  const lines: string[] = [];
  try {
    // BENCH_API_ONLY=postgres (or pglite) measures one database: a shared, loaded machine.
    const kinds = (['pglite', ...(process.env.BENCH_DATABASE_URL ? ['postgres' as const] : [])] as const).filter(
      (kind) => !process.env.BENCH_API_ONLY || kind === process.env.BENCH_API_ONLY,
    );
    for (const kind of kinds) {
      lines.push(...(await benchOn(kind, helloUrl)));
    }
  } finally {
    await hello.close();
  }
  if (!process.env.BENCH_DATABASE_URL) lines.push('API  postgres : non mesuré (BENCH_DATABASE_URL absent).');
  return lines;
}
