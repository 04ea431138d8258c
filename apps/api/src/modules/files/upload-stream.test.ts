import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { FILE_TYPES } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { files } from '../../db/schema/index.js';
import { createLocalStorage, createMemoryStorage, type FileStorage } from '../../integrations/storage/storage.js';

const MiB = 1024 * 1024;
/** "Fichier de document": PDF, Office files and images up to 50 Mo. */
const DOCUMENT_FILE = FILE_TYPES.find((type) => type.fileTypeId === 8)!;
/** "Conditions générales": PDF only, up to 10 Mo. */
const GENERAL_TERMS = FILE_TYPES.find((type) => type.fileTypeId === 16)!;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A PDF of `size` bytes: a real header, then random bytes (no compression hides them). */
const bigPdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n'), randomBytes(size - 16)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function multipart(typeId: number, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('typeId', String(typeId));
  form.append('file', new Blob([bytes]), name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/** Every file under a folder, recursively. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const folder = await mkdtemp(join(tmpdir(), 'uploads-'));
afterAll(() => rm(folder, { recursive: true, force: true }));
const memory = createMemoryStorage();
/** Bytes each putStream received so far, and who waits for them: shows the storage writes while the body arrives. */
let received = 0;
let onReceived: (() => void) | undefined;
const streamingOnly: FileStorage = {
  ...memory,
  put: async () => {
    throw new Error('an upload must stream to the storage, not be buffered whole');
  },
  putStream: (key, source, opts) =>
    memory.putStream(
      key,
      (async function* () {
        for await (const chunk of source) {
          received += chunk.length;
          onReceived?.();
          yield chunk;
        }
      })(),
      opts,
    ),
};
const apps = [
  { kind: 'memory', t: await buildTestApp({}, { storage: streamingOnly }), stored: async () => memory.keys() },
  { kind: 'local disk', t: await buildTestApp({}, { storage: createLocalStorage(folder) }), stored: () => filesUnder(folder) },
];

describe.each(apps)('POST /files streams to the storage ($kind)', ({ t, stored }) => {
  const upload = async (typeId: number, name: string, bytes: Buffer) => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const body = await multipart(typeId, name, bytes);
    return t.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: body.payload,
      headers: { 'content-type': body.contentType, ...(await t.authHeader(admin)) },
    });
  };

  it('stores a 45 MiB document byte for byte', async () => {
    const bytes = bigPdf(45 * MiB);
    const res = await upload(DOCUMENT_FILE.fileTypeId, 'plan.pdf', bytes);
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(files).where(eq(files.id, res.json().id));
    expect(row).toMatchObject({ mimeType: 'application/pdf', size: bytes.length, fileName: 'plan.pdf' });
    const kept = await t.storage.get(row!.storageKey);
    expect(kept && sha256(kept)).toBe(sha256(bytes));
  });

  it('stores three uploads sent at once, each whole', async () => {
    const sent = [bigPdf(3 * MiB), bigPdf(4 * MiB), bigPdf(5 * MiB)];
    const answers = await Promise.all(sent.map((bytes, i) => upload(DOCUMENT_FILE.fileTypeId, `doc-${i}.pdf`, bytes)));
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode).toBe(201);
      const [row] = await t.db.select().from(files).where(eq(files.id, res.json().id));
      expect(sha256((await t.storage.get(row!.storageKey))!)).toBe(sha256(sent[i]!));
    }
  });

  it("answers 413 past the type's maxSize and leaves nothing in the storage", async () => {
    const before = await stored();
    const rows = (await t.db.select({ id: files.id }).from(files)).length;
    for (const [type, size] of [
      [GENERAL_TERMS, GENERAL_TERMS.maxSize + 1],
      // Past the largest type's maxSize: @fastify/multipart's own limit cuts it.
      [DOCUMENT_FILE, DOCUMENT_FILE.maxSize + 1],
    ] as const) {
      const res = await upload(type.fileTypeId, 'trop-gros.pdf', bigPdf(size));
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('file_too_large');
    }
    expect(await stored()).toEqual(before);
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(rows);
  });

  it('refuses a type the field does not accept, and a ZIP for an image field, leaving nothing', async () => {
    const before = await stored();
    const png = Buffer.concat([PNG, randomBytes(2 * MiB)]);
    const asTerms = await upload(GENERAL_TERMS.fileTypeId, 'cgv.pdf', png);
    expect(asTerms.statusCode).toBe(400);
    expect(asTerms.json().code).toBe('file_type_not_allowed');
    const asLogo = await upload(2, 'logo.png', zip([['word/document.xml', Buffer.alloc(100)]]));
    expect(asLogo.json().code).toBe('file_type_not_allowed');
    expect(await stored()).toEqual(before);
  });

  it('tells an Office document from a ZIP even when its content types come after the first bytes', async () => {
    const docx = zip([
      ['word/document.xml', randomBytes(64 * 1024)],
      ['[Content_Types].xml', Buffer.from(CONTENT_TYPES)],
    ]);
    const res = await upload(DOCUMENT_FILE.fileTypeId, 'rapport.docx', docx);
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(files).where(eq(files.id, res.json().id));
    expect(row!.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(sha256((await t.storage.get(row!.storageKey))!)).toBe(sha256(docx));
  });

  it('refuses a legacy Office container holding no known document, once read whole', async () => {
    const before = await stored();
    const cfb = Buffer.concat([Buffer.from('D0CF11E0A1B11AE1', 'hex'), randomBytes(100 * 1024)]);
    const res = await upload(DOCUMENT_FILE.fileTypeId, 'vieux.doc', cfb);
    expect(res.json().code).toBe('file_type_not_allowed');
    expect(await stored()).toEqual(before);
    // The same container naming its Word stream past the first bytes is a .doc.
    const doc = Buffer.concat([cfb, Buffer.from('WordDocument', 'utf16le'), Buffer.alloc(512)]);
    const ok = await upload(DOCUMENT_FILE.fileTypeId, 'vieux.doc', doc);
    expect(ok.statusCode).toBe(201);
    const [row] = await t.db.select().from(files).where(eq(files.id, ok.json().id));
    expect(row!.mimeType).toBe('application/msword');
  });
});

