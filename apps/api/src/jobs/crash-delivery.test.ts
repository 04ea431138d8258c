import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import { freePort } from '../../test/free-port.js';
import { startTestSmtp } from '../../test/smtp-server.js';
import { type Database, openDatabase } from '../db/client.js';

/**
 * The real server (node --import tsx src/server.ts) killed with SIGKILL in the middle of a burst of
 * forgotten-password and first-connection requests, then started again on the same data: every
 * acknowledged request's mail reaches the SMTP server. On PGlite (a folder) by default, on
 * PostgreSQL (a database of its own) when TEST_DATABASE_URL is set.
 */
const apiDir = join(import.meta.dirname, '../..');
const root = mkdtempSync(join(tmpdir(), 'reseau-crash-'));
const smtp = await startTestSmtp();
const pg = process.env.TEST_DATABASE_URL ? await openTestDatabase() : null;
const children = new Set<ChildProcessWithoutNullStreams>();
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await smtp.close();
  await pg?.close();
  rmSync(root, { recursive: true, force: true });
});

const env = {
  DEMO_MODE: 'true',
  SEED_DEMO: 'true',
  HOST: '127.0.0.1',
  DATABASE_URL: pg?.url ?? '',
  PGLITE_DIR: join(root, 'data', 'pglite'),
  FILES_DIR: join(root, 'files'),
  FILES_DIR_SHARED: 'true',
  SMTP_URL: smtp.url,
  RATE_LIMIT_AUTH_PER_MINUTE: '100000',
  MAIL_RETRY_BASE_SECONDS: '1',
  MAIL_LEASE_SECONDS: '3',
  LOG_LEVEL: 'warn',
};

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: 'pipe',
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  let exited = false;
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  // Generous: the demo seed runs first, on a machine shared with other suites.
  for (let i = 0; i < 900 && !exited; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (res?.status === 200) return { child, exit, base: `http://127.0.0.1:${port}/api` };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${stderr}`);
}

const ADMINS = [
  'admin@demo.fr',
  'animateur@demo.fr',
  'dirigeant@demo.fr',
  'technicien@demo.fr',
  'comptable@demo.fr',
  'agence@demo.fr',
];
const CLIENTS = ['client@demo.fr', 'client2@demo.fr'];
const FIRST_CONNECTION = 'nouveau@demo.fr';

/** The i-th request of the burst: an admin reset, a customer reset or a first connection. */
function request(base: string, i: number) {
  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (i % 3 === 0)
    return { kind: 'reset', send: () => post(`/admins/${ADMINS[i % ADMINS.length]}/open-password-reset`, { context: 'reset' }) };
  if (i % 3 === 1) return { kind: 'reset', send: () => post(`/clients/${CLIENTS[i % CLIENTS.length]}:open-password-reset`, {}) };
  return {
    kind: 'first',
    send: () => post(`/clients/${FIRST_CONNECTION}:open-email-verification`, { password: 'Nouveau2026!' }),
  };
}

/** Fires 200 requests, 10 at a time, and kills the server once `killAfter` have been answered. */
async function burstThenKill(server: Awaited<ReturnType<typeof startServer>>, killAfter: number) {
  const acked = { reset: 0, first: 0 };
  let answered = 0;
  let next = 0;
  const worker = async () => {
    while (next < 200) {
      const r = request(server.base, next++);
      const res = await r.send().catch(() => null);
      if (!res) continue; // the server is gone: not acknowledged
      answered++;
      if (res.status >= 200 && res.status < 300) acked[r.kind as 'reset' | 'first']++;
      if (answered === killAfter) server.child.kill('SIGKILL');
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  await server.exit;
  return acked;
}

/** Waits until the SMTP server has received nothing new for a while (the drains are every 3 s). */
async function quietSmtp(quietMs = 8000, maxMs = 120_000) {
  const start = Date.now();
  let seen = -1;
  let since = Date.now();
  while (Date.now() - start < maxMs) {
    if (smtp.received.length !== seen) {
      seen = smtp.received.length;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('kill -9 during a burst of mail requests', () => {
  it('after a restart, every acknowledged request has its mail, each Message-ID delivered', async () => {
    const first = await startServer();
    const acked = await burstThenKill(first, 100);
    expect(acked.reset).toBeGreaterThan(0);

    const second = await startServer();
    await quietSmtp();
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);

    const database: Database = pg ?? (await openDatabase({ dataDir: env.PGLITE_DIR }));
    try {
      const q = (text: string) => database.withConnection((query) => query(text));
      const jobs = await q(
        "select state, count(*)::int as n from background_jobs where kind like '%password_reset' group by state",
      );
      // Every acknowledged reset was written before its answer, and has run to its end.
      expect(jobs.filter((j) => j.state !== 'sent')).toEqual([]);
      expect(jobs.reduce((n, j) => n + (j.n as number), 0)).toBeGreaterThanOrEqual(acked.reset);
      const mails = await q('select "to", state, message_id from mail_outbox where idempotency_key is not null');
      expect(mails.length).toBeGreaterThan(0);
      expect(mails.filter((m) => m.state !== 'sent')).toEqual([]);
      const outboxIds = new Set(mails.map((m) => m.message_id as string));
      const receivedIds = new Set(smtp.received.map((m) => m.messageId));
      // Each queued mail arrived, and nothing arrived that was not queued.
      expect([...outboxIds].filter((id) => !receivedIds.has(id))).toEqual([]);
      expect([...receivedIds].filter((id) => !outboxIds.has(id))).toEqual([]);
      // A mail sent in the instant before the kill, before its outcome was written, goes again
      // with the same Message-ID (at most one per drain then running): receivers drop it.
      expect(smtp.received.length - receivedIds.size).toBeLessThanOrEqual(2);
      const firstConnectionMails = mails.filter((m) => m.to === FIRST_CONNECTION).length;
      // The run's counts, for the person reading the log (issue 31 asks for them in the notes).
      console.info(
        `crash test (${pg ? 'PostgreSQL' : 'PGlite'}): acknowledged ${acked.reset} resets and ${acked.first} first connections; ` +
          `${mails.length} mails queued, ${receivedIds.size} distinct Message-IDs delivered, ` +
          `${smtp.received.length - receivedIds.size} sent again after the kill`,
      );
      expect(firstConnectionMails).toBeGreaterThanOrEqual(acked.first);
      expect(new Set(smtp.received.filter((m) => m.to === FIRST_CONNECTION).map((m) => m.messageId)).size).toBe(
        firstConnectionMails,
      );
    } finally {
      if (!pg) await database.close();
    }
  }, 400_000);
});
