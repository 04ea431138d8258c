import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import type { Mail } from '../../integrations/mail/mailer.js';

/**
 * A mailer the test holds: a forgotten-password answer must not wait for the lookup, the token
 * or the mail, so that known and unknown addresses answer alike and in the same time.
 */
const sent: Mail[] = [];
let release: () => void = () => {};
let gate = Promise.resolve();
let failure: Error | null = null;
const t = await buildTestApp(
  {},
  {
    mailer: {
      async send(mail) {
        await gate;
        if (failure) throw failure;
        sent.push(mail);
      },
    },
  },
);
const hold = () => {
  gate = new Promise((resolve) => {
    release = resolve;
  });
};

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
      hold();
      const [forKnown, forUnknown] = await Promise.all([openReset(area, known.emailAddress), openReset(area, 'inconnu@test.fr')]);
      // Answered while the mail is still held.
      expect(sent.filter((m) => m.to === known.emailAddress)).toHaveLength(0);
      for (const res of [forKnown, forUnknown]) {
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe('');
      }
      release();
      await t.settled();
      expect(sent.filter((m) => m.to === known.emailAddress)).toHaveLength(1);
      expect(sent.filter((m) => m.to === 'inconnu@test.fr')).toHaveLength(0);
    },
  );

  it('a mail that fails is logged, never answered to the caller', async () => {
    const client = await t.buildClient();
    failure = new Error('smtp down');
    try {
      expect((await openReset('clients', client.emailAddress)).statusCode).toBe(204);
      await expect(t.settled()).rejects.toThrow('smtp down');
    } finally {
      failure = null;
    }
  });
});
