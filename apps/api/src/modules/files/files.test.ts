import { FILE_NAME_HEADER, FILE_TYPES } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { admins, agencies, files } from '../../db/schema/index.js';
import type { createMemoryStorage } from '../../integrations/storage/storage.js';

const t = await buildTestApp();

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A minimal one-page PDF. */
const PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

type Part = string | { name: string; type: string; bytes: Buffer };

/** A multipart body built by the platform's FormData, fields in the given order. */
async function multipart(parts: [string, Part][]) {
  const form = new FormData();
  for (const [field, value] of parts) {
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, new Blob([value.bytes], { type: value.type }), value.name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

type Who = Parameters<typeof t.authHeader>[0];

async function upload(who: Who | null, parts: [string, Part][]) {
  const body = await multipart(parts);
  const auth = who ? await t.authHeader(who) : {};
  return t.app.inject({ method: 'POST', url: '/api/files', payload: body.payload, headers: { ...body.headers, ...auth } });
}

const png = (name = 'logo.png') => ({ name, type: 'image/png', bytes: PNG });
const pdf = (name = 'cgv.pdf') => ({ name, type: 'application/pdf', bytes: PDF });

async function uploaded(who: Who, typeId: number, file: Part) {
  const res = await upload(who, [
    ['typeId', String(typeId)],
    ['file', file],
  ]);
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

async function download(who: Who | null, id: number | string) {
  return t.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: who ? await t.authHeader(who) : {} });
}

const fileCount = async () => (await t.db.select({ id: files.id }).from(files)).length;

describe('POST /api/files', () => {
  it('stores a PNG logo under a server-made key and gives it back byte for byte', async () => {
    const admin = await t.buildAdmin({ roleId: 4 });
    const id = await uploaded(admin, 2, png('Logo agence été.png'));

    const [row] = await t.db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({ typeId: 2, mimeType: 'image/png', size: PNG.length, fileName: 'Logo agence été.png' });
    expect(row!.uploadedByAdminId).toBe(admin.id);
    expect(row!.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(await t.storage.get(row!.storageKey)).toEqual(PNG);

    const res = await download(admin, id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(decodeURIComponent(String(res.headers[FILE_NAME_HEADER]))).toBe('Logo agence été.png');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Logo agence ete.png"; filename*=UTF-8''Logo%20agence%20%C3%A9t%C3%A9.png`,
    );
  });

  it('sniffs a PDF from its bytes, whatever content-type and name the client sends', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const id = await uploaded(admin, 16, {
      name: 'C:\\Documents\\conditions\u202Egnp.exe',
      type: 'image/png',
      bytes: PDF,
    });
    const res = await download(admin, id);
    expect(res.rawPayload).toEqual(PDF);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers[FILE_NAME_HEADER]))).toBe('conditionsgnp.pdf');
  });

  it('refuses a text file declared as PNG with file_type_not_allowed, and stores nothing', async () => {
    const admin = await t.buildAdmin({ roleId: 4 });
    const before = await fileCount();
    const res = await upload(admin, [
      ['typeId', '2'],
      ['file', { name: 'logo.png', type: 'image/png', bytes: Buffer.from('Ceci est un texte, pas une image.') }],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'file_type_not_allowed', message: expect.stringContaining('PNG, JPG, WEBP, GIF') });
    expect(await fileCount()).toBe(before);
  });

  it('refuses an SVG (scriptable) even for an image field', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(admin, [
      ['typeId', '2'],
      ['file', { name: 'logo.svg', type: 'image/svg+xml', bytes: svg }],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('file_type_not_allowed');
  });

  it('refuses a real file of another kind than the type allows (a PNG as general terms)', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const res = await upload(admin, [
      ['typeId', '16'],
      ['file', png('cgv.pdf')],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'file_type_not_allowed', message: expect.stringContaining('PDF') });
  });

  it("answers 413 file_too_large past the type's maxSize, in French, and stores nothing", async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const maxSize = FILE_TYPES.find((type) => type.fileTypeId === 2)!.maxSize;
    const before = await fileCount();
    const big = Buffer.concat([PNG, Buffer.alloc(maxSize + 1 - PNG.length)]);
    const res = await upload(admin, [
      ['typeId', '2'],
      ['file', { name: 'gros.png', type: 'image/png', bytes: big }],
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'file_too_large',
      message: 'Le fichier est trop volumineux : la taille maximale est de 2 Mo.',
    });
    expect(await fileCount()).toBe(before);
  });

  it('accepts a file of exactly maxSize bytes', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const maxSize = FILE_TYPES.find((type) => type.fileTypeId === 2)!.maxSize;
    const exact = Buffer.concat([PNG, Buffer.alloc(maxSize - PNG.length)]);
    const id = await uploaded(admin, 2, { name: 'juste.png', type: 'image/png', bytes: exact });
    expect((await download(admin, id)).rawPayload.length).toBe(maxSize);
  });

  it('answers an oversized upload over real HTTP and keeps the connection usable', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const auth = await t.authHeader(admin);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('typeId', '2');
    form.append('file', new Blob([Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)])], { type: 'image/png' }), 'gros.png');
    const res = await fetch(`${address}/api/files`, { method: 'POST', body: form, headers: auth });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'file_too_large' });
    // The unread rest of the body was discarded: the next request is answered, and app.close()
    // after the tests does not wait on a stuck connection.
    expect((await fetch(`${address}/api/file-types`, { headers: auth })).status).toBe(200);
  });

  it.each([
    [
      'an unknown typeId',
      [
        ['typeId', '999'],
        ['file', png()],
      ],
      'typeId',
    ],
    [
      'a non-numeric typeId',
      [
        ['typeId', 'logo'],
        ['file', png()],
      ],
      'typeId',
    ],
    ['no typeId', [['file', png()]], 'typeId'],
    ['no file', [['typeId', '2']], 'file'],
    [
      'an empty file',
      [
        ['typeId', '2'],
        ['file', { name: 'vide.png', type: 'image/png', bytes: Buffer.alloc(0) }],
      ],
      'file',
    ],
  ] as [string, [string, Part][], string][])('answers 400 validation_failed for %s', async (_case, parts, field) => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const res = await upload(admin, parts);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { [field]: [expect.any(String)] } });
  });

  describe('typeId after the file (either order is accepted)', () => {
    const storedKeys = () => (t.storage as ReturnType<typeof createMemoryStorage>).keys().length;
    const fileFirst = (who: Who, file: Part, typeId: string | null) =>
      upload(who, [['file', file], ...(typeId === null ? [] : ([['typeId', typeId]] as [string, Part][]))]);

    it('stores the file with the type sent after it', async () => {
      const admin = await t.buildAdmin({ roleId: 1 });
      const res = await fileFirst(admin, png('apres.png'), '2');
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.db
        .select()
        .from(files)
        .where(eq(files.id, (res.json() as { id: number }).id));
      expect(row).toMatchObject({ typeId: 2, mimeType: 'image/png', fileName: 'apres.png', size: PNG.length });
      expect((await download(admin, row!.id)).rawPayload).toEqual(PNG);
    });

    it('checks it against that type once the type arrives, and leaves nothing when refused', async () => {
      const admin = await t.buildAdmin({ roleId: 1 });
      const customer = await t.buildClient();
      const big = { name: 'grand.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) };
      const before = { rows: await fileCount(), keys: storedKeys() };
      const cases: [Who, Part, string | null, number, string][] = [
        [admin, pdf(), '2', 400, 'file_type_not_allowed'], // a PDF is no logo
        [admin, big, '2', 413, 'file_too_large'], // the logo type takes 2 MB
        [customer, png(), '2', 403, 'forbidden'], // a customer uploads no logo
        [admin, png(), null, 400, 'validation_failed'], // no type at all
        [admin, png(), 'logo', 400, 'validation_failed'],
      ];
      for (const [who, file, typeId, status, code] of cases) {
        const res = await fileFirst(who, file, typeId);
        expect(res.statusCode, `${typeId}: ${res.body}`).toBe(status);
        expect(res.json()).toMatchObject({ code });
      }
      expect({ rows: await fileCount(), keys: storedKeys() }).toEqual(before);
    });
  });

  it('answers 400 to a malformed or truncated multipart body', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const truncated =
      '--xyz\r\nContent-Disposition: form-data; name="typeId"\r\n\r\n2\r\n' +
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc';
    for (const [contentType, payload] of [
      ['multipart/form-data; boundary=xyz', 'pas du multipart'],
      ['multipart/form-data', '--xyz\r\n'],
      ['multipart/form-data; boundary=xyz', truncated],
    ] as const) {
      const headers = { ...(await t.authHeader(admin)), 'content-type': contentType };
      const res = await t.app.inject({ method: 'POST', url: '/api/files', payload, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { file: [expect.any(String)] } });
    }
  });

  it('answers 400 to a body that is not multipart', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: { typeId: 2, file: PNG.toString('base64') },
      headers: await t.authHeader(admin),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('reads multipart bodies on this route only: another route refuses one with 415 and stores nothing', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const before = await fileCount();
    const body = await multipart([
      ['typeId', '2'],
      ['file', png()],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agencies',
      payload: body.payload,
      headers: { ...body.headers, ...(await t.authHeader(admin)) },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'validation_failed', message: 'Requête invalide.' });
    expect(await fileCount()).toBe(before);
  });

  it('refuses an anonymous caller with 401', async () => {
    const res = await upload(null, [
      ['typeId', '2'],
      ['file', png()],
    ]);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });

  it('refuses a customer with 403: no extranet screen uploads a file', async () => {
    const client = await t.buildClient();
    const before = await fileCount();
    const res = await upload(client, [
      ['typeId', '14'],
      ['file', pdf()],
    ]);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(await fileCount()).toBe(before);
  });
});

