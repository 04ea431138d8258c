import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll } from 'vitest';
import { createS3Storage } from '../src/integrations/storage/s3.js';

const BUCKET = 'reseau-test';

/**
 * An S3-compatible server in this process (s3rver), on a free port, over a temporary folder; both
 * go when the test file ends. Answers an S3 storage on it and what the bucket holds.
 */
export async function startS3Server() {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  // s3rver lacks AbortMultipartUpload (405), which the SDK sends when an upload fails: do what S3
  // does (drop the parts) so the tests see what a real bucket would keep.
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string' || !/^[0-9a-f]+$/.test(uploadId)) return next();
    const bucket = ctx.path.split('/')[1] ?? '';
    await rm(join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId), { recursive: true, force: true });
    ctx.status = 204;
  });
  const { port } = await server.run();
  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });
  const env = {
    FILES_S3_BUCKET: BUCKET,
    FILES_S3_REGION: 'us-east-1',
    FILES_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    FILES_S3_ACCESS_KEY_ID: 'S3RVER',
    FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
    FILES_S3_FORCE_PATH_STYLE: 'true',
  };
  const storage = createS3Storage({
    bucket: BUCKET,
    region: env.FILES_S3_REGION,
    endpoint: env.FILES_S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.FILES_S3_ACCESS_KEY_ID, secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY },
  });
  return {
    storage,
    env,
    /** The bucket's object keys. */
    async objectKeys(): Promise<string[]> {
      const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    /** Multipart uploads neither completed nor aborted (their parts would be billed on S3). */
    async pendingUploads(): Promise<string[]> {
      const folder = server.store.getResourcePath(BUCKET, undefined, 'uploads');
      return readdir(folder).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? [] : Promise.reject(err)));
    },
  };
}
