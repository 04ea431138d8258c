import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import { startTestSmtp } from '../../../test/smtp-server.js';
import { type Database, openDatabase } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { createMailer, type MailQueue, messageIdFor } from './mailer.js';

const database = await openTestDatabase();
/** A second instance's pool on PostgreSQL (real concurrency); PGlite has one connection for the process. */
const second: Database = database.url ? await openDatabase({ url: database.url, dataDir: '' }) : database;
const smtp = await startTestSmtp();
afterAll(async () => {
  await smtp.close();
  if (second !== database) await second.close();
  await database.close();
});

const FROM = 'Réseau Énergie <ne-pas-repondre@reseau-energie.fr>';
const queue = (db = database.db, maxAttempts = 8): MailQueue =>
  createMailer(db, { smtpUrl: smtp.url, from: FROM, maxAttempts, retryBaseMs: 0, log: () => {} });
const mail = (to: string) => ({ to, subject: 'Sujet', text: 'Texte', html: '<p>Texte</p>' });
let seq = 0;
const addresses = (n: number) => Array.from({ length: n }, () => `dest-${Date.now().toString(36)}-${++seq}@test.fr`);

const rowsTo = (to: string[]) => database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, to));
const receivedBy = (to: string) => smtp.received.filter((m) => m.to === to);

/** Drains until nothing is due (retries are due at once with retryBaseMs 0). */
async function drainAll(q: MailQueue, rounds = 20) {
  for (let i = 0; i < rounds; i++) if ((await q.drain()) === 0) return;
}

beforeEach(() => smtp.refuse(0));

describe('mail queue on a real SMTP server', () => {
  it('queues without sending, then delivers each mail once with its stable Message-ID', async () => {
    const q = queue();
    const [to] = addresses(1) as [string];
    await q.send(mail(to), { key: `test:${to}` });
    await q.send(mail(to), { key: `test:${to}` }); // the same cause replayed: still one mail
    expect(receivedBy(to)).toHaveLength(0);
    const [row] = await rowsTo([to]);
    expect(row).toMatchObject({ state: 'pending', attempts: 0, messageId: messageIdFor(`test:${to}`, FROM) });
    await drainAll(q);
    expect(receivedBy(to).map((m) => m.messageId)).toEqual([row?.messageId]);
    expect((await rowsTo([to]))[0]).toMatchObject({ state: 'sent', attempts: 1, error: null });
  });

  it('SMTP refusing for a while, then accepting: every mail arrives once', async () => {
    const q = queue();
    const to = addresses(6);
    for (const a of to) await q.send(mail(a));
    smtp.refuse(9);
    await drainAll(q);
    expect(smtp.refusedCount()).toBeGreaterThanOrEqual(9);
    for (const a of to) expect(receivedBy(a)).toHaveLength(1);
    const rows = await rowsTo(to);
    expect(rows.every((r) => r.state === 'sent' && r.deliveredAt !== null)).toBe(true);
    expect(rows.some((r) => r.attempts > 1)).toBe(true);
  });

  it('a failed mail waits for its backoff; after the last attempt it is dead with the reason', async () => {
    const slow = createMailer(database.db, { smtpUrl: smtp.url, from: FROM, maxAttempts: 3, retryBaseMs: 60_000, log: () => {} });
    const [to] = addresses(1) as [string];
    await slow.send(mail(to));
    smtp.refuse(100);
    await slow.drain();
    const [waiting] = await rowsTo([to]);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting?.error).toContain('451');
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await slow.drain()).toBe(0); // not due yet
    await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.to, to));
    await slow.drain();
    await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.to, to));
    await slow.drain();
    const [dead] = await rowsTo([to]);
    expect(dead).toMatchObject({ state: 'dead', attempts: 3 });
    expect(dead?.error).toContain('451');
    expect(receivedBy(to)).toHaveLength(0);
  });

  it('a sender that died with the lease: the row is sent again once the lease is over', async () => {
    const q = queue();
    const [to] = addresses(1) as [string];
    await q.send(mail(to));
    // What a crash between the claim and the outcome leaves behind.
    await database.db
      .update(mailOutbox)
      .set({ state: 'sending', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailOutbox.to, to));
    expect(await q.drain()).toBe(0); // still leased
    await database.db.update(mailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(mailOutbox.to, to));
    await drainAll(q);
    expect(receivedBy(to)).toHaveLength(1);
    expect((await rowsTo([to]))[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('two drainers at once (two instances): each mail is sent once', async () => {
    const a = queue(database.db);
    const b = queue(second.db);
    const to = addresses(60);
    for (const x of to) await a.send(mail(x));
    await Promise.all([drainAll(a), drainAll(b), drainAll(a), drainAll(b)]);
    for (const x of to) expect(receivedBy(x)).toHaveLength(1);
    expect((await rowsTo(to)).every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a mail queued in a transaction that rolls back is never sent', async () => {
    const q = queue();
    const [to] = addresses(1) as [string];
    await database.db
      .transaction(async (tx) => {
        await q.send(mail(to), { db: tx });
        throw new Error('rollback');
      })
      .catch(() => {});
    await drainAll(q);
    expect(await rowsTo([to])).toHaveLength(0);
    expect(receivedBy(to)).toHaveLength(0);
  });

  it('without SMTP (demo) a mail is kept as sent at once, as /dev/mailbox shows it', async () => {
    const demo = createMailer(database.db, { from: FROM, maxAttempts: 8, log: () => {} });
    const [to] = addresses(1) as [string];
    await demo.send(mail(to));
    expect(await demo.drain()).toBe(0);
    expect((await rowsTo([to]))[0]).toMatchObject({ state: 'sent', attempts: 0 });
  });
});