describe('GET /api/files/{id}', () => {
  it('answers 404 (never 403) to another admin for a file no entity holds, and to a customer', async () => {
    const owner = await t.buildAdmin({ roleId: 4 });
    const id = await uploaded(owner, 13, pdf());
    for (const who of [await t.buildAdmin({ roleId: 9 }), await t.buildAdmin({ roleId: 1 }), await t.buildClient()]) {
      const res = await download(who, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Le fichier demandé est introuvable' });
    }
  });

  it('serves an agency logo to any admin and to the customers of that agency only', async () => {
    const director = await t.buildAdmin({ roleId: 4 });
    const id = await uploaded(director, 2, png());
    const agency = await t.buildAgency({ logoFileId: id });
    const otherAdmin = await t.buildAdmin({ roleId: 9 });
    const customer = await t.buildClient({ agencyIds: [agency.id] });
    const stranger = await t.buildClient();

    for (const who of [otherAdmin, customer]) {
      const res = await download(who, id);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(PNG);
    }
    expect((await download(stranger, id)).statusCode).toBe(404);
  });

  it("serves each agency file column and the page logos to the agency's customers", async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const [terms, ad, pageLogo] = [
      await uploaded(admin, 16, pdf()),
      await uploaded(admin, 18, png()),
      await uploaded(admin, 5, png()),
    ];
    const agency = await t.buildAgency({
      generalTermsFileId: terms,
      extranetAdvertisementFileId: ad,
      pageLogosFiles: [{ fileId: 424242 }, { fileId: pageLogo }],
    });
    const customer = await t.buildClient({ agencyIds: [agency.id] });
    expect((await download(customer, terms)).rawPayload).toEqual(PDF);
    expect((await download(customer, ad)).statusCode).toBe(200);
    expect((await download(customer, pageLogo)).statusCode).toBe(200);
  });

  it('serves an admin avatar to any admin but not to a customer', async () => {
    const owner = await t.buildAdmin({ roleId: 4 });
    const id = await uploaded(owner, 1, png('moi.png'));
    await t.db.update(admins).set({ avatarFileId: id }).where(eq(admins.id, owner.id));
    expect((await download(await t.buildAdmin({ roleId: 6 }), id)).statusCode).toBe(200);
    expect((await download(await t.buildClient(), id)).statusCode).toBe(404);
  });

  it('reads the caller, then decides and fetches the file in one query', async () => {
    const admin = await t.buildAdmin({ roleId: 4 });
    const id = await uploaded(admin, 2, png());
    const headers = await t.authHeader(admin);
    // Drizzle hands every query it sends to its logger: counting them there counts the database round trips.
    const { logger } = (t.db as unknown as { session: { logger: { logQuery(query: string, params: unknown[]): void } } }).session;
    const queries: string[] = [];
    const spy = vi.spyOn(logger, 'logQuery').mockImplementation((query) => {
      queries.push(query);
    });
    let res: Awaited<ReturnType<typeof download>>;
    try {
      res = await t.app.inject({ method: 'GET', url: `/api/files/${id}`, headers });
    } finally {
      spy.mockRestore();
    }
    expect(res.rawPayload).toEqual(PNG);
    // The principal (with its session), then the file and the right to read it.
    expect(queries).toHaveLength(2);
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    expect((await download(admin, 987654)).json()).toMatchObject({ code: 'not_found' });
    const bad = await download(admin, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect((await download(admin, '99999999999')).statusCode).toBe(400);
  });

  it('serves an agency logo to an anonymous caller (an <img> sends no token), nothing else', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const logo = await uploaded(admin, 2, png());
    const loose = await uploaded(admin, 2, png());
    const terms = await uploaded(admin, 16, pdf());
    await t.buildAgency({ logoFileId: logo, generalTermsFileId: terms });
    const res = await download(null, logo);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG);
    // An uploaded file no agency shows, and an agency's general terms, stay private.
    expect((await download(null, loose)).json()).toEqual({ code: 'not_found', message: 'Le fichier demandé est introuvable' });
    expect((await download(null, terms)).statusCode).toBe(404);
  });

  it('answers 404 when the storage lost the bytes', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const id = await uploaded(admin, 2, png());
    const [row] = await t.db.select({ storageKey: files.storageKey }).from(files).where(eq(files.id, id));
    await t.storage.delete(row!.storageKey);
    expect((await download(admin, id)).json()).toEqual({ code: 'not_found', message: 'Le fichier demandé est introuvable' });
  });

  it('stops serving a logo to the customers once their agency drops it', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const id = await uploaded(admin, 2, png());
    const agency = await t.buildAgency({ logoFileId: id });
    const customer = await t.buildClient({ agencyIds: [agency.id] });
    expect((await download(customer, id)).statusCode).toBe(200);
    await t.db.update(agencies).set({ logoFileId: null }).where(eq(agencies.id, agency.id));
    expect((await download(customer, id)).statusCode).toBe(404);
  });
});

describe('GET /api/file-types', () => {
  it('lists every file type with its MIME types and maximum size, to admins and customers', async () => {
    for (const who of [await t.buildAdmin({ roleId: 9 }), await t.buildClient()]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/file-types', headers: await t.authHeader(who) });
      expect(res.statusCode).toBe(200);
      const { fileTypes } = res.json() as { fileTypes: { fileTypeId: number; allowedMimeTypes: string[]; maxSize: number }[] };
      expect(fileTypes.map((type) => type.fileTypeId)).toEqual(FILE_TYPES.map((type) => type.fileTypeId));
      expect(fileTypes.find((type) => type.fileTypeId === 16)).toEqual({
        fileTypeId: 16,
        allowedMimeTypes: ['application/pdf'],
        maxSize: 10 * 1024 * 1024,
      });
      expect(Object.keys(fileTypes[0]!).sort()).toEqual(['allowedMimeTypes', 'fileTypeId', 'maxSize']);
    }
  });

  it('refuses an anonymous caller with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/file-types' });
    expect(res.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the file routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/files', '/files/{id}', '/file-types']));
  });
});
