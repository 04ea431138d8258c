import { expect } from 'vitest';
import type { buildTestApp } from '../../../test/helper.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-people.js';

/**
 * Signs a demo staff account in through the API (tests of the demo seed): a GET that answers the
 * status and JSON body, and `raw` for the whole answer (a file download).
 */
export async function demoSession(t: Awaited<ReturnType<typeof buildTestApp>>, account: keyof typeof DEMO_ACCOUNTS) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/admin',
    payload: { emailAddress: DEMO_ACCOUNTS[account].email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const authorization = `Bearer ${res.json().accessToken}`;
  const raw = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization } });
  return Object.assign(
    async <T>(url: string) => {
      const answer = await raw(url);
      return { status: answer.statusCode, body: answer.json() as T };
    },
    { raw },
  );
}
