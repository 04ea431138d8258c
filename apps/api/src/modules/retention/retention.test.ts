import { RETENTION_MESSAGES, RETENTION_PERIODS } from '@reseau/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import {
  accountTokens,
  auditLog,
  contacts,
  dataExports,
  mailOutbox,
  passkeyChallenges,
  refreshTokens,
  secondFactorChallenges,
  sessions,
} from '../../db/schema/index.js';
import { capturingScheduler } from '../../jobs/testing/captured-jobs.js';
import { metricsRegistry } from '../../lib/metrics.js';
import { RETENTION_BATCH, RETENTION_RULES } from './rules.js';
import { RETENTION_INTERVAL_MS, runRetention } from './service.js';

const { jobs, scheduler } = capturingScheduler();
const t = await buildTestApp({}, { scheduler, modules: ['retention', 'audit-log'] });
const DAY = 86_400_000;
const deps = { db: t.db, storage: t.storage };
const ctx = { db: t.db, deps };
/** The moved clock: every rule is run at `now`, and the rows are dated from it. */
const now = new Date();
const ago = (days: number, minutes = 0) => new Date(now.getTime() - days * DAY - minutes * 60_000);
const silent = { info: () => {}, error: () => {} };
/** Three years before `now`, as the rule counts them (calendar years). */
const threeYears = (deltaDays: number) => {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 3);
  return new Date(d.getTime() - deltaDays * DAY);
};

async function demand(values: Partial<typeof contacts.$inferInsert> & { agencyId: number }) {
  const [row] = await t.db
    .insert(contacts)
    .values({
      type: 'SITE_CONTACT',
      fullName: 'Paul Prospect',
      emailAddress: 'paul.prospect@example.fr',
      phone: '0601020304',
      address: '1 rue de la Paix',
      postalCode: '59000',
      city: 'Lille',
      data: { message: 'Je voudrais un devis', source: 'site' },
      ...values,
    })
    .returning({ id: contacts.id });
  return row!.id;
}
const demandRow = async (id: number) => (await t.db.select().from(contacts).where(eq(contacts.id, id)))[0]!;

describe('the table', () => {
  it('has a run for every automatic period, and one daily job registered', () => {
    const automatic = RETENTION_PERIODS.filter((p) => p.automatic).map((p) => p.name);
    expect(Object.keys(RETENTION_RULES).sort()).toEqual([...automatic].sort());
    expect(jobs.get('retention')?.intervalMs).toBe(RETENTION_INTERVAL_MS);
    expect(RETENTION_INTERVAL_MS).toBe(DAY);
    // The audit log's purge is one of its rules, not a job of its own.
    expect(jobs.has('audit-log-purge')).toBe(false);
  });
});

describe('prospects’ demands: anonymised 3 years after the last contact', () => {
  it('anonymises past the period, keeps just inside it, and never touches a customer’s demand', async () => {
    const agency = await t.buildAgency();
    const client = await t.buildClient({ agencyIds: [agency.id] });
    const old = await demand({ agencyId: agency.id, emailAddress: 'old@example.fr', createdAt: threeYears(1) });
    const inside = await demand({ agencyId: agency.id, emailAddress: 'inside@example.fr', createdAt: threeYears(-1) });
    // Processed recently: the last contact is the processing, not the arrival.
    const processedLate = await demand({
      agencyId: agency.id,
      emailAddress: 'late@example.fr',
      createdAt: threeYears(100),
      processedAt: threeYears(-1),
    });
    const ofCustomer = await demand({
      agencyId: agency.id,
      clientId: client.id,
      isClientKnown: true,
      createdAt: threeYears(400),
    });
    const known = await demand({ agencyId: agency.id, isClientKnown: true, createdAt: threeYears(400) });

    await RETENTION_RULES.prospect_contacts(ctx, now);

    const gone = await demandRow(old);
    expect(gone).toMatchObject({
      fullName: RETENTION_MESSAGES.anonymisedName,
      emailAddress: null,
      phone: null,
      address: null,
      postalCode: null,
      city: null,
      data: { source: 'site' },
      type: 'SITE_CONTACT',
      agencyId: agency.id,
    });
    expect(gone.anonymizedAt).not.toBeNull();
    for (const id of [inside, processedLate, ofCustomer, known]) {
      expect(await demandRow(id)).toMatchObject({ fullName: 'Paul Prospect', anonymizedAt: null });
    }
    // A second run finds nothing new.
    expect(await RETENTION_RULES.prospect_contacts(ctx, now)).toBe(0);
    // A year later, the one inside the period goes too.
    await RETENTION_RULES.prospect_contacts(ctx, new Date(now.getTime() + 2 * DAY));
    expect((await demandRow(inside)).emailAddress).toBeNull();
    expect((await demandRow(ofCustomer)).emailAddress).not.toBeNull();
  });

  it('counts from the person’s latest demand: an old one stays while the same address wrote again since', async () => {
    const agency = await t.buildAgency();
    const first = await demand({ agencyId: agency.id, emailAddress: 'Marie@Example.fr', createdAt: threeYears(300) });
    const again = await demand({ agencyId: agency.id, emailAddress: 'marie@example.fr', createdAt: threeYears(-30) });
    await RETENTION_RULES.prospect_contacts(ctx, now);
    expect((await demandRow(first)).emailAddress).toBe('Marie@Example.fr');
    // Once the latest is past the period too, both go.
    await RETENTION_RULES.prospect_contacts(ctx, new Date(now.getTime() + 31 * DAY));
    expect((await demandRow(first)).emailAddress).toBeNull();
    expect((await demandRow(again)).emailAddress).toBeNull();
  });

  it('works in batches: more rows than a batch all go in one run', async () => {
    const agency = await t.buildAgency();
    const many = RETENTION_BATCH + 3;
    await t.db.insert(contacts).values(
      Array.from({ length: many }, (_, i) => ({
        agencyId: agency.id,
        type: 'SITE_CONTACT',
        fullName: `Prospect ${i}`,
        emailAddress: `batch-${i}@example.fr`,
        createdAt: threeYears(10),
      })),
    );
    expect(await RETENTION_RULES.prospect_contacts(ctx, now)).toBe(many);
    expect(await t.db.$count(contacts, sql`${contacts.agencyId} = ${agency.id} and ${contacts.anonymizedAt} is null`)).toBe(0);
  });
});