describe('over real HTTP, while the body is still arriving', async () => {
  const { t } = apps[0]!;
  const auth = await t.authHeader(await t.buildAdmin({ roleId: 1 }));
  const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  const boundary = 'limite-de-test';
  /** The typeId field, then the opening of the file part. */
  const opening = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="typeId"\r\n\r\n${GENERAL_TERMS.fileTypeId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cgv.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);

  /** Starts a POST /files of `length` body bytes; the caller writes them. */
  const start = (length: number) => {
    let answered!: (answer: { status: number; body: string }) => void;
    const answer = new Promise<{ status: number; body: string }>((resolve) => {
      answered = resolve;
    });
    const req = httpRequest(
      {
        host: address.hostname,
        port: address.port,
        method: 'POST',
        path: '/api/files',
        headers: {
          ...auth,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => {
          answered({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      },
    );
    req.on('error', () => {});
    return { req, answer };
  };

  it('a wrong type seen in the head is refused before the rest of the file is sent', async () => {
    // The file's first 64 KiB are a PNG; the announced 9 MiB that follow are never sent.
    const head = Buffer.concat([opening, PNG, randomBytes(64 * 1024)]);
    const { req, answer } = start(head.length + 9 * MiB);
    req.write(head);
    const { status, body } = await answer;
    expect(status).toBe(400);
    expect(JSON.parse(body).code).toBe('file_type_not_allowed');
  });

  it('the storage writes the first bytes before the last ones are sent', async () => {
    const file = bigPdf(2 * MiB);
    const { req, answer } = start(opening.length + file.length + closing.length);
    received = 0;
    const firstMiBStored = new Promise<void>((resolve) => {
      onReceived = () => received >= MiB && resolve();
    });
    req.write(Buffer.concat([opening, file.subarray(0, MiB + 64 * 1024)]));
    await firstMiBStored;
    req.end(Buffer.concat([file.subarray(MiB + 64 * 1024), closing]));
    const { status, body } = await answer;
    expect(status).toBe(201);
    const [row] = await t.db
      .select()
      .from(files)
      .where(eq(files.id, JSON.parse(body).id));
    expect(sha256((await t.storage.get(row!.storageKey))!)).toBe(sha256(file));
  });
});

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/** A ZIP archive of stored (uncompressed) entries, in the given order. */
function zip(entries: [name: string, data: Buffer][]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc32(data), 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, fileName, data);
    central.push(entry, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
