import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server.js';
import { loadConfig } from '../../config.js';
import { createStorage } from './create.js';

const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), PAYMENT_PROVIDER: 'sandbox', ESIGN_PROVIDER: 'sandbox' };
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const s3 = await startS3Server();

describe('FILES_S3_* configuration', () => {
  it('defaults: no bucket (local disk), Paris region, virtual-hosted style', () => {
    const config = loadConfig(base);
    expect(config.FILES_S3_BUCKET).toBeUndefined();
    expect(config.FILES_S3_REGION).toBe('eu-west-3');
    expect(config.FILES_S3_FORCE_PATH_STYLE).toBe(false);
    const s3 = loadConfig({ ...base, FILES_S3_BUCKET: 'reseau-fichiers', FILES_S3_FORCE_PATH_STYLE: 'true' });
    expect(s3.FILES_S3_BUCKET).toBe('reseau-fichiers');
    expect(s3.FILES_S3_FORCE_PATH_STYLE).toBe(true);
  });

  it('refuses a key without its secret and a secret without its key, never quoting the secret', () => {
    expect(() => loadConfig({ ...base, FILES_S3_BUCKET: 'b-1', FILES_S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /FILES_S3_ACCESS_KEY_ID, FILES_S3_SECRET_ACCESS_KEY: les deux ou aucun/,
    );
    let message = '';
    try {
      loadConfig({ ...base, FILES_S3_BUCKET: 'b-1', FILES_S3_SECRET_ACCESS_KEY: SECRET });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/les deux ou aucun/);
    expect(message).not.toContain(SECRET);
  });

  it('refuses S3 settings without a bucket: they would be ignored and files written to disk', () => {
    expect(() => loadConfig({ ...base, FILES_S3_ENDPOINT: 'http://minio:9000', FILES_S3_SECRET_ACCESS_KEY: SECRET })).toThrow(
      /FILES_S3_ENDPOINT, FILES_S3_SECRET_ACCESS_KEY: sans effet sans FILES_S3_BUCKET/,
    );
    // Empty values count as unset, as elsewhere.
    expect(() => loadConfig({ ...base, FILES_S3_ENDPOINT: '', FILES_S3_REGION: ' ' })).not.toThrow();
  });

  it('refuses a bad bucket name, endpoint or boolean, naming the variable', () => {
    expect(() => loadConfig({ ...base, FILES_S3_BUCKET: 'Mon_Bucket' })).toThrow(/FILES_S3_BUCKET: nom de bucket S3 invalide/);
    expect(() => loadConfig({ ...base, FILES_S3_BUCKET: 'b-1', FILES_S3_ENDPOINT: 'minio:9000' })).toThrow(/FILES_S3_ENDPOINT/);
    expect(() => loadConfig({ ...base, FILES_S3_BUCKET: 'b-1', FILES_S3_FORCE_PATH_STYLE: 'oui' })).toThrow(
      /FILES_S3_FORCE_PATH_STYLE/,
    );
  });
});

describe('createStorage', () => {
  const folder = join(tmpdir(), `files-${process.pid}-${Date.now()}`);
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('writes to FILES_DIR without a bucket', async () => {
    const storage = createStorage(loadConfig({ ...base, FILES_DIR: folder }));
    await storage.put('2026/11/local', Buffer.from('disque'), 'text/plain');
    expect(await readdir(join(folder, '2026/11'))).toEqual(['local']);
  });

  it('writes to the bucket when FILES_S3_BUCKET is set', async () => {
    const storage = createStorage(loadConfig({ ...base, FILES_DIR: folder, ...s3.env }));
    await storage.put('2026/11/distant', Buffer.from('bucket'), 'text/plain');
    expect(await s3.objectKeys()).toEqual(['2026/11/distant']);
  });
});
