import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, counted, type FileStorage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Scaleway, OVH…); unset: AWS itself. */
  endpoint?: string;
  /** Unset: the SDK's default chain (environment, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle?: boolean;
}

/** Parts of 5 MiB (S3's minimum), two at a time: an upload holds at most ~10 MiB in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // The SDK's default CRC32 trailers (aws-chunked bodies) are refused by several S3-compatible
    // services: with an endpoint of our own, send and check checksums only where S3 demands them.
    ...(options.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  });
  const Bucket = options.bucket;

  return {
    client,
    async put(key, bytes, mimeType) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: mimeType }));
    },
    async putStream(key, source, { maxBytes }) {
      assertStorageKey(key);
      let size = 0;
      let sourceFailure: { error: unknown } | undefined;
      const body = async function* () {
        try {
          yield* counted(maxBytes, (s) => {
            size = s;
          })(source);
        } catch (error) {
          sourceFailure = { error };
          throw error;
        }
      };
      // A multipart upload is invisible until completed, and Upload aborts it (deleting the parts)
      // when the body fails: a source that breaks or grows past maxBytes leaves no object.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: Readable.from(body()) },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        // Upload answers the abort's own failure, if any, instead of the cause: callers need the
        // cause (StorageLimitExceeded is a 413, a broken upload is not).
        throw sourceFailure ? sourceFailure.error : err;
      }
      return size;
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        const bytes = await answer.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    async getStream(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        // On Node the SDK answers the HTTP response itself: bytes flow as the client reads them.
        if (!(answer.Body instanceof Readable) || answer.ContentLength === undefined) {
          throw new Error('S3 answered a body that is not a Node stream, or no length');
        }
        return { body: answer.Body, size: answer.ContentLength };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      // S3 answers 204 for a missing key too: deleting twice is not an error, as on disk.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
