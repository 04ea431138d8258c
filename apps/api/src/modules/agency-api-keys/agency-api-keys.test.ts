import {
  AGENCY_API_KEY_CALLS_PER_MINUTE,
  AGENCY_API_KEY_HEADER,
  AGENCY_API_KEY_MESSAGES,
  AGENCY_API_KEYS_MAX,
  type AgencyApiKey,
} from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { hashToken } from '../../auth/tokens.js';
import { agencyApiKeys, auditLog } from '../../db/schema/index.js';

const t = await buildTestApp();

type Caller = Parameters<typeof t.authHeader>[0];

async function call(who: Caller | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers = {}) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(who ? await t.authHeader(who) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

const withKey = (apiKey: string) =>
  t.app.inject({ method: 'GET', url: '/api/agency-api-keys:current', headers: { [AGENCY_API_KEY_HEADER]: apiKey } });

/** A director (role 4) of a fresh adherent with one agency, and a key made by them. */
async function directorWithKey(label = 'Logiciel de gestion') {
  const director = await t.buildAdmin({ roleId: 4 });
  const agencyId = director.agencyIds[0]!;
  const res = await call(director, 'POST', `/agencies/${agencyId}/api-keys`, { label });
  expect(res.statusCode).toBe(201);
  const { id, apiKey } = res.json() as { id: number; apiKey: string };
  return { director, agencyId, id, apiKey };
}

async function keysOf(who: Caller, agencyId: number) {
  const res = await call(who, 'GET', `/agencies/${agencyId}/api-keys`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { agencyApiKeys: AgencyApiKey[] }).agencyApiKeys;
}

describe('POST /api/agencies/{id}/api-keys', () => {
  it('answers the key once, keeps only its hash, audits the creation, and the key works', async () => {
    const { director, agencyId, id, apiKey } = await directorWithKey();
    expect(apiKey).toMatch(/^rek_[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db.select().from(agencyApiKeys).where(eq(agencyApiKeys.id, id));
    expect(stored?.keyHash).toBe(hashToken(apiKey));
    expect(JSON.stringify(stored)).not.toContain(apiKey);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agency_api_key.created'), eq(auditLog.entityId, String(id))));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.actorAdminId).toBe(director.id);
    expect(JSON.stringify(audited[0]?.details)).not.toContain(apiKey);

    const res = await withKey(apiKey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, label: 'Logiciel de gestion', agencyId });
  });

  it('roles 1 and 2 make keys for any agency', async () => {
    const agency = await t.buildAgency();
    for (const roleId of [1, 2]) {
      const admin = await t.buildAdmin({ roleId });
      const res = await call(admin, 'POST', `/agencies/${agency.id}/api-keys`, { label: `Rôle ${roleId}` });
      expect(res.statusCode).toBe(201);
    }
  });

  it('an adherent user never makes a key for another adherent’s agency (404), a role without the permission is refused (403)', async () => {
    const director = await t.buildAdmin({ roleId: 4 });
    const other = await t.buildAgency();
    expect((await call(director, 'POST', `/agencies/${other.id}/api-keys`, { label: 'x' })).statusCode).toBe(404);
    for (const roleId of [5, 6, 8, 9]) {
      const user = await t.buildAdmin({ roleId });
      const res = await call(user, 'POST', `/agencies/${user.agencyIds[0]}/api-keys`, { label: 'x' });
      expect(res.statusCode).toBe(403);
    }
    const animator = await t.buildAdmin({ roleId: 3 });
    expect((await call(animator, 'POST', `/agencies/${other.id}/api-keys`, { label: 'x' })).statusCode).toBe(403);
    const customer = await t.buildClient({ agencyIds: [other.id] });
    expect((await call(customer, 'POST', `/agencies/${other.id}/api-keys`, { label: 'x' })).statusCode).toBe(403);
    expect((await call(null, 'POST', `/agencies/${other.id}/api-keys`, { label: 'x' })).statusCode).toBe(401);
    expect(await t.db.select().from(agencyApiKeys).where(eq(agencyApiKeys.agencyId, other.id))).toHaveLength(0);
  });

  it('refuses a blank or too long label in French, and an agency that does not exist', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const agency = await t.buildAgency();
    const blank = await call(admin, 'POST', `/agencies/${agency.id}/api-keys`, { label: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'validation_failed', errors: { label: ['Veuillez remplir ce champ'] } });
    const long = await call(admin, 'POST', `/agencies/${agency.id}/api-keys`, { label: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect((await call(admin, 'POST', '/agencies/99999999/api-keys', { label: 'x' })).statusCode).toBe(404);
  });

  it(`holds at most ${AGENCY_API_KEYS_MAX} live keys per agency, even when asked at once`, async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const agency = await t.buildAgency();
    const answers = await Promise.all(
      Array.from({ length: AGENCY_API_KEYS_MAX + 3 }, (_, i) =>
        call(admin, 'POST', `/agencies/${agency.id}/api-keys`, { label: `Clé ${i}` }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(AGENCY_API_KEYS_MAX);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.json()).toMatchObject({ message: AGENCY_API_KEY_MESSAGES.tooMany });
    expect(await keysOf(admin, agency.id)).toHaveLength(AGENCY_API_KEYS_MAX);
  });
});

describe('GET /api/agencies/{id}/api-keys', () => {
  it('lists label, maker, creation and last use, never the key nor its hash', async () => {
    const { director, agencyId, id, apiKey } = await directorWithKey('ERP atelier');
    const [before] = await keysOf(director, agencyId);
    expect(before).toEqual({
      id,
      label: 'ERP atelier',
      createdAt: expect.any(String),
      createdBy: `${director.firstName} ${director.lastName}`,
      lastUsedAt: null,
    });
    await withKey(apiKey);
    const res = await call(director, 'GET', `/agencies/${agencyId}/api-keys`);
    expect(res.body).not.toContain(apiKey);
    expect(res.body).not.toContain(hashToken(apiKey));
    expect((res.json() as { agencyApiKeys: AgencyApiKey[] }).agencyApiKeys[0]?.lastUsedAt).not.toBeNull();
  });

  it('is refused for another adherent’s agency and for roles without the permission', async () => {
    const { agencyId } = await directorWithKey();
    const stranger = await t.buildAdmin({ roleId: 4 });
    expect((await call(stranger, 'GET', `/agencies/${agencyId}/api-keys`)).statusCode).toBe(404);
    const technician = await t.buildAdmin({ roleId: 6 });
    expect((await call(technician, 'GET', `/agencies/${agencyId}/api-keys`)).statusCode).toBe(403);
  });
});

describe('DELETE /api/agency-api-keys/{id}', () => {
  it('revokes at once: the next call with the key is 401, the list no longer shows it, the revocation is audited', async () => {
    const { director, agencyId, id, apiKey } = await directorWithKey();
    expect((await withKey(apiKey)).statusCode).toBe(200);
    expect((await call(director, 'DELETE', `/agency-api-keys/${id}`)).statusCode).toBe(204);
    const refused = await withKey(apiKey);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'invalid_api_key', message: AGENCY_API_KEY_MESSAGES.invalidKey });
    expect(await keysOf(director, agencyId)).toEqual([]);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agency_api_key.revoked'), eq(auditLog.entityId, String(id))));
    expect(audited).toHaveLength(1);
  });

  it('two revocations at once: one 204, one 404', async () => {
    const { director, id } = await directorWithKey();
    const answers = await Promise.all([1, 2].map(() => call(director, 'DELETE', `/agency-api-keys/${id}`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 404]);
  });

  it('another adherent’s key is not found and stays live; a role without the permission is refused', async () => {
    const { id, apiKey } = await directorWithKey();
    const stranger = await t.buildAdmin({ roleId: 4 });
    expect((await call(stranger, 'DELETE', `/agency-api-keys/${id}`)).statusCode).toBe(404);
    const accountant = await t.buildAdmin({ roleId: 8 });
    expect((await call(accountant, 'DELETE', `/agency-api-keys/${id}`)).statusCode).toBe(403);
    expect((await withKey(apiKey)).statusCode).toBe(200);
  });
});

describe('calls with a key (x-api-key)', () => {
  it('refuses a missing, malformed or unknown key with 401, and a staff token in its place', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/agency-api-keys:current' })).statusCode).toBe(401);
    expect((await withKey('pas-une-cle')).statusCode).toBe(401);
    expect((await withKey(`rek_${'A'.repeat(43)}`)).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/agency-api-keys:current')).statusCode).toBe(401);
  });

  it('audits each call with its route and status, never the key', async () => {
    const { id, apiKey } = await directorWithKey();
    await withKey(apiKey);
    await withKey(apiKey);
    const calls = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agency_api_key.call'), eq(auditLog.entityId, String(id))));
    expect(calls).toHaveLength(2);
    expect(calls[0]?.details).toMatchObject({ method: 'GET', route: '/api/agency-api-keys:current', status: 200 });
    expect(JSON.stringify(calls)).not.toContain(apiKey);
  });

  it(`limits each key to ${AGENCY_API_KEY_CALLS_PER_MINUTE} calls a minute, without slowing another key`, async () => {
    const first = await directorWithKey();
    const second = await directorWithKey();
    const statuses: number[] = [];
    for (let i = 0; i <= AGENCY_API_KEY_CALLS_PER_MINUTE; i += 1) statuses.push((await withKey(first.apiKey)).statusCode);
    expect(statuses.slice(0, AGENCY_API_KEY_CALLS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await withKey(second.apiKey)).statusCode).toBe(200);
  });
});
