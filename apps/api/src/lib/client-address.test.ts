import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD } from '../../test/helper.js';
import { auditLog } from '../db/schema/index.js';

// The client's address is the socket's peer unless TRUST_PROXY names the proxies: a forged
// X-Forwarded-For must neither buy fresh rate-limit attempts nor write itself into the audit log.
const direct = await buildTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '2' });
const oneHop = await buildTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '2', TRUST_PROXY: '1' });
const namedProxy = await buildTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.5' });

const plain = await buildTestApp();

type App = typeof direct;
let seq = 0;

/** One after the other: the point is which key each request counts against, not a race. */
async function statuses(t: App, forwardedFor: string[], remoteAddress?: string) {
  const codes: number[] = [];
  for (const xff of forwardedFor) codes.push((await signIn(t, xff, remoteAddress)).statusCode);
  return codes;
}

/** A failed sign-in, each for another unknown address (per-account throttling stays out of the way). */
const signIn = (t: App, forwardedFor: string, remoteAddress = '198.51.100.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/admin',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { emailAddress: `personne-${++seq}@nulle-part.fr`, password: 'Mauvais123' },
  });

describe('client address', () => {
  it('ignores X-Forwarded-For by default: forged addresses share the caller’s one limit', async () => {
    expect(await statuses(direct, ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'])).toEqual([401, 401, 429, 429]);
  });

  it('with TRUST_PROXY=1 each forwarded client has its own limit', async () => {
    expect(await statuses(oneHop, ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'])).toEqual([401, 401, 401, 401]);
    // …and one forwarded client still has one limit.
    expect(await statuses(oneHop, ['5.5.5.5', '5.5.5.5', '5.5.5.5'])).toEqual([401, 401, 429]);
  });

  it('with TRUST_PROXY naming the proxy, only that proxy is believed', async () => {
    expect(await statuses(namedProxy, ['1.1.1.1', '2.2.2.2', '3.3.3.3'], '10.0.0.5')).toEqual([401, 401, 401]);
    expect(await statuses(namedProxy, ['6.6.6.6', '7.7.7.7', '8.8.8.8'], '203.0.113.50')).toEqual([401, 401, 429]);
  });

  it('the audit log keeps the socket address when X-Forwarded-For is forged', async () => {
    const t = plain;
    const admin = await t.buildAdmin({ roleId: 9 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      remoteAddress: '198.51.100.23',
      headers: { 'x-forwarded-for': '9.9.9.9' },
      payload: { emailAddress: admin.emailAddress, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await t.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.actorAdminId, admin.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.ip).toBe('198.51.100.23');
  });

  it('the audit log keeps the forwarded client behind a trusted proxy', async () => {
    const admin = await oneHop.buildAdmin({ roleId: 9 });
    const res = await oneHop.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '192.0.2.44' },
      payload: { emailAddress: admin.emailAddress, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await oneHop.db.select({ ip: auditLog.ip }).from(auditLog).where(eq(auditLog.actorAdminId, admin.id));
    expect(entry?.ip).toBe('192.0.2.44');
  });
});