describe('sent mails: body emptied 30 days after sending', () => {
  it('empties the sent ones past 30 days, keeps the recent, the pending and the dead ones', async () => {
    const mail = (values: Partial<typeof mailOutbox.$inferInsert>) =>
      t.db
        .insert(mailOutbox)
        .values({ to: 'x@example.fr', subject: 'Objet', text: 'Bonjour', html: '<p>Bonjour</p>', ...values })
        .returning({ id: mailOutbox.id })
        .then((rows) => rows[0]!.id);
    const old = await mail({ sentAt: ago(31), deliveredAt: ago(31) });
    const inside = await mail({ sentAt: ago(29, 23 * 60) });
    // Queued 40 days ago but delivered 10 days ago: counted from its delivery.
    const lateDelivery = await mail({ sentAt: ago(40), deliveredAt: ago(10) });
    const pending = await mail({ sentAt: ago(40), state: 'pending' });
    const dead = await mail({ sentAt: ago(40), state: 'dead' });

    expect(await RETENTION_RULES.mail_bodies(ctx, now)).toBeGreaterThanOrEqual(1);
    const rows = await t.db
      .select({ id: mailOutbox.id, text: mailOutbox.text, html: mailOutbox.html, subject: mailOutbox.subject, to: mailOutbox.to })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [old, inside, lateDelivery, pending, dead]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(old)).toMatchObject({ text: '', html: '', subject: 'Objet', to: 'x@example.fr' });
    for (const id of [inside, lateDelivery, pending, dead]) expect(byId.get(id)).toMatchObject({ text: 'Bonjour' });
  });
});

describe('tokens and sessions', () => {
  it('deletes expired tokens and challenges, keeps the valid ones', async () => {
    const client = await t.buildClient();
    const token = (expiresAt: Date, n: string) =>
      t.db
        .insert(accountTokens)
        .values({
          tokenHash: `h-${n}-${Math.random()}`,
          purpose: 'password_reset',
          subjectKind: 'client',
          subjectId: client.id,
          expiresAt,
        })
        .returning({ id: accountTokens.id })
        .then((r) => r[0]!.id);
    const expired = await token(ago(0, 1), 'expired');
    const valid = await token(new Date(now.getTime() + 60_000), 'valid');
    const [challenge] = await t.db
      .insert(secondFactorChallenges)
      .values({
        tokenHash: `c-${Math.random()}`,
        purpose: 'sign_in',
        subjectKind: 'client',
        subjectId: client.id,
        expiresAt: ago(1),
      })
      .returning({ id: secondFactorChallenges.id });
    const passkeyId = crypto.randomUUID();
    await t.db
      .insert(passkeyChallenges)
      .values({ id: passkeyId, challenge: 'x', purpose: 'sign_in', subjectKind: 'client', expiresAt: ago(1) });

    expect(await RETENTION_RULES.expired_tokens(ctx, now)).toBeGreaterThanOrEqual(3);
    expect(await t.db.$count(accountTokens, inArray(accountTokens.id, [expired, valid]))).toBe(1);
    expect(await t.db.$count(accountTokens, eq(accountTokens.id, valid))).toBe(1);
    expect(await t.db.$count(secondFactorChallenges, eq(secondFactorChallenges.id, challenge!.id))).toBe(0);
    expect(await t.db.$count(passkeyChallenges, eq(passkeyChallenges.id, passkeyId))).toBe(0);
  });

  it('deletes sessions 30 days after their end, with their refresh tokens; keeps open and recently ended ones', async () => {
    const client = await t.buildClient();
    const session = async (values: Partial<typeof sessions.$inferInsert>) => {
      const id = crypto.randomUUID();
      await t.db
        .insert(sessions)
        .values({ id, subjectKind: 'client', subjectId: client.id, expiresAt: new Date(now.getTime() + DAY), ...values });
      await t.db.insert(refreshTokens).values({
        tokenHash: `r-${id}`,
        familyId: id,
        subjectKind: 'client',
        subjectId: client.id,
        expiresAt: values.expiresAt ?? new Date(now.getTime() + DAY),
      });
      return id;
    };
    const open = await session({});
    const expiredLongAgo = await session({ expiresAt: ago(31) });
    const expiredRecently = await session({ expiresAt: ago(29) });
    const revokedLongAgo = await session({ revokedAt: ago(31) });
    const revokedRecently = await session({ revokedAt: ago(1) });

    await RETENTION_RULES.ended_sessions(ctx, now);
    const left = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, [open, expiredLongAgo, expiredRecently, revokedLongAgo, revokedRecently]));
    expect(left.map((r) => r.id).sort()).toEqual([open, expiredRecently, revokedRecently].sort());
    const tokens = await t.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(inArray(refreshTokens.familyId, [open, expiredLongAgo, expiredRecently, revokedLongAgo, revokedRecently]));
    // The recently expired session's token is past its own expiry: gone; the open ones' stay.
    expect(tokens.map((r) => r.familyId).sort()).toEqual([open, revokedRecently].sort());
  });
});

