import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testRedis } from '../../test/helper.js';

/**
 * Every route that signs in, spends a token or sends a mail is limited per address and route.
 * With 2 calls a minute allowed, the third is refused before anything else is looked at (no
 * token, no valid body needed): removing a route's limit makes its row fail. The limits live in
 * Redis when TEST_REDIS_URL is set.
 */
const t = await buildTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '2', ...testRedis() });
const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

const limited: { route: string; url: string; body?: object; max?: number }[] = [
  { route: 'POST /auth/admin', url: '/auth/admin', body: { emailAddress: 'a@test.fr', password: 'Mauvais123' } },
  { route: 'POST /auth/client', url: '/auth/client', body: { emailAddress: 'c@test.fr', password: 'Mauvais123' } },
  { route: 'POST /auth/sessions:end-by-link', url: '/auth/sessions:end-by-link', body: { token: TOKEN } },
  { route: 'POST /auth/refresh (60 a minute)', url: '/auth/refresh', body: { refreshToken: TOKEN }, max: 60 },
  { route: 'POST /admins/{email}/open-password-reset', url: '/admins/a@test.fr/open-password-reset', body: { context: 'reset' } },
  {
    route: 'POST /admins/{token}/close-password-reset',
    url: `/admins/${TOKEN}/close-password-reset`,
    body: { password: 'Nouveau2026' },
  },
  {
    route: 'POST /clients/{email}:open-password-reset',
    url: '/clients/c@test.fr:open-password-reset',
    body: { context: 'reset' },
  },
  {
    route: 'POST /clients/{token}:close-password-reset',
    url: `/clients/${TOKEN}:close-password-reset`,
    body: { password: 'Nouveau2026' },
  },
  {
    route: 'POST /clients/{email}:open-email-verification',
    url: '/clients/c@test.fr:open-email-verification',
    body: { password: 'Bonjour2026' },
  },
  { route: 'POST /clients/{token}:close-email-verification', url: `/clients/${TOKEN}:close-email-verification` },
  { route: 'POST /clients/me:open-email-change', url: '/clients/me:open-email-change', body: { emailAddress: 'n@test.fr' } },
  {
    route: 'POST /agency-contracts/{id}:open-email-address-change',
    url: '/agency-contracts/1:open-email-address-change',
    body: { emailAddress: 'n@test.fr' },
  },
  { route: 'POST /extranet-agency-contacts', url: '/extranet-agency-contacts', body: {} },
];

describe('rate limit per address on every sensitive route', () => {
  it.each(limited)('$route', async ({ url, body, max = 2 }) => {
    const call = () => t.app.inject({ method: 'POST', url: `/api${url}`, payload: body });
    for (let i = 0; i < max; i++) expect((await call()).statusCode).not.toBe(429);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'too_many_requests',
      message: 'Trop de tentatives, veuillez réessayer dans une minute.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each address on its own', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/admin',
        remoteAddress,
        payload: { emailAddress: 'x@test.fr', password: 'Mauvais123' },
      });
    await from('203.0.113.1');
    await from('203.0.113.1');
    expect((await from('203.0.113.1')).statusCode).toBe(429);
    expect((await from('203.0.113.2')).statusCode).toBe(401);
  });

  if (t.config.REDIS_URL) {
    it('keeps its counters in Redis, where every instance sees them', async () => {
      await t.app.inject({ method: 'POST', url: '/api/auth/client', remoteAddress: '203.0.113.9', payload: {} });
      const redis = new Redis(t.config.REDIS_URL!);
      try {
        const keys = await redis.keys(`${t.redisKeyPrefix}rate-limit:*`);
        expect(keys.some((k) => k.endsWith('/api/auth/client-203.0.113.9'))).toBe(true);
      } finally {
        await redis.quit();
      }
    });
  }
});
