import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { auditLog, backgroundJobs, mailOutbox } from '../../db/schema/index.js';

const t = await buildTestApp({}, { modules: ['mail-queue'] });
type Who = Parameters<typeof t.authHeader>[0] | null;

const call = async (who: Who, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url: `/api${url}`, headers: who ? await t.authHeader(who) : {} });

async function queuedMail(values: Partial<typeof mailOutbox.$inferInsert>) {
  const [row] = await t.db
    .insert(mailOutbox)
    .values({ to: 'dest@test.fr', subject: 'Sujet', text: 'Texte', html: '<p>Texte</p>', ...values })
    .returning();
  return row!;
}

async function queuedJob(values: Partial<typeof backgroundJobs.$inferInsert>) {
  const [row] = await t.db
    .insert(backgroundJobs)
    .values({ kind: 'client_password_reset', payload: { email: 'secret@test.fr' }, ...values })
    .returning();
  return row!;
}

const superAdmin = await t.buildAdmin({ roleId: 1 });
const networkAdmin = await t.buildAdmin({ roleId: 2 });

describe('GET /mail-queue', () => {
  it('shows role 1 the counts by state and the failing mails with their reason', async () => {
    const dead = await queuedMail({ state: 'dead', attempts: 8, error: '550 boîte inconnue', to: 'mort@test.fr' });
    const retrying = await queuedMail({ state: 'pending', attempts: 2, error: '451 réessayez' });
    await queuedMail({ state: 'pending', attempts: 0 });
    const res = await call(superAdmin, 'GET', '/mail-queue');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toMatchObject({ pending: 2, dead: 1 });
    expect(body.failures.map((f: { id: number }) => f.id)).toEqual([retrying.id, dead.id]);
    expect(body.failures[1]).toMatchObject({
      to: 'mort@test.fr',
      state: 'dead',
      attempts: 8,
      error: '550 boîte inconnue',
      nextAttemptAt: null,
    });
    expect(body.failures[0].nextAttemptAt).toEqual(expect.any(String));
  });

  it('refuses other staff (403), a customer (403) and an anonymous caller (401)', async () => {
    expect((await call(networkAdmin, 'GET', '/mail-queue')).statusCode).toBe(403);
    expect((await call(await t.buildClient(), 'GET', '/mail-queue')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/mail-queue')).statusCode).toBe(401);
  });
});

describe('POST /mail-queue/{id}:retry', () => {
  it('gives a dead mail a fresh set of tries, due now; a second retry is a conflict', async () => {
    const dead = await queuedMail({ state: 'dead', attempts: 8, error: '451' });
    expect((await call(superAdmin, 'POST', `/mail-queue/${dead.id}:retry`)).statusCode).toBe(204);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, dead.id));
    expect(row).toMatchObject({ state: 'pending', attempts: 0 });
    const again = await call(superAdmin, 'POST', `/mail-queue/${dead.id}:retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', message: expect.stringContaining("n'est pas en échec") });
  });

  it('refuses other staff without touching the mail', async () => {
    const dead = await queuedMail({ state: 'dead', attempts: 8 });
    expect((await call(networkAdmin, 'POST', `/mail-queue/${dead.id}:retry`)).statusCode).toBe(403);
    expect((await call(null, 'POST', `/mail-queue/${dead.id}:retry`)).statusCode).toBe(401);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, dead.id));
    expect(row?.state).toBe('dead');
  });

  it('answers 404 for an unknown mail and 400 for an id that is not one', async () => {
    expect((await call(superAdmin, 'POST', '/mail-queue/999999:retry')).statusCode).toBe(404);
    const zero = await call(superAdmin, 'POST', '/mail-queue/0:retry');
    expect(zero.statusCode).toBe(400);
    expect(zero.json().code).toBe('validation_failed');
  });
});

describe('background jobs in GET /mail-queue', () => {
  it('lists the dead and the failing jobs with their reason, never their payload; not the ones waiting their first try', async () => {
    const dead = await queuedJob({ state: 'dead', attempts: 8, error: 'base indisponible', kind: 'import_mails' });
    const retrying = await queuedJob({ state: 'pending', attempts: 1, error: 'délai dépassé' });
    const fresh = await queuedJob({ state: 'pending', attempts: 0 });
    const done = await queuedJob({ state: 'sent', attempts: 1 });
    const res = await call(superAdmin, 'GET', '/mail-queue');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.jobFailures.map((j: { id: number }) => j.id);
    expect(ids).toEqual(expect.arrayContaining([dead.id, retrying.id]));
    expect(ids).not.toContain(fresh.id);
    expect(ids).not.toContain(done.id);
    expect(ids.indexOf(retrying.id)).toBeLessThan(ids.indexOf(dead.id));
    expect(body.jobFailures.find((j: { id: number }) => j.id === dead.id)).toEqual({
      id: dead.id,
      kind: 'import_mails',
      state: 'dead',
      attempts: 8,
      error: 'base indisponible',
      createdAt: expect.any(String),
      nextAttemptAt: null,
    });
    expect(body.jobs.dead).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toContain('secret@test.fr');
  });

  it('lists the jobs waiting their first try, oldest first, a held one with when it goes; never their payload', async () => {
    const older = await queuedJob({ state: 'pending', attempts: 0 });
    const held = await queuedJob({
      state: 'pending',
      attempts: 0,
      kind: 'import_mails',
      nextAttemptAt: new Date(Date.now() + 600_000),
    });
    const failing = await queuedJob({ state: 'pending', attempts: 2, error: 'délai dépassé' });
    const dead = await queuedJob({ state: 'dead', attempts: 8 });
    const res = await call(superAdmin, 'GET', '/mail-queue');
    expect(res.statusCode).toBe(200);
    const waiting: { id: number }[] = res.json().waitingJobs;
    const ids = waiting.map((j) => j.id);
    expect(ids).not.toContain(failing.id);
    expect(ids).not.toContain(dead.id);
    expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(held.id));
    expect(waiting.find((j) => j.id === held.id)).toEqual({
      id: held.id,
      kind: 'import_mails',
      state: 'pending',
      attempts: 0,
      error: null,
      createdAt: expect.any(String),
      nextAttemptAt: held.nextAttemptAt.toISOString(),
    });
    expect(res.body).not.toContain('secret@test.fr');
  });
});

describe('POST /mail-queue/jobs/{id}:retry', () => {
  it('gives a dead job a fresh set of tries, due now, and audits who did; a second retry is a conflict', async () => {
    const dead = await queuedJob({ state: 'dead', attempts: 8, error: 'base indisponible', kind: 'no_such_kind' });
    expect((await call(superAdmin, 'POST', `/mail-queue/jobs/${dead.id}:retry`)).statusCode).toBe(204);
    // Tried again at once, not at the next tick: its kind has no handler, so it failed once more and waits.
    await t.settled();
    const [row] = await t.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, dead.id));
    expect(row).toMatchObject({ state: 'pending', attempts: 1, error: expect.stringContaining('no handler') });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'job.retried'));
    expect(entry).toMatchObject({ actorAdminId: superAdmin.id, entity: 'background_jobs', entityId: String(dead.id) });
    const again = await call(superAdmin, 'POST', `/mail-queue/jobs/${dead.id}:retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', message: expect.stringContaining("n'est pas en échec définitif") });
  });

  it('refuses other staff, a customer and an anonymous caller without touching the job', async () => {
    const dead = await queuedJob({ state: 'dead', attempts: 8 });
    expect((await call(networkAdmin, 'POST', `/mail-queue/jobs/${dead.id}:retry`)).statusCode).toBe(403);
    expect((await call(await t.buildClient(), 'POST', `/mail-queue/jobs/${dead.id}:retry`)).statusCode).toBe(403);
    expect((await call(null, 'POST', `/mail-queue/jobs/${dead.id}:retry`)).statusCode).toBe(401);
    const [row] = await t.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, dead.id));
    expect(row).toMatchObject({ state: 'dead', attempts: 8 });
  });

  it('answers 404 for an unknown job and 400 for an id that is not one', async () => {
    expect((await call(superAdmin, 'POST', '/mail-queue/jobs/999999:retry')).statusCode).toBe(404);
    const zero = await call(superAdmin, 'POST', '/mail-queue/jobs/0:retry');
    expect(zero.statusCode).toBe(400);
    expect(zero.json().code).toBe('validation_failed');
  });
});