describe('data exports: the ZIP and its row go once the link expired', () => {
  it('deletes an expired export and its bytes, keeps one whose link still works', async () => {
    // The key the data exports' module keeps a ZIP under (modules/data-exports/service.ts).
    const key = (id: number) => `data-exports/${id}`;
    const [expired, valid] = await t.db
      .insert(dataExports)
      .values([
        { subjectKind: 'client', subjectId: 900_001, status: 'ready', expiresAt: ago(0, 1) },
        { subjectKind: 'client', subjectId: 900_002, status: 'ready', expiresAt: ago(-1) },
      ])
      .returning({ id: dataExports.id });
    for (const row of [expired!, valid!]) {
      await t.db
        .update(dataExports)
        .set({ storageKey: key(row.id) })
        .where(eq(dataExports.id, row.id));
      await t.storage.put(key(row.id), Buffer.from('zip'), 'application/zip');
    }
    expect(await RETENTION_RULES.data_exports(ctx, now)).toBe(1);
    expect(await t.db.$count(dataExports, eq(dataExports.id, expired!.id))).toBe(0);
    expect(await t.storage.get(key(expired!.id))).toBeNull();
    expect(await t.db.$count(dataExports, eq(dataExports.id, valid!.id))).toBe(1);
    expect(await t.storage.get(key(valid!.id))).not.toBeNull();
  });
});

describe('the daily job', () => {
  it('runs every rule with one clock, counts each in the metrics and logs the counts', async () => {
    const agency = await t.buildAgency();
    const old = await demand({ agencyId: agency.id, emailAddress: 'job@example.fr', createdAt: threeYears(5) });
    const [entry] = await t.db
      .insert(auditLog)
      .values({ action: 'job_offer.deleted', at: sql`now() - make_interval(days => 400)`, details: {} })
      .returning({ id: auditLog.id });
    const logged: unknown[] = [];
    const counts = await runRetention(deps, { info: (o: unknown) => logged.push(o), error: () => {} }, now);
    expect(Object.keys(counts).sort()).toEqual(Object.keys(RETENTION_RULES).sort());
    expect(counts.prospect_contacts).toBeGreaterThanOrEqual(1);
    expect(counts.audit_log).toBeGreaterThanOrEqual(1);
    expect((await demandRow(old)).emailAddress).toBeNull();
    expect(await t.db.$count(auditLog, eq(auditLog.id, entry!.id))).toBe(0);
    expect(logged).toEqual([{ counts, failed: [] }]);
    const metrics = await metricsRegistry.getSingleMetricAsString('reseau_retention_rows_total');
    expect(metrics).toMatch(/reseau_retention_rows_total\{rule="prospect_contacts"\} [1-9]/);

    // The registered job is that run, at the real clock.
    const another = await demand({ agencyId: agency.id, emailAddress: 'job2@example.fr', createdAt: threeYears(5) });
    await jobs.get('retention')!.task();
    expect((await demandRow(another)).emailAddress).toBeNull();
  });

  it('goes on past a failing rule, then fails saying which', async () => {
    const ran: string[] = [];
    const rules = {
      first: async () => {
        throw new Error('boom');
      },
      second: async () => {
        ran.push('second');
        return 2;
      },
    };
    await expect(runRetention(deps, silent, now, rules)).rejects.toThrow('retention rules failed: first');
    expect(ran).toEqual(['second']);
  });

  it('two runs at once anonymise each demand once', async () => {
    const agency = await t.buildAgency();
    const ids = await Promise.all(
      [1, 2, 3].map((n) => demand({ agencyId: agency.id, emailAddress: `race-${n}@example.fr`, createdAt: threeYears(5) })),
    );
    const [a, b] = await Promise.all([RETENTION_RULES.prospect_contacts(ctx, now), RETENTION_RULES.prospect_contacts(ctx, now)]);
    expect(a! + b!).toBeGreaterThanOrEqual(3);
    for (const id of ids) expect((await demandRow(id)).fullName).toBe(RETENTION_MESSAGES.anonymisedName);
  });
});
