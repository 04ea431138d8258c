import { expect } from 'vitest';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/db/seed/demo.js';
import { buildTestApp, type TestApp } from './helper.js';

export type { TestApp };

/** The whole demo seed takes long on a busy machine: the `beforeAll` timeout of a file that builds it. */
export const DEMO_SEED_TIMEOUT = 120_000;

/** A test app on its own database holding the whole demo seed, as `npm start` makes it. */
export async function buildDemoApp(): Promise<TestApp> {
  const t = await buildTestApp();
  await seedDemoIfEmpty(t.db, t.storage);
  return t;
}

/** Signs a demo staff account in through the API: its `authorization` header. */
export async function demoStaffAuthorization(t: TestApp, emailAddress: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/admin',
    payload: { emailAddress, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return `Bearer ${res.json().accessToken}`;
}

/** GET calls under /api as a demo staff account, as its screens make them. */
export async function demoStaffGet(t: TestApp, emailAddress: string) {
  const authorization = await demoStaffAuthorization(t, emailAddress);
  return (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization } });
}
