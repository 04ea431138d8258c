import type { Config } from '../../config.js';
import { createS3Storage } from './s3.js';
import { createLocalStorage, type FileStorage } from './storage.js';

/** S3 when FILES_S3_BUCKET is set, the FILES_DIR folder otherwise: built once at start. */
export function createStorage(config: Config): FileStorage {
  if (!config.FILES_S3_BUCKET) return createLocalStorage(config.FILES_DIR);
  const accessKeyId = config.FILES_S3_ACCESS_KEY_ID;
  const secretAccessKey = config.FILES_S3_SECRET_ACCESS_KEY;
  return createS3Storage({
    bucket: config.FILES_S3_BUCKET,
    region: config.FILES_S3_REGION,
    endpoint: config.FILES_S3_ENDPOINT,
    forcePathStyle: config.FILES_S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
