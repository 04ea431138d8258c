import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createMemoryStorage } from '../src/integrations/storage/storage.js';
import { openTestDatabase } from './database.js';
import { withAdmin } from './template.js';

/**
 * An app on a database the test can take away: an in-memory PGlite copy of the run's template
 * that `cut()` closes, or (TEST_DATABASE_URL) a copy of the template database reached through a
 * TCP relay that `cut()` shuts, so the app is left pointing at a closed port. `dropSchema()`
 * leaves it on an unmigrated database; `renameDatabase()` (PostgreSQL only) renames it under the
 * app, as an operator's mistake would, until the function it answers puts it back. Neither copy
 * is reused by another file. `logger`: to read what the app logs (silent by default).
 */
export async function buildOutageApp({ logger = false }: Pick<BuildAppOptions, 'logger'> = {}) {
  const target = await openTestDatabase({ ownCopy: true });
  const relay = target.url ? await startRelay(new URL(target.url)) : undefined;
  const database = relay ? await openDatabase({ url: relay.url, dataDir: '' }) : target;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-0123456789-0123456789-abcdef',
    PAYMENT_PROVIDER: 'sandbox',
    ESIGN_PROVIDER: 'sandbox',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
  });
  const app = await buildApp({ config, database, storage: createMemoryStorage(), logger });
  await app.ready();
  let cut = false;
  afterAll(async () => {
    await app.close();
    await database.close().catch(() => {}); // already closed by cut() on PGlite
    await relay?.close();
    if (target !== database) await target.close(); // drops the PostgreSQL copy
  });
  return {
    app,
    db: database.db,
    kind: database.kind,
    async cut() {
      if (cut) return;
      cut = true;
      if (relay) await relay.close();
      else await database.close();
    },
    dropSchema: async () => {
      await database.db.execute(sql`drop schema public cascade`);
      await database.db.execute(sql`create schema public`);
    },
    renameDatabase: target.url ? () => renameDatabase(target.url!) : undefined,
  };
}

/**
 * Renames the database of `url` (its open connections ended first: PostgreSQL renames only an
 * unused database); the answer puts the name back, ending the connections tried meanwhile.
 */
async function renameDatabase(url: string): Promise<() => Promise<void>> {
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = new URL(url).pathname.slice(1);
  const rename = (from: string, to: string) =>
    withAdmin(baseUrl, async (c) => {
      await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
        from,
      ]);
      await c.query(`alter database ${from} rename to ${to}`);
    });
  await rename(name, `${name}_renamed`);
  return () => rename(`${name}_renamed`, name);
}

/** Forwards a local port to the database; close() stops listening and drops every connection. */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  let closed: Promise<void> | undefined;
  return {
    url: url.toString(),
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      })),
  };
}
