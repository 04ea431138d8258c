import { RICH_TEXT_MAX_IMAGES } from '@reseau/contracts';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import type { AdminPrincipal, ClientPrincipal } from '../../auth/principal.js';
import { AppError } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { checkRichTextImages } from './rich-text-images.js';

const t = await buildTestApp();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

type Admin = Awaited<ReturnType<typeof t.buildAdmin>>;

/** Uploads through POST /files, as the editor does. */
async function upload(who: Admin, typeId: number, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('typeId', String(typeId));
  form.append('file', new Blob([bytes]), name);
  const encoded = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(await t.authHeader(who)) },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const principalOf = (admin: Admin): AdminPrincipal => ({
  kind: 'admin',
  adminId: admin.id,
  roleId: admin.roleId,
  adminTypeId: 1,
  regionId: admin.regionId,
  adherentId: admin.adherentId,
  permissions: new Set(),
  agencyIds: admin.agencyIds,
  impersonatedBy: null,
  sessionId: null,
});

const text = (...ids: number[]) => sanitizeRichText(`<p>Texte</p>${ids.map((id) => `<img src="/api/files/${id}">`).join('')}`);

/** How many queries `run` sends: Drizzle hands each to its logger. */
async function queriesOf(run: () => Promise<unknown>): Promise<number> {
  const { logger } = (t.db as unknown as { session: { logger: { logQuery(query: string): void } } }).session;
  const spy = vi.spyOn(logger, 'logQuery');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

/** The validation errors the check throws, or null when it passes. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.status, code: err.code, errors: err.errors };
  }
}

describe('checkRichTextImages', () => {
  it("keeps the writer's own uploaded images and answers their ids once", async () => {
    const writer = await t.buildAdmin({ roleId: 3 });
    const [a, b] = [await upload(writer, 9, PNG, 'a.png'), await upload(writer, 6, PNG, 'b.png')];
    const ids = await checkRichTextImages(t.db, principalOf(writer), { content: text(a, b, a), summary: text(b) });
    expect(ids).toEqual([{ fileId: a }, { fileId: b }]);
  });

  it('answers nothing for a text without images, without a query', async () => {
    const writer = await t.buildAdmin({ roleId: 3 });
    let ids: unknown;
    const queries = await queriesOf(async () => {
      ids = await checkRichTextImages(t.db, principalOf(writer), { content: '<p>Texte</p>' });
    });
    expect(ids).toEqual([]);
    expect(queries).toBe(0);
  });

  it('keeps an image another admin uploaded once an entity everyone may read holds it (an agency logo)', async () => {
    const owner = await t.buildAdmin({ roleId: 1 });
    const logo = await upload(owner, 2, PNG, 'logo.png');
    await t.buildAgency({ logoFileId: logo });
    const writer = await t.buildAdmin({ roleId: 9 });
    expect(await checkRichTextImages(t.db, principalOf(writer), { content: text(logo) })).toEqual([{ fileId: logo }]);
  });

  it("refuses, on the field that shows it, another admin's loose upload, an unknown id and a PDF", async () => {
    const writer = await t.buildAdmin({ roleId: 4 });
    const mine = await upload(writer, 9, PNG, 'moi.png');
    const theirs = await upload(await t.buildAdmin({ roleId: 4 }), 9, PNG, 'autre.png');
    const myPdf = await upload(writer, 10, PDF, 'doc.pdf');
    for (const bad of [theirs, 2_000_000_000, myPdf]) {
      expect(
        await refusal(checkRichTextImages(t.db, principalOf(writer), { summary: text(mine), content: text(mine, bad) })),
      ).toEqual({
        status: 400,
        code: 'validation_failed',
        errors: { content: ['Une image de ce texte est introuvable : ajoutez-la de nouveau.'] },
      });
    }
  });

  it('refuses a customer an image uploaded by staff', async () => {
    const staff = await t.buildAdmin({ roleId: 1 });
    const image = await upload(staff, 9, PNG, 'x.png');
    const customer = await t.buildClient();
    const principal: ClientPrincipal = {
      kind: 'client',
      clientId: customer.id,
      emailAddress: customer.emailAddress,
      sessionId: null,
    };
    expect((await refusal(checkRichTextImages(t.db, principal, { message: text(image) })))?.errors).toEqual({
      message: ['Une image de ce texte est introuvable : ajoutez-la de nouveau.'],
    });
  });

  it(`refuses more than ${RICH_TEXT_MAX_IMAGES} images in one field before reading any file`, async () => {
    const writer = await t.buildAdmin({ roleId: 3 });
    const many = Array.from({ length: RICH_TEXT_MAX_IMAGES + 1 }, (_, i) => i + 1);
    expect((await refusal(checkRichTextImages(t.db, principalOf(writer), { content: text(...many) })))?.errors).toEqual({
      content: [`Ce texte contient trop d'images (${RICH_TEXT_MAX_IMAGES} au maximum).`],
    });
  });

  it('decides every image of every field in one query', async () => {
    const writer = await t.buildAdmin({ roleId: 3 });
    const ids = [
      await upload(writer, 9, PNG, '1.png'),
      await upload(writer, 9, PNG, '2.png'),
      await upload(writer, 9, PNG, '3.png'),
    ];
    let kept: unknown;
    const queries = await queriesOf(async () => {
      kept = await checkRichTextImages(t.db, principalOf(writer), { content: text(ids[0]!, ids[1]!), details: text(ids[2]!) });
    });
    expect(kept).toEqual(ids.map((fileId) => ({ fileId })));
    expect(queries).toBe(1);
  });
});
