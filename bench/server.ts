import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.js';
import type { AdminPrincipal } from '../apps/api/src/auth/principal.js';
import { loadConfig } from '../apps/api/src/config.js';
import { type Db, openDatabase } from '../apps/api/src/db/client.js';
import { seedDemoIfEmpty } from '../apps/api/src/db/seed/demo.js';
import { seedReference } from '../apps/api/src/db/seed/reference.js';
import { createMemoryStorage } from '../apps/api/src/integrations/storage/storage.js';
import { loggerOptions } from '../apps/api/src/lib/logger.js';
import type { StaffContext } from '../apps/api/src/lib/request-context.js';

/** The built web app the server serves when the bench asks for it (`npm run build -w apps/web`; BENCH_WEB_DIST: another build, to compare). */
export const WEB_DIST = resolve(process.env.BENCH_WEB_DIST ?? resolve(import.meta.dirname, '../apps/web/dist'));

/**
 * A staff request's context for a read the bench times without HTTP: the database and the caller
 * (what the timed reads use); no request, so no address, logger or outside services.
 */
export const readContext = (db: Db, caller: AdminPrincipal) => ({ db, caller }) as StaffContext;

/** PGlite in memory, or a fresh database in BENCH_DATABASE_URL (dropped by `drop`). */
export async function openBenchDatabase(kind: 'pglite' | 'postgres' = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite') {
  const base = process.env.BENCH_DATABASE_URL;
  if (kind === 'pglite' || !base) return { database: await openDatabase({ dataDir: 'memory://' }), drop: async () => {} };
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

/**
 * The production server on the demo data, listening on a free loopback port. With `web`, it also
 * serves the built app as in production (precompressed files, cache headers).
 */
export async function startBenchServer(kind: 'pglite' | 'postgres', { web = false } = {}) {
  const { database, drop } = await openBenchDatabase(kind);
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
    WEB_DIST_DIR: web ? WEB_DIST : '/nonexistent',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
  });
  // The production logger at its production level, so the bench pays what a real server pays.
  const app = await buildApp({ config, database, storage, logger: loggerOptions('warn') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { app, base, database, drop };
}

/** Signs a demo account in through the API (password of the demo seed). */
export async function signIn(base: string, area: 'admin' | 'client', emailAddress: string) {
  const res = await fetch(`${base}/api/auth/${area}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailAddress, password: 'Demo2026!' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${emailAddress} failed: ${res.status}`);
  return (await res.json()) as { accessToken: string; refreshToken: string };
}

/** What the login screen keeps in localStorage for a session: a page started with it is signed in. */
export function storedTokens(tokens: { accessToken: string; refreshToken: string }): Record<string, string> {
  return { 'reseau.accessToken': tokens.accessToken, 'reseau.refreshToken': tokens.refreshToken };
}

/** The demo customer's first contract (its page is one of the measured screens). */
export async function demoCustomerContract(base: string, customer: { accessToken: string }) {
  const mine = (await (
    await fetch(`${base}/api/agency-contracts/mine`, { headers: { authorization: `Bearer ${customer.accessToken}` } })
  ).json()) as { agencyContracts: Array<{ id: number; agencyId: number }> };
  const contract = mine.agencyContracts[0];
  if (!contract) throw new Error('the demo customer has no contract');
  return contract;
}
