import net from 'node:net';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { sweepFrozenFiles } from './db/backup/files-freeze.js';
import { listenForSnapshots } from './db/backup/snapshot-socket.js';
import { type Database, describeDatabaseUrl, openDatabase } from './db/client.js';
import { DatabaseLockedError } from './db/lock.js';
import { prepareDatabase } from './db/startup.js';
import { isDatabaseUnreachable } from './db/unavailable.js';
import { waitForDatabase } from './db/wait.js';
import { createStorage } from './integrations/storage/create.js';
import { createScheduler, realTimer } from './jobs/scheduler.js';
import { createLifecycle } from './lib/lifecycle.js';
import { scheduledJobRuns } from './lib/metrics.js';
import { runShutdownHooks } from './lib/shutdown-hooks.js';

// Started by server.ts (after tracing, when configured).
// config → database (locked, or reached with retries) → migrations and demo seed when empty, under
// a lock (db/startup.ts) → listen.
// Failures an operator can fix print one French line and exit 1: no stack trace.

/** One line on stderr, with the database password masked should a driver ever quote it. */
function fail(line: string, databaseUrl?: string): never {
  let password = '';
  try {
    password = databaseUrl ? decodeURIComponent(new URL(databaseUrl).password) : '';
  } catch {
    // not a URL: nothing to mask
  }
  console.error(password ? line.replaceAll(password, '***') : line);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  // `npm start` passes --demo: the whole demo in one command; DEMO_MODE in the environment wins.
  config = loadConfig(process.argv.includes('--demo') ? { DEMO_MODE: 'true', ...process.env } : process.env);
} catch (err) {
  fail((err as Error).message);
}

let database: Database;
try {
  database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.PGLITE_DIR,
    onIdleError: (err) => console.error(JSON.stringify({ level: 50, msg: 'idle database connection lost', err: err.message })),
  });
} catch (err) {
  if (err instanceof DatabaseLockedError) fail(err.message);
  throw err;
}

if (config.DATABASE_URL) {
  const where = describeDatabaseUrl(config.DATABASE_URL);
  const outcome = await waitForDatabase(() => database.ping(), {
    timeoutSeconds: config.DATABASE_START_TIMEOUT_SECONDS,
    log: (line) => console.error(line),
  });
  if (!outcome.ok) {
    await database.close().catch(() => {});
    fail(
      outcome.unreachable
        ? `Base PostgreSQL ${where} toujours injoignable après ${config.DATABASE_START_TIMEOUT_SECONDS} s (${outcome.reason}) : arrêt. Vérifiez DATABASE_URL et que le serveur PostgreSQL tourne.`
        : `Base PostgreSQL ${where} refusée (${outcome.reason}) : arrêt. Vérifiez DATABASE_URL.`,
      config.DATABASE_URL,
    );
  }
}

let app: Awaited<ReturnType<typeof buildApp>>;
const lifecycle = createLifecycle();
// Modules register their jobs on it while the app is built; it starts once the server listens.
const scheduler = createScheduler(
  database,
  (name, err) => app.log.error({ err, job: name }, 'job failed'),
  realTimer,
  (job, outcome) => scheduledJobRuns.inc({ job, outcome }),
);
try {
  const storage = createStorage(config);
  // Both instances of a cluster may start at once: the second waits for the first's lock.
  const seeded = await prepareDatabase(database, { seedDemo: config.SEED_DEMO ? storage : undefined });
  app = await buildApp({ config, database, storage, scheduler, lifecycle });
  if (seeded) app.log.info('demo network seeded');
} catch (err) {
  // The database went away between the first answer and the migrations.
  if (isDatabaseUnreachable(err)) fail('Base de données perdue pendant le démarrage : arrêt. Relancez le serveur.');
  throw err;
}

// PGlite in a folder: `npm run db:backup` asks this process for the copy (a second process must
// never open the folder) through a Unix socket beside it, reachable by this user only. Files in
// FILES_DIR are frozen (hard links) at the same instant; S3 files have their own backups.
const snapshot = database.snapshot;
const frozenFilesDir = config.FILES_S3_BUCKET ? undefined : config.FILES_DIR;
if (snapshot && frozenFilesDir) await sweepFrozenFiles(frozenFilesDir);
const snapshots = snapshot
  ? await listenForSnapshots(config.PGLITE_DIR, () => snapshot({ filesDir: frozenFilesDir }), {
      info: (msg) => app.log.info(msg),
      warn: (msg) => app.log.warn(msg),
      error: (err, msg) => app.log.error({ err }, msg),
    })
  : null;

/** Past it, the connections still open and idle are closed; busy ones are awaited. */
const STOP_GRACE_MS = 1000;

/**
 * Stops accepting connections but, unlike http.Server.close, does not close the idle ones at once:
 * a connection the proxy opened an instant before, whose request is still on its way, would be
 * reset, and a POST on it answered 502 (the proxy never sends a POST twice) — seen in CI's rolling
 * restart. A refused connection is safe (the proxy retries it elsewhere, POST included). The
 * connections left get a short grace to bring their request (served, with `Connection: close`)
 * or be closed by the proxy, whose idle timeout (deploy/nginx.conf, 1 s) is shorter; then the
 * idle ones and the live streams (which never end by themselves) are closed, and the requests in
 * flight awaited. app.close then finds nothing open.
 */
async function stopListening() {
  const server = app.server;
  const allClosed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  const deadline = Date.now() + STOP_GRACE_MS;
  while (Date.now() < deadline) {
    const open = await new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));
    if (open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  app.liveStreams.closeAll();
  server.closeIdleConnections();
  await allClosed;
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  // Unready first (GET /api/ready answers 503): the proxy stops sending new requests here while
  // this instance still serves the ones it gets meanwhile.
  lifecycle.drain();
  app.log.info({ signal, drainDelayMs: config.DRAIN_DELAY_MS }, 'stopping: unready, then finishing in-flight requests');
  try {
    if (config.DRAIN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.DRAIN_DELAY_MS));
    await stopListening();
    await scheduler.stop(); // no new run; a running job ends while the database is still open
    await app.close(); // closes what is left idle, waits for in-flight requests
    await snapshots?.close();
    await database.close();
    await runShutdownHooks(); // the last traces, exported
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'unclean stop');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
scheduler.start();
app.log.info(
  `Plateforme prête sur ${config.PUBLIC_URL} (écoute ${config.HOST}:${config.PORT}, base ${database.kind}${config.DEMO_MODE ? ', mode démonstration' : ''})`,
);
