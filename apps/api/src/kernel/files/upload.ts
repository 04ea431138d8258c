import type { Readable } from 'node:stream';
import { FILE_MESSAGES, FILE_TYPES, MESSAGES } from '@reseau/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, errors } from '../../lib/errors.js';
import { fileErrors } from './file-errors.js';

export type FileType = (typeof FILE_TYPES)[number];

/**
 * A file part being received: its bytes stream by once, bounded by the type's maxSize. `fileType`
 * is null when the form sent the file before its `typeId` (the largest type's size bounds it).
 */
export interface Upload {
  fileType: FileType | null;
  clientFileName: string;
  content: AsyncIterable<Buffer>;
}

/** An upload in the storage, waiting for its type's checks and its row; discarded otherwise. */
export interface StoredUpload<T> {
  finish(fileType: FileType): Promise<T>;
  discard(): Promise<void>;
}

const CHOOSE_A_FILE = 'Veuillez choisir un fichier';

/** Busboy's own cap: the largest type's maxSize; each type's own limit is applied while reading. */
export const LARGEST_MAX_SIZE = Math.max(...FILE_TYPES.map((t) => t.maxSize));

/** The multipart body could not be read: a truncated or malformed body (a 400, not a 500). */
class MalformedUpload extends Error {}

/** `consume` failed on its own (storage, database): the error is passed on as it is. */
class ConsumeFailed extends Error {}

/**
 * Reads `typeId` and `file` from a multipart body, in either order (spec 00: "multipart typeId
 * and file"), and hands the file's bytes to `store` as they arrive (nothing is buffered whole).
 * With the type first, its maxSize bounds how many bytes are read, so an oversized file is refused
 * (413) as soon as it passes it, and `allowedTypeIds` is checked before any byte is read. With the
 * file first, it streams to the storage bounded by the largest type, and is checked against its
 * type (allowed, content, size) once `typeId` arrives; refused or never typed, it is deleted.
 */
export async function readUpload<T>(
  request: FastifyRequest,
  allowedTypeIds: readonly number[],
  store: (upload: Upload) => Promise<StoredUpload<T>>,
): Promise<T> {
  if (!request.isMultipart()) {
    throw errors.validation({ file: [FILE_MESSAGES.notMultipart] });
  }
  try {
    return await readParts(request, allowedTypeIds, store);
  } catch (err) {
    // Refused before the end of the body: stop parsing, but let the rest arrive and be
    // discarded (a lingering close), so that the client reads the answer instead of a reset
    // and the connection does not stay stuck on unread bytes.
    request.raw.unpipe();
    request.raw.resume();
    if (err instanceof ConsumeFailed) throw err.cause;
    if (err instanceof AppError || hasStatus(err)) throw err;
    // Anything else comes from the multipart parser: a truncated or malformed body.
    throw errors.validation({ file: [FILE_MESSAGES.unreadable] }, FILE_MESSAGES.incompleteForm);
  }
}

const hasStatus = (err: unknown) => typeof (err as { statusCode?: unknown })?.statusCode === 'number';

async function readParts<T>(
  request: FastifyRequest,
  allowedTypeIds: readonly number[],
  store: (upload: Upload) => Promise<StoredUpload<T>>,
): Promise<T> {
  let fileType: FileType | undefined;
  // The file when it came before its typeId: in the storage, waiting for the type.
  let waiting: StoredUpload<T> | undefined;
  const allowed = (type: FileType) => {
    if (!allowedTypeIds.includes(type.fileTypeId)) throw errors.forbidden();
    return type;
  };
  try {
    for await (const part of request.parts({ limits: { fileSize: LARGEST_MAX_SIZE, files: 1 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'typeId') fileType = parseTypeId(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw errors.validation({ file: [CHOOSE_A_FILE] });
      const type = fileType && allowed(fileType);
      const stored = await consumed(() =>
        store({
          fileType: type ?? null,
          clientFileName: part.filename,
          content: atMost(part.file, type?.maxSize ?? LARGEST_MAX_SIZE),
        }),
      );
      if (type) return await consumed(() => stored.finish(type));
      waiting = stored;
    }
  } catch (err) {
    await waiting?.discard();
    throw err;
  }
  if (waiting && fileType) {
    const stored = waiting;
    const type = fileType;
    return consumed(async () => {
      try {
        allowed(type);
      } catch (refusal) {
        await stored.discard();
        throw refusal;
      }
      return stored.finish(type);
    });
  }
  await waiting?.discard();
  const missing: Record<string, string[]> = waiting ? {} : { file: [CHOOSE_A_FILE] };
  if (!fileType) missing.typeId = [MESSAGES.required];
  throw errors.validation(missing);
}

/** Runs the consumer's step: its own failures (storage, database) are passed on as they are. */
async function consumed<R>(step: () => Promise<R>): Promise<R> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof AppError || err instanceof MalformedUpload || hasStatus(err)) throw err;
    throw new ConsumeFailed('upload consumer failed', { cause: err });
  }
}

function parseTypeId(value: unknown): FileType {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw errors.validation({ typeId: [MESSAGES.required] });
  const fileType = /^\d+$/.test(text) ? FILE_TYPES.find((t) => t.fileTypeId === Number(text)) : undefined;
  if (!fileType) throw errors.validation({ typeId: [FILE_MESSAGES.unknownType] });
  return fileType;
}

/**
 * The stream's chunks, failing with 413 as soon as it passes `maxSize` bytes. Leaving early
 * destroys the stream; readUpload discards the rest of the body.
 */
async function* atMost(stream: Readable & { truncated?: boolean }, maxSize: number): AsyncGenerator<Buffer> {
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxSize) throw fileErrors.tooLarge(maxSize);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof AppError || hasStatus(err)) throw err;
    throw new MalformedUpload('multipart body unreadable', { cause: err });
  }
  // Busboy cut the file at LARGEST_MAX_SIZE: it was larger than any type allows.
  if (stream.truncated) throw fileErrors.tooLarge(maxSize);
}
