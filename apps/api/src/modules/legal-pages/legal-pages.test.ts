import { LEGAL_PAGE_MESSAGES, LEGAL_PAGE_SLUGS, MESSAGES, NOT_FOUND_SUBJECTS, notFoundMessage } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller, buildTestApp } from '../../../test/helper.js';
import { auditLog, legalPages } from '../../db/schema/index.js';

const t = await buildTestApp({}, { modules: ['legal-pages', 'files'] });
const call = apiCaller(t);
const superAdmin = await t.buildAdmin({ roleId: 1 });
const body = { title: 'Mentions légales', content: '<p>Édité par la coopérative <strong>Réseau Énergie</strong>.</p>' };

describe('GET /legal-pages/{slug}: public', () => {
  it.each(LEGAL_PAGE_SLUGS)('answers the default text of %s to someone signed out', async (slug) => {
    const res = await call(null, 'GET', `/legal-pages/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ slug, isDefault: true, updatedAt: null });
    expect(res.json().content.length).toBeGreaterThan(200);
  });

  it('the privacy policy names the recipients, the rights and the CNIL; says there is no tracking cookie', async () => {
    const { content } = (await call(null, 'GET', '/legal-pages/politique-de-confidentialite')).json();
    for (const words of [
      'PayPlug',
      'Yousign',
      "L'hébergeur",
      'Votre agence',
      'rectifier',
      'effacer',
      'portabilité',
      'opposer',
      'limitation',
      'Télécharger mes données',
      'Supprimer mon compte',
      '3 Place de Fontenoy, TSA 80715, 75334 Paris Cedex 07',
      'aucun cookie',
    ]) {
      expect(content).toContain(words);
    }
  });

  it('the accessibility statement says RGAA 4.1, its state, the contact and the Défenseur des droits', async () => {
    const { content } = (await call(null, 'GET', '/legal-pages/declaration-accessibilite')).json();
    for (const words of ['RGAA', '4.1', 'partiellement conforme', 'axe-core', 'Défenseur des droits'])
      expect(content).toContain(words);
  });

  it('is read by customers and staff alike', async () => {
    const client = await t.buildClient();
    const technician = await t.buildAdmin({ roleId: 6 });
    for (const who of [client, technician])
      expect((await call(who, 'GET', '/legal-pages/mentions-legales')).statusCode).toBe(200);
  });

  it('an unknown page is a 404', async () => {
    const res = await call(null, 'GET', '/legal-pages/cgv');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(notFoundMessage(NOT_FOUND_SUBJECTS.legalPage));
  });
});

describe('PUT /legal-pages/{slug}: role 1', () => {
  it('saves the text, answers it to everyone afterwards, and records it in the audit log', async () => {
    const res = await call(superAdmin, 'PUT', '/legal-pages/mentions-legales', body);
    expect(res.statusCode).toBe(204);
    const read = (await call(null, 'GET', '/legal-pages/mentions-legales')).json();
    expect(read).toMatchObject({ ...body, isDefault: false });
    expect(Date.parse(read.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await t.db.select().from(legalPages).where(eq(legalPages.slug, 'mentions-legales'));
    expect(row?.updatedBy).toBe(superAdmin.id);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'legal_page.updated'));
    expect(entries.at(-1)).toMatchObject({ actorAdminId: superAdmin.id, entity: 'legal_page', entityId: 'mentions-legales' });
    // The other pages keep their default.
    expect((await call(null, 'GET', '/legal-pages/declaration-accessibilite')).json().isDefault).toBe(true);
  });

  it('saving again writes over the same page (one row per page), also when two saves race', async () => {
    const saves = await Promise.all(
      ['<p>Un</p>', '<p>Deux</p>'].map((content) =>
        call(superAdmin, 'PUT', '/legal-pages/declaration-accessibilite', { title: 'Accessibilité', content }),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual([204, 204]);
    expect(await t.db.$count(legalPages, eq(legalPages.slug, 'declaration-accessibilite'))).toBe(1);
    expect(['<p>Un</p>', '<p>Deux</p>']).toContain(
      (await call(null, 'GET', '/legal-pages/declaration-accessibilite')).json().content,
    );
  });

  it('sanitizes the text: scripts, event handlers and javascript: links are dropped', async () => {
    const res = await call(superAdmin, 'PUT', '/legal-pages/politique-de-confidentialite', {
      title: 'Confidentialité',
      content: '<p onclick="x()">Texte<script>alert(1)</script> <a href="javascript:alert(1)">lien</a></p>',
    });
    expect(res.statusCode).toBe(204);
    const { content } = (await call(null, 'GET', '/legal-pages/politique-de-confidentialite')).json();
    expect(content).not.toMatch(/script|onclick|javascript/);
    expect(content).toContain('Texte');
  });

  it('refuses other staff roles, customers and the signed out', async () => {
    const client = await t.buildClient();
    for (const roleId of [2, 3, 4, 5, 6, 7, 8, 9]) {
      const admin = await t.buildAdmin({ roleId });
      expect((await call(admin, 'PUT', '/legal-pages/mentions-legales', body)).statusCode, `role ${roleId}`).toBe(403);
    }
    expect((await call(client, 'PUT', '/legal-pages/mentions-legales', body)).statusCode).toBe(403);
    expect((await call(null, 'PUT', '/legal-pages/mentions-legales', body)).statusCode).toBe(401);
  });

  it('refuses bad input: unknown page, empty text or title, an image', async () => {
    expect((await call(superAdmin, 'PUT', '/legal-pages/cgv', body)).statusCode).toBe(404);
    const empty = await call(superAdmin, 'PUT', '/legal-pages/mentions-legales', { title: ' ', content: '<p></p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'validation_failed',
      errors: { title: [MESSAGES.required], content: [MESSAGES.required] },
    });
    const fileId = await t.uploadAs(
      superAdmin,
      6,
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
      'a.png',
    );
    const image = await call(superAdmin, 'PUT', '/legal-pages/mentions-legales', {
      title: 'Mentions',
      content: `<p>Texte</p><img src="/api/files/${fileId}" alt="x">`,
    });
    expect(image.statusCode).toBe(400);
    expect(image.json().errors).toEqual({ content: [LEGAL_PAGE_MESSAGES.noImageInContent] });
  });
});
