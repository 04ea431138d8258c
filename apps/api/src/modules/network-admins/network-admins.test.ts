import { IDENTIFIER_MESSAGES, IMPERSONATION_HEADER } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, tokenFromMail } from '../../../test/helper.js';
import { admins, auditLog } from '../../db/schema/index.js';

const t = await buildTestApp();

let seq = 0;
const newAdmin = (over: Record<string, unknown> = {}) => ({
  firstName: 'Sophie',
  lastName: 'Durand',
  position: 'Chargée de mission',
  phone: '06 11 22 33 44',
  emailAddress: `sophie.durand-${++seq}-${Date.now()}@reseau.fr`,
  roleId: 2,
  isHidden: false,
  isActive: true,
  ...over,
});

/** Rows built here get the fields the form requires, so that a PUT of what GET answered is valid. */
const reachable = { position: 'Responsable', phone: '01 23 45 67 89' };

type Caller = Parameters<typeof t.authHeader>[0];
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, caller: Caller | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    payload,
    headers: caller ? await t.authHeader(caller) : {},
  });

describe('network admins: who may call', () => {
  it('a role 1 or 2 admin reads, creates and updates; roles 3, 4, 9 and customers are refused', async () => {
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const created = await call('POST', '/network-admins', superAdmin, newAdmin({ firstName: '  Léa ' }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ firstName: 'Léa', roleId: 2, isActive: true, avatarFileId: null });
    const id = created.json().id as number;

    const networkAdmin = await t.buildAdmin({ roleId: 2 });
    expect((await call('GET', `/network-admins/${id}`, networkAdmin)).json().firstName).toBe('Léa');
    const updated = await call('PUT', `/network-admins/${id}`, networkAdmin, {
      ...(created.json() as object),
      position: 'Directrice',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().position).toBe('Directrice');

    const animator = await t.buildAdmin({ roleId: 3 });
    const director = await t.buildAdmin({ roleId: 4 });
    const collaborator = await t.buildAdmin({ roleId: 9 });
    for (const caller of [animator, director, collaborator]) {
      expect((await call('GET', '/network-admins', caller)).statusCode).toBe(403);
      expect((await call('GET', `/network-admins/${id}`, caller)).statusCode).toBe(403);
      expect((await call('POST', '/network-admins', caller, newAdmin())).statusCode).toBe(403);
      expect((await call('PUT', `/network-admins/${id}`, caller, newAdmin())).statusCode).toBe(403);
      expect(
        (await call('POST', '/network-admins:reorder', caller, { reorderedAdminId: id, newPrecedingAdminId: 0 })).statusCode,
      ).toBe(403);
    }
    const client = await t.buildClient();
    expect((await call('GET', '/network-admins', client)).statusCode).toBe(403);
    expect((await call('GET', '/network-admins', null)).statusCode).toBe(401);
  });

  it('an impersonated write is refused: an adherent user never holds the permission', async () => {
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const director = await t.buildAdmin({ roleId: 4 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/network-admins',
      payload: newAdmin(),
      headers: { ...(await t.authHeader(superAdmin)), [IMPERSONATION_HEADER]: String(director.id) },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('network admins: list and get', () => {
  it('lists network accounts only, filters isHidden, and never answers an adherent account', async () => {
    const caller = await t.buildAdmin({ roleId: 1 });
    const hidden = await t.buildAdmin({ roleId: 3, isHidden: true });
    const adherentUser = await t.buildAdmin({ roleId: 4 });
    const all = (await call('GET', '/network-admins?pageSize=100', caller)).json();
    const ids = all.networkAdmins.map((a: { id: number }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([caller.id, hidden.id]));
    expect(ids).not.toContain(adherentUser.id);
    expect(all.pageCount).toBe(1);

    const visible = (await call('GET', '/network-admins?isHidden=false&pageSize=100', caller)).json().networkAdmins;
    expect(visible.map((a: { id: number }) => a.id)).not.toContain(hidden.id);
    const onlyHidden = (await call('GET', '/network-admins?isHidden=true&pageSize=100', caller)).json().networkAdmins;
    expect(onlyHidden.every((a: { isHidden: boolean }) => a.isHidden)).toBe(true);

    expect((await call('GET', `/network-admins/${adherentUser.id}`, caller)).statusCode).toBe(404);
    expect((await call('PUT', `/network-admins/${adherentUser.id}`, caller, newAdmin({ roleId: 3 }))).statusCode).toBe(404);
    expect((await call('GET', '/network-admins/999999', caller)).json()).toMatchObject({ code: 'not_found' });
    expect((await call('GET', '/network-admins/abc', caller)).statusCode).toBe(400);
    expect((await call('GET', '/network-admins?isHidden=peut-être', caller)).statusCode).toBe(400);
  });
});

describe('network admins: validation (spec 01 §5)', () => {
  it('each required field answers "Veuillez remplir ce champ", a bad address its own message', async () => {
    const caller = await t.buildAdmin({ roleId: 2 });
    const res = await call(
      'POST',
      '/network-admins',
      caller,
      newAdmin({ firstName: ' ', lastName: '', position: '', phone: '', emailAddress: 'pas-une-adresse' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        firstName: ['Veuillez remplir ce champ'],
        lastName: ['Veuillez remplir ce champ'],
        position: ['Veuillez remplir ce champ'],
        phone: ['Veuillez remplir ce champ'],
        emailAddress: ['Veuillez saisir une adresse email valide'],
      },
    });
    const missing = await call('POST', '/network-admins', caller, {});
    expect(Object.keys(missing.json().errors).sort()).toEqual([
      'emailAddress',
      'firstName',
      'lastName',
      'phone',
      'position',
      'roleId',
    ]);
  });

  it('refuses a phone that is not a French number and stores a typed one as "03 20 54 18 72" (issue 25)', async () => {
    const caller = await t.buildAdmin({ roleId: 2 });
    const bad = await call('POST', '/network-admins', caller, newAdmin({ phone: '😀 appelez-nous' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ phone: [IDENTIFIER_MESSAGES.phone] });
    const ok = await call('POST', '/network-admins', caller, newAdmin({ phone: '+33 3.20.54.18.72' }));
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(admins)
      .where(eq(admins.id, (ok.json() as { id: number }).id));
    expect(row!.phone).toBe('03 20 54 18 72');
  });

  it('only a network role (1, 2, 3) may be given', async () => {
    const caller = await t.buildAdmin({ roleId: 2 });
    const res = await call('POST', '/network-admins', caller, newAdmin({ roleId: 4 }));
    expect(res.json().errors).toEqual({ roleId: ['Veuillez choisir un rôle du réseau.'] });
  });

  it('an address already used by any account is refused, whatever its case, on create and update', async () => {
    const caller = await t.buildAdmin({ roleId: 1 });
    const adherentUser = await t.buildAdmin({ roleId: 9 });
    const taken = await call(
      'POST',
      '/network-admins',
      caller,
      newAdmin({ emailAddress: adherentUser.emailAddress.toUpperCase() }),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ emailAddress: ['Cette adresse email est déjà utilisée par un autre compte.'] });

    const mine = (await call('POST', '/network-admins', caller, newAdmin())).json();
    const stolen = await call('PUT', `/network-admins/${mine.id}`, caller, { ...mine, emailAddress: caller.emailAddress });
    expect(stolen.json().errors.emailAddress).toEqual(['Cette adresse email est déjà utilisée par un autre compte.']);
    // Keeping one's own address is no conflict.
    expect((await call('PUT', `/network-admins/${mine.id}`, caller, { ...mine, phone: '01 02 03 04 05' })).statusCode).toBe(200);
  });

  it('two creations with one address at once: one is created, the other reads the message', async () => {
    const caller = await t.buildAdmin({ roleId: 1 });
    const body = newAdmin();
    const answers = await Promise.all([
      call('POST', '/network-admins', caller, body),
      call('POST', '/network-admins', caller, body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await t.db.$count(admins, eq(admins.emailAddress, body.emailAddress))).toBe(1);
  });
});

describe('network admins: the active switch and the role 1 rule', () => {
  it('disables and enables a role 2 admin, audited; a disabled admin can no longer call', async () => {
    const caller = await t.buildAdmin({ roleId: 1 });
    const target = await t.buildAdmin({ roleId: 2, ...reachable });
    const current = (await call('GET', `/network-admins/${target.id}`, caller)).json();
    const off = await call('PUT', `/network-admins/${target.id}`, caller, { ...current, isActive: false });
    expect(off.json().isActive).toBe(false);
    expect((await call('GET', '/network-admins', target)).statusCode).toBe(401);
    const on = await call('PUT', `/network-admins/${target.id}`, caller, { ...current, isActive: true });
    expect(on.json().isActive).toBe(true);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(target.id)), eq(auditLog.action, 'network_admin.updated')));
    expect(entries.map((e) => e.details)).toEqual([{ isActive: false }, { isActive: true }]);
    expect(entries.every((e) => e.actorAdminId === caller.id)).toBe(true);
  });

  it('refuses to disable the role 1 admin, or to create or demote one disabled', async () => {
    const caller = await t.buildAdmin({ roleId: 2 });
    const superAdmin = await t.buildAdmin({ roleId: 1, ...reachable });
    const current = (await call('GET', `/network-admins/${superAdmin.id}`, caller)).json();
    const refused = [
      await call('PUT', `/network-admins/${superAdmin.id}`, caller, { ...current, isActive: false }),
      await call('PUT', `/network-admins/${superAdmin.id}`, caller, { ...current, roleId: 2, isActive: false }),
      await call('POST', '/network-admins', caller, newAdmin({ roleId: 1, isActive: false })),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ isActive: ['Le super administrateur (rôle 1) ne peut pas être désactivé.'] });
    }
    expect((await call('GET', `/network-admins/${superAdmin.id}`, caller)).json()).toMatchObject({ roleId: 1, isActive: true });
  });
});

describe('network admins: the connection link', () => {
  it('a created admin receives the link (context init) and sets a password with it', async () => {
    const caller = await t.buildAdmin({ roleId: 1 });
    const created = (await call('POST', '/network-admins', caller, newAdmin({ firstName: 'Noé' }))).json();
    const sent = await call('POST', `/admins/${encodeURIComponent(created.emailAddress)}/open-password-reset`, caller, {
      context: 'init',
    });
    await t.settled();
    expect(sent.statusCode).toBe(204);
    const [mail] = await t.mailsTo(created.emailAddress);
    expect(mail?.text).toContain('Bonjour Noé,');
    const token = tokenFromMail(mail!.text);
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/admins/${token}/close-password-reset`,
      payload: { password: 'Bienvenue2031' },
    });
    expect(set.statusCode).toBe(204);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: created.emailAddress, password: 'Bienvenue2031' },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
