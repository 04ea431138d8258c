import { IMPERSONATION_HEADER, MESSAGES, NETWORK_APPLICATION_MESSAGES, type NetworkApplication } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { auditLog } from '../../db/schema/index.js';

const t = await buildTestApp();

type Caller = Parameters<typeof t.authHeader>[0];
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function call(who: Caller | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(who ? await t.authHeader(who) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

const logoOf = (who: Caller) => t.uploadAs(who, 11, PNG, 'logo.png');

/** An application created through the API by a network administrator; answers its id and logo. */
async function created(values: { title?: string; url?: string } = {}) {
  const writer = await t.buildAdmin({ roleId: 1 });
  const illustrationFileId = await logoOf(writer);
  const res = await call(writer, 'POST', '/network-applications', {
    title: 'Portail fournisseurs',
    url: 'https://fournisseurs.reseau-energie.fr',
    illustrationFileId,
    ...values,
  });
  expect(res.statusCode).toBe(201);
  return { id: (res.json() as { id: number }).id, illustrationFileId };
}

async function listAs(who: Caller) {
  const res = await call(who, 'GET', '/network-applications');
  expect(res.statusCode).toBe(200);
  return (res.json() as { networkApplications: NetworkApplication[] }).networkApplications;
}

describe('GET /api/network-applications', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 9])('role %i reads the directory and its logos', async (roleId) => {
    const app = await created({ title: `Lecture ${roleId}` });
    const reader = await t.buildAdmin({ roleId });
    const found = (await listAs(reader)).find((a) => a.id === app.id);
    expect(found).toEqual({
      id: app.id,
      title: `Lecture ${roleId}`,
      url: 'https://fournisseurs.reseau-energie.fr',
      illustrationFileId: app.illustrationFileId,
    });
    expect((await call(reader, 'GET', `/files/${app.illustrationFileId}`)).statusCode).toBe(200);
  });

  it('sorts by title in French order, accents and case aside', async () => {
    const ids: number[] = [];
    for (const title of ['zèbre', 'Écoles', 'devis', 'Facturation', 'agenda']) ids.push((await created({ title })).id);
    const titles = (await listAs(await t.buildAdmin({ roleId: 4 }))).filter((a) => ids.includes(a.id)).map((a) => a.title);
    expect(titles).toEqual(['agenda', 'devis', 'Écoles', 'Facturation', 'zèbre']);
  });

  it('refuses role 8 (neither permission), its logos too, and a customer and an anonymous caller', async () => {
    const app = await created();
    const accountant = await t.buildAdmin({ roleId: 8 });
    const res = await call(accountant, 'GET', '/network-applications');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', message: MESSAGES.forbidden });
    expect((await call(accountant, 'GET', `/files/${app.illustrationFileId}`)).statusCode).toBe(404);
    const client = await t.buildClient();
    expect((await call(client, 'GET', '/network-applications')).statusCode).toBe(403);
    expect((await call(client, 'GET', `/files/${app.illustrationFileId}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/network-applications')).statusCode).toBe(401);
  });

  it("reads with the impersonated user's permissions", async () => {
    const networkAdmin = await t.buildAdmin({ roleId: 1 });
    const accountant = await t.buildAdmin({ roleId: 8 });
    const technician = await t.buildAdmin({ roleId: 6 });
    const as = (who: { id: number }) => ({ [IMPERSONATION_HEADER]: String(who.id) });
    expect((await call(networkAdmin, 'GET', '/network-applications', undefined, as(accountant))).statusCode).toBe(403);
    expect((await call(networkAdmin, 'GET', '/network-applications', undefined, as(technician))).statusCode).toBe(200);
  });
});

describe('POST /api/network-applications', () => {
  it('adds an application, trims its fields, audits, and it reads back', async () => {
    const writer = await t.buildAdmin({ roleId: 3 });
    const illustrationFileId = await logoOf(writer);
    const res = await call(writer, 'POST', '/network-applications', {
      title: '  Catalogue pièces  ',
      url: ' https://pieces.reseau-energie.fr/catalogue?x=1 ',
      illustrationFileId,
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    expect((await listAs(writer)).find((a) => a.id === id)).toEqual({
      id,
      title: 'Catalogue pièces',
      url: 'https://pieces.reseau-energie.fr/catalogue?x=1',
      illustrationFileId,
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'network_application'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => [a.action, a.actorAdminId])).toEqual([['network_application.created', writer.id]]);
  });

  it.each([4, 5, 6, 7, 8, 9])('refuses role %i (no network_application_administration)', async (roleId) => {
    const who = await t.buildAdmin({ roleId });
    const res = await call(who, 'POST', '/network-applications', {
      title: 'Outil',
      url: 'https://outil.fr',
      illustrationFileId: await logoOf(who),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('refuses a customer and an anonymous caller', async () => {
    const payload = { title: 'Outil', url: 'https://outil.fr', illustrationFileId: 1 };
    expect((await call(await t.buildClient(), 'POST', '/network-applications', payload)).statusCode).toBe(403);
    expect((await call(null, 'POST', '/network-applications', payload)).statusCode).toBe(401);
  });

  it('answers validation_failed per field, in French, when a field is missing', async () => {
    const writer = await t.buildAdmin({ roleId: 1 });
    const res = await call(writer, 'POST', '/network-applications', { title: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: { title: [MESSAGES.required], url: [MESSAGES.required], illustrationFileId: [MESSAGES.required] },
    });
  });

  it.each([
    'javascript:alert(1)',
    'ftp://fichiers.reseau.fr',
    '/intranet/applications',
    'reseau-energie.fr',
    'data:text/html,<p>x</p>',
    'https://',
  ])('refuses the address %j', async (url) => {
    const writer = await t.buildAdmin({ roleId: 1 });
    const res = await call(writer, 'POST', '/network-applications', {
      title: 'Outil',
      url,
      illustrationFileId: await logoOf(writer),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { url: [NETWORK_APPLICATION_MESSAGES.invalidUrl] } });
  });

  it('refuses a title too long', async () => {
    const writer = await t.buildAdmin({ roleId: 1 });
    const res = await call(writer, 'POST', '/network-applications', {
      title: 'x'.repeat(101),
      url: 'https://outil.fr',
      illustrationFileId: await logoOf(writer),
    });
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { title: [MESSAGES.tooLong] } });
  });

  it("refuses a logo of another type, another admin's upload, or an unknown id", async () => {
    const writer = await t.buildAdmin({ roleId: 1 });
    const other = await t.buildAdmin({ roleId: 2 });
    const wrongType = await t.uploadAs(writer, 9, PNG, 'photo.png');
    const notMine = await logoOf(other);
    for (const illustrationFileId of [wrongType, notMine, 2_000_000_000]) {
      const res = await call(writer, 'POST', '/network-applications', {
        title: 'Outil',
        url: 'https://outil.fr',
        illustrationFileId,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: { illustrationFileId: [NETWORK_APPLICATION_MESSAGES.illustrationNotFound] },
      });
    }
  });
});

describe('PUT /api/network-applications/{id}', () => {
  it('rewrites an application, keeping a logo it already shows or taking a new one', async () => {
    const app = await created();
    const editor = await t.buildAdmin({ roleId: 2 });
    const keep = await call(editor, 'PUT', `/network-applications/${app.id}`, {
      title: 'Portail renommé',
      url: 'http://portail.reseau-energie.fr',
      illustrationFileId: app.illustrationFileId,
    });
    expect(keep.statusCode).toBe(204);
    const newLogo = await logoOf(editor);
    const swap = await call(editor, 'PUT', `/network-applications/${app.id}`, {
      title: 'Portail renommé',
      url: 'http://portail.reseau-energie.fr',
      illustrationFileId: newLogo,
    });
    expect(swap.statusCode).toBe(204);
    expect((await listAs(editor)).find((a) => a.id === app.id)).toEqual({
      id: app.id,
      title: 'Portail renommé',
      url: 'http://portail.reseau-energie.fr',
      illustrationFileId: newLogo,
    });
  });

  it('answers 404 for an unknown id, 400 for a bad one or a bad body, 403 without the permission', async () => {
    const app = await created();
    const editor = await t.buildAdmin({ roleId: 1 });
    const body = { title: 'Outil', url: 'https://outil.fr', illustrationFileId: app.illustrationFileId };
    expect((await call(editor, 'PUT', '/network-applications/2000000000', body)).statusCode).toBe(404);
    expect((await call(editor, 'PUT', '/network-applications/abc', body)).json().code).toBe('validation_failed');
    const bad = await call(editor, 'PUT', `/network-applications/${app.id}`, { ...body, url: 'javascript:void(0)' });
    expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: { url: [NETWORK_APPLICATION_MESSAGES.invalidUrl] } });
    const manager = await t.buildAdmin({ roleId: 4 });
    expect((await call(manager, 'PUT', `/network-applications/${app.id}`, body)).statusCode).toBe(403);
    expect((await call(await t.buildClient(), 'PUT', `/network-applications/${app.id}`, body)).statusCode).toBe(403);
    expect((await listAs(editor)).find((a) => a.id === app.id)?.title).toBe('Portail fournisseurs');
  });
});

describe('DELETE /api/network-applications/{id}', () => {
  it('deletes once: of two concurrent deletes one answers 204, the other 404', async () => {
    const app = await created();
    const admins = await Promise.all([t.buildAdmin({ roleId: 1 }), t.buildAdmin({ roleId: 3 })]);
    const answers = await Promise.all(admins.map((who) => call(who, 'DELETE', `/network-applications/${app.id}`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    expect((await listAs(admins[0])).some((a) => a.id === app.id)).toBe(false);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'network_application.deleted'), eq(auditLog.entityId, String(app.id))));
    expect(audits).toHaveLength(1);
  });

  it('refuses without the permission, a customer and an anonymous caller; the row stays', async () => {
    const app = await created();
    expect((await call(await t.buildAdmin({ roleId: 7 }), 'DELETE', `/network-applications/${app.id}`)).statusCode).toBe(403);
    expect((await call(await t.buildClient(), 'DELETE', `/network-applications/${app.id}`)).statusCode).toBe(403);
    expect((await call(null, 'DELETE', `/network-applications/${app.id}`)).statusCode).toBe(401);
    expect((await call(await t.buildAdmin({ roleId: 1 }), 'DELETE', '/network-applications/0')).json().code).toBe(
      'validation_failed',
    );
    expect((await listAs(await t.buildAdmin({ roleId: 6 }))).some((a) => a.id === app.id)).toBe(true);
  });
});
