import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FILE_NAME_HEADER } from '@reseau/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { files } from '../../db/schema/index.js';
import { createLocalStorage, createMemoryStorage, type FileStorage } from '../../integrations/storage/storage.js';

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A PDF of `size` bytes: a real header, then random bytes. */
const bigPdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n'), randomBytes(size - 16)]);

/**
 * A storage that refuses to hand a file over whole, and whose stream gives its first MiB, then
 * waits for the test to let the rest go: the client must see the first bytes before the storage
 * has produced the last ones.
 */
const memory = createMemoryStorage();
let release: () => void = () => {};
let lastStream: Readable | undefined;
const streamingOnly: FileStorage = {
  ...memory,
  get: async () => {
    throw new Error('a download must stream from the storage, not be read whole');
  },
  async getStream(key) {
    const bytes = await memory.get(key);
    if (!bytes) return null;
    const stream = new Readable({ read() {} });
    stream.push(bytes.subarray(0, MiB));
    release = () => {
      if (stream.destroyed) return;
      for (let at = MiB; at < bytes.length; at += 64 * 1024) stream.push(bytes.subarray(at, at + 64 * 1024));
      stream.push(null);
    };
    lastStream = stream;
    return { body: lastStream, size: bytes.length };
  },
};

const t = await buildTestApp({}, { storage: streamingOnly });
const admin = await t.buildAdmin({ roleId: 1 });
const auth = await t.authHeader(admin);
const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));

/** A stored file the admin uploaded (so may read), written straight to the storage and the table. */
async function storedFile(bytes: Buffer, fileName = 'plan.pdf') {
  const storageKey = `2026/11/${randomBytes(8).toString('hex')}`;
  await memory.put(storageKey, bytes, 'application/pdf');
  const [row] = await t.db
    .insert(files)
    .values({ typeId: 8, storageKey, fileName, mimeType: 'application/pdf', size: bytes.length, uploadedByAdminId: admin.id })
    .returning({ id: files.id });
  return row!.id;
}

/** GET over real HTTP: resolves with the response as soon as its headers arrive. */
function download(id: number): Promise<{ res: IncomingMessage; destroy: () => void }> {
  return new Promise((resolve, reject) => {
    const req = httpGet({ host: address.hostname, port: address.port, path: `/api/files/${id}`, headers: auth }, (res) =>
      resolve({ res, destroy: () => req.destroy() }),
    );
    req.on('error', reject);
  });
}

describe('GET /files/{id} streams from the storage', () => {
  it('sends the first bytes, with length, type and name, before the storage has read the last ones', async () => {
    const bytes = bigPdf(3 * MiB);
    const id = await storedFile(bytes, 'Plan été.pdf');
    const { res } = await download(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers[FILE_NAME_HEADER]).toBe(encodeURIComponent('Plan été.pdf'));
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Plan%20%C3%A9t%C3%A9.pdf");

    const chunks: Buffer[] = [];
    let received = 0;
    const firstMiB = new Promise<void>((resolve) => {
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= MiB) resolve();
      });
    });
    const ended = new Promise<void>((resolve) => res.on('end', resolve));
    await firstMiB;
    // The storage is still holding back everything past the first MiB.
    expect(received).toBe(MiB);
    release();
    await ended;
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
  });

  it('closes the storage stream when the client goes away midway', async () => {
    const id = await storedFile(bigPdf(2 * MiB));
    const { res, destroy } = await download(id);
    await new Promise<void>((resolve) => res.once('data', () => resolve()));
    const source = lastStream!;
    const closed = new Promise<void>((resolve) => source.once('close', resolve));
    destroy();
    await closed;
    expect(source.destroyed).toBe(true);
  });
});

describe('GET /files/{id} from the local disk', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'downloads-'));
  afterAll(() => rm(folder, { recursive: true, force: true }));
  const disk = await buildTestApp({}, { storage: createLocalStorage(folder) });
  const owner = await disk.buildAdmin({ roleId: 4 });

  it('serves a 5 MiB upload byte for byte with its length', async () => {
    const bytes = bigPdf(5 * MiB);
    const form = new FormData();
    form.append('typeId', '8');
    form.append('file', new Blob([bytes]), 'rapport.pdf');
    const encoded = new Response(form);
    const headers = await disk.authHeader(owner);
    const created = await disk.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, ...headers },
    });
    expect(created.statusCode).toBe(201);
    const res = await disk.app.inject({ method: 'GET', url: `/api/files/${created.json().id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(sha256(res.rawPayload)).toBe(sha256(bytes));
  });
});
