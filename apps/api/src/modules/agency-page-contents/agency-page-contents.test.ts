import type { AgencyPageContent } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { agencyPageContents, auditLog } from '../../db/schema/index.js';

const t = await buildTestApp();

type Admin = Awaited<ReturnType<typeof t.buildAdmin>>;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function call(who: Admin, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: await t.authHeader(who), ...(payload ? { payload } : {}) });
}

const body = (values: object = {}) => ({ title: 'Nos engagements', content: '<p>Un technicien sous 48 h</p>', ...values });

async function stored(values: Partial<typeof agencyPageContents.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(agencyPageContents)
    .values({ title: 'Contenu', content: '<p>Texte</p>', ...values })
    .returning();
  return row!;
}

describe('agency contents (agency_info_administration, in the caller’s agencies)', () => {
  it('creates, lists, reads, updates and deletes a content of the caller’s agency, with audit', async () => {
    const manager = await t.buildAdmin({ roleId: 7 });
    const agencyId = manager.agencyIds[0]!;
    const picture = await t.uploadAs(manager, 6, PNG, 'image.png');
    const created = await call(
      manager,
      'POST',
      '/agency-page-contents',
      body({
        agencyId,
        illustrationFileId: picture,
        videoUrl: 'https://video.example/x',
        content: '<p>Bonjour<script>x()</script></p>',
      }),
    );
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    const list = await call(manager, 'GET', `/agency-page-contents?agencyId=${agencyId}`);
    expect(list.json().agencyPageContents).toEqual([
      {
        id,
        title: 'Nos engagements',
        videoUrl: 'https://video.example/x',
        content: '<p>Bonjour</p>',
        illustrationFileId: picture,
        agencyId,
        isActive: true,
      } satisfies AgencyPageContent,
    ]);
    const put = await call(manager, 'PUT', `/agency-page-contents/${id}`, body({ agencyId, isActive: false, videoUrl: '' }));
    expect(put.statusCode).toBe(204);
    expect((await call(manager, 'GET', `/agency-page-contents/${id}`)).json()).toMatchObject({
      isActive: false,
      videoUrl: null,
      illustrationFileId: null,
    });
    expect((await call(manager, 'DELETE', `/agency-page-contents/${id}`)).statusCode).toBe(204);
    expect((await call(manager, 'GET', `/agency-page-contents/${id}`)).statusCode).toBe(404);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'agency_page_content'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'agency_page_content.created',
      'agency_page_content.deleted',
      'agency_page_content.updated',
    ]);
  });

  it('never reaches another adherent’s agency: 403 on its list and on create, 404 on its contents', async () => {
    const manager = await t.buildAdmin({ roleId: 4 });
    const otherAgency = await t.buildAgency();
    const theirs = await stored({ agencyId: otherAgency.id });
    expect((await call(manager, 'GET', `/agency-page-contents?agencyId=${otherAgency.id}`)).statusCode).toBe(403);
    expect((await call(manager, 'POST', '/agency-page-contents', body({ agencyId: otherAgency.id }))).statusCode).toBe(403);
    expect((await call(manager, 'GET', `/agency-page-contents/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await call(manager, 'PUT', `/agency-page-contents/${theirs.id}`, body({ agencyId: otherAgency.id }))).statusCode,
    ).toBe(404);
    expect((await call(manager, 'DELETE', `/agency-page-contents/${theirs.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(agencyPageContents).where(eq(agencyPageContents.id, theirs.id));
    expect(row?.title).toBe('Contenu');
  });

  it('does not move a content to another agency', async () => {
    const manager = await t.buildAdmin({ roleId: 2 });
    const [a, b] = [await t.buildAgency(), await t.buildAgency()];
    const content = await stored({ agencyId: a.id });
    const res = await call(manager, 'PUT', `/agency-page-contents/${content.id}`, body({ agencyId: b.id }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['agencyId']);
  });

  it.each([5, 6, 8])('refuses role %i (neither permission)', async (roleId) => {
    const who = await t.buildAdmin({ roleId });
    const agencyId = who.agencyIds[0]!;
    expect((await call(who, 'GET', `/agency-page-contents?agencyId=${agencyId}`)).statusCode).toBe(403);
    expect((await call(who, 'POST', '/agency-page-contents', body({ agencyId }))).statusCode).toBe(403);
  });
});

describe('network-wide contents (network_agency_page_content_administration)', () => {
  it('role 3 manages them but not an agency’s', async () => {
    const animator = await t.buildAdmin({ roleId: 3 });
    const created = await call(animator, 'POST', '/agency-page-contents', body({ title: 'Le réseau' }));
    expect(created.statusCode).toBe(201);
    const list = (await call(animator, 'GET', '/agency-page-contents')).json().agencyPageContents as AgencyPageContent[];
    expect(list.find((c) => c.id === created.json().id)).toMatchObject({ title: 'Le réseau', agencyId: null });
    const agency = await t.buildAgency();
    expect((await call(animator, 'GET', `/agency-page-contents?agencyId=${agency.id}`)).statusCode).toBe(403);
  });

  it.each([4, 7])('refuses role %i (an agency manager)', async (roleId) => {
    const manager = await t.buildAdmin({ roleId });
    const network = await stored();
    expect((await call(manager, 'GET', '/agency-page-contents')).statusCode).toBe(403);
    expect((await call(manager, 'POST', '/agency-page-contents', body())).statusCode).toBe(403);
    expect((await call(manager, 'DELETE', `/agency-page-contents/${network.id}`)).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('answers validation_failed per field', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const res = await call(admin, 'POST', '/agency-page-contents', {
      title: '',
      content: '<p> </p>',
      videoUrl: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      title: ['Veuillez remplir ce champ'],
      content: ['Veuillez remplir ce champ'],
      videoUrl: ['Veuillez saisir une adresse web valide (https://…)'],
    });
  });

  it('refuses an unknown agency, another user’s illustration and an image of the wrong type', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const other = await t.buildAdmin({ roleId: 2 });
    const theirs = await t.uploadAs(other, 6, PNG, 'image.png');
    const wrongType = await t.uploadAs(admin, 9, PNG, 'image.png');
    expect((await call(admin, 'POST', '/agency-page-contents', body({ agencyId: 2_000_000_000 }))).json().errors).toEqual({
      agencyId: ["Cette agence n'existe pas."],
    });
    for (const fileId of [theirs, wrongType]) {
      const res = await call(admin, 'POST', '/agency-page-contents', body({ illustrationFileId: fileId }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['illustrationFileId']);
    }
  });
});
