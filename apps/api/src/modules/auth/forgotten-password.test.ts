import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { backgroundJobs } from '../../db/schema/index.js';
import type { Mail } from '../../integrations/mail/mailer.js';

/**
 * A forgotten-password answer must not wait for the lookup, the token or the mail, so that known
 * and unknown addresses answer alike and in the same time: the request only writes a job (the
 * same INSERT whatever the address), and the job does the rest after the answer.
 */
const sent: Mail[] = [];
let failure: Error | null = null;
const t = await buildTestApp(
  {},
  {
    mailer: {
      async send(mail) {
        if (failure) throw failure;
        sent.push(mail);
      },
    },
  },
);
const jobsFor = async (email: string) =>
  (await t.db.select().from(backgroundJobs).orderBy(desc(backgroundJobs.id))).filter((j) => j.payload.email === email);

const openReset = (area: 'admins' | 'clients', email: string) =>
  t.app.inject({
    method: 'POST',
    url: area === 'admins' ? `/api/admins/${email}/open-password-reset` : `/api/clients/${email}:open-password-reset`,
    payload: { context: 'reset' },
  });

describe('forgotten password answers before the mail is sent', () => {
  it.each(['admins', 'clients'] as const)(
    '%s: known and unknown addresses get the same answer, the mail follows',
    async (area) => {
      const known = area === 'admins' ? await t.buildAdmin({ roleId: 6 }) : await t.buildClient();
      const [forKnown, forUnknown] = await Promise.all([openReset(area, known.emailAddress), openReset(area, 'inconnu@test.fr')]);
      for (const res of [forKnown, forUnknown]) {
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe('');
      }
      // The same durable job for both, written before the answer.
      const kind = area === 'admins' ? 'admin_password_reset' : 'client_password_reset';
      expect((await jobsFor(known.emailAddress)).map((j) => j.kind)).toEqual([kind]);
      expect((await jobsFor('inconnu@test.fr')).map((j) => j.kind)).toContain(kind);
      await t.settled();
      expect(sent.filter((m) => m.to === known.emailAddress)).toHaveLength(1);
      expect(sent.filter((m) => m.to === 'inconnu@test.fr')).toHaveLength(0);
    },
  );

  it('a mail that fails is kept for a retry, never answered to the caller', async () => {
    const client = await t.buildClient();
    failure = new Error('smtp down');
    try {
      expect((await openReset('clients', client.emailAddress)).statusCode).toBe(204);
      await t.settled();
      const [job] = await t.db.select().from(backgroundJobs).orderBy(desc(backgroundJobs.id)).limit(1);
      expect(job).toMatchObject({ kind: 'client_password_reset', state: 'pending', attempts: 1, error: 'smtp down' });
    } finally {
      failure = null;
    }
  });
});
