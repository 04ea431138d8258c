import { describe, expect, it } from 'vitest';
import { buildContract } from '../../../test/extranet-factories.js';
import { buildTestApp, PASSWORD, testRedis } from '../../../test/helper.js';

// The app's log lines, to check what a refused mail leaves there. On Redis when TEST_REDIS_URL is set.
const logLines: string[] = [];
const t = await buildTestApp(testRedis(), {
  logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } },
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
const newcomer = () => t.buildClient({ passwordHash: null, emailVerifiedAt: null });
const quotaMessage = /^Trop d'emails envoyés à cette adresse : réessayez dans (60|59) minutes\.$/;

function expectQuotaReached(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json().code).toBe('too_many_requests');
  expect(res.json().message).toMatch(quotaMessage);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
}

describe('forgotten password: at most 3 mails an hour to one mailbox', () => {
  it('a customer: the 4th request still answers 204 but sends nothing, and the log hides the address', async () => {
    const client = await t.buildClient();
    for (let i = 0; i < 4; i++) {
      expect((await post(`/clients/${client.emailAddress}:open-password-reset`, { context: 'reset' })).statusCode).toBe(204);
    }
    await t.settled();
    expect(await t.mailsTo(client.emailAddress)).toHaveLength(3);
    const warning = logLines.find((l) => l.includes('mail quota reached'));
    expect(warning).toBeDefined();
    expect(warning).not.toContain(client.emailAddress);
    expect(JSON.parse(warning!).recipient).toMatch(/^c\*\*\*@test\.fr$/);
  });

  it('an admin, whatever the case of the address', async () => {
    const admin = await t.buildAdmin({ roleId: 6 });
    for (const email of [admin.emailAddress, admin.emailAddress.toUpperCase(), admin.emailAddress, admin.emailAddress]) {
      expect((await post(`/admins/${email}/open-password-reset`, { context: 'reset' })).statusCode).toBe(204);
    }
    await t.settled();
    expect(await t.mailsTo(admin.emailAddress)).toHaveLength(3);
  });

  it('concurrent requests send no more', async () => {
    const client = await t.buildClient();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post(`/clients/${client.emailAddress}:open-password-reset`, { context: 'reset' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(204));
    await t.settled();
    expect(await t.mailsTo(client.emailAddress)).toHaveLength(3);
  });

  it('one mailbox reaching its quota leaves the others alone', async () => {
    const full = await t.buildClient();
    const other = await t.buildClient();
    for (let i = 0; i < 4; i++) await post(`/clients/${full.emailAddress}:open-password-reset`, { context: 'reset' });
    await post(`/clients/${other.emailAddress}:open-password-reset`, { context: 'reset' });
    await t.settled();
    expect(await t.mailsTo(other.emailAddress)).toHaveLength(1);
  });
});

describe('mails answered with a 429 past the quota', () => {
  it('first connection: the 4th request of the hour', async () => {
    const client = await newcomer();
    const open = () => post(`/clients/${client.emailAddress}:open-email-verification`, { password: 'Chaudiere42x' });
    for (let i = 0; i < 3; i++) expect((await open()).statusCode).toBe(204);
    expectQuotaReached(await open());
    expect(await t.mailsTo(client.emailAddress)).toHaveLength(3);
  });

  it('each family has its own quota: reset links do not use up the first connection', async () => {
    const client = await newcomer();
    for (let i = 0; i < 4; i++) await post(`/clients/${client.emailAddress}:open-password-reset`, { context: 'reset' });
    await t.settled();
    const res = await post(`/clients/${client.emailAddress}:open-email-verification`, { password: 'Chaudiere42x' });
    expect(res.statusCode).toBe(204);
    expect(await t.mailsTo(client.emailAddress)).toHaveLength(4);
  });

  it('account email change: the 4th mail to the same new address', async () => {
    const client = await t.buildClient();
    const headers = await t.authHeader(client);
    const change = () =>
      post('/clients/me:open-email-change', { emailAddress: 'nouvelle-boite@test.fr', currentPassword: PASSWORD }, headers);
    for (let i = 0; i < 3; i++) expect((await change()).statusCode).toBe(202);
    expectQuotaReached(await change());
    expect(await t.mailsTo('nouvelle-boite@test.fr')).toHaveLength(3);
  });

  it('contract email change: the 4th mail to the same address', async () => {
    const client = await t.buildClient();
    const contract = await buildContract(t, { clientId: client.id, agencyId: client.agencyIds[0]! });
    const headers = await t.authHeader(client);
    const change = () =>
      post(`/agency-contracts/${contract.id}:open-email-address-change`, { emailAddress: 'contrat-boite@test.fr' }, headers);
    for (let i = 0; i < 3; i++) expect((await change()).statusCode).toBe(202);
    expectQuotaReached(await change());
    expect(await t.mailsTo('contrat-boite@test.fr')).toHaveLength(3);
  });

  it('connection link sent by an administrator, sharing the reset links quota', async () => {
    const manager = await t.buildAdmin({ roleId: 1 });
    const user = await t.buildAdmin({ roleId: 9 });
    const headers = await t.authHeader(manager);
    const send = () => post(`/admins/${user.emailAddress}/open-password-reset`, { context: 'init' }, headers);
    await post(`/admins/${user.emailAddress}/open-password-reset`, { context: 'reset' });
    await t.settled();
    for (let i = 0; i < 2; i++) expect((await send()).statusCode).toBe(204);
    expectQuotaReached(await send());
    expect(await t.mailsTo(user.emailAddress)).toHaveLength(3);
  });
});
