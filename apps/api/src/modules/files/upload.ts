import type { Readable } from 'node:stream';
import { FILE_TYPES, MESSAGES } from '@reseau/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, errors } from '../../lib/errors.js';
import { fileErrors } from './file-errors.js';

export type FileType = (typeof FILE_TYPES)[number];

/** A file part being received: its bytes stream by once, bounded by the type's maxSize. */
export interface Upload {
  fileType: FileType;
  clientFileName: string;
  content: AsyncIterable<Buffer>;
}

const CHOOSE_A_FILE = 'Veuillez choisir un fichier';

/** Busboy's own cap: the largest type's maxSize; each type's own limit is applied while reading. */
const LARGEST_MAX_SIZE = Math.max(...FILE_TYPES.map((t) => t.maxSize));

/** The multipart body could not be read: a truncated or malformed body (a 400, not a 500). */
class MalformedUpload extends Error {}

/** `consume` failed on its own (storage, database): the error is passed on as it is. */
class ConsumeFailed extends Error {}

/**
 * Reads `typeId` then `file` from a multipart body and hands the file's bytes to `consume` as
 * they arrive (nothing is buffered whole). The type must come first: its maxSize bounds how
 * many bytes are read, so an oversized file is refused (413) as soon as it passes it.
 * `allowedTypeIds` is checked before any byte of the file is read.
 */
export async function readUpload<T>(
  request: FastifyRequest,
  allowedTypeIds: readonly number[],
  consume: (upload: Upload) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) {
    throw errors.validation({ file: ['Le fichier doit être envoyé en multipart/form-data'] });
  }
  try {
    return await readParts(request, allowedTypeIds, consume);
  } catch (err) {
    // Refused before the end of the body: stop parsing, but let the rest arrive and be
    // discarded (a lingering close), so that the client reads the answer instead of a reset
    // and the connection does not stay stuck on unread bytes.
    request.raw.unpipe();
    request.raw.resume();
    if (err instanceof ConsumeFailed) throw err.cause;
    if (err instanceof AppError || hasStatus(err)) throw err;
    // Anything else comes from the multipart parser: a truncated or malformed body.
    throw errors.validation(
      { file: ['Le fichier n’a pas pu être lu, veuillez réessayer'] },
      'Le formulaire envoyé est incomplet.',
    );
  }
}

const hasStatus = (err: unknown) => typeof (err as { statusCode?: unknown })?.statusCode === 'number';

async function readParts<T>(
  request: FastifyRequest,
  allowedTypeIds: readonly number[],
  consume: (upload: Upload) => Promise<T>,
): Promise<T> {
  // Parts come in the order they were sent: a typeId after the file counts as missing.
  let fileType: FileType | undefined;
  for await (const part of request.parts({ limits: { fileSize: LARGEST_MAX_SIZE, files: 1 } })) {
    if (part.type === 'field') {
      if (part.fieldname === 'typeId') fileType = parseTypeId(part.value);
      continue;
    }
    if (part.fieldname !== 'file') throw errors.validation({ file: [CHOOSE_A_FILE] });
    if (!fileType) throw errors.validation({ typeId: [MESSAGES.required] });
    if (!allowedTypeIds.includes(fileType.fileTypeId)) throw errors.forbidden();
    try {
      return await consume({ fileType, clientFileName: part.filename, content: atMost(part.file, fileType.maxSize) });
    } catch (err) {
      if (err instanceof AppError || err instanceof MalformedUpload || hasStatus(err)) throw err;
      throw new ConsumeFailed('upload consumer failed', { cause: err });
    }
  }
  const missing: Record<string, string[]> = { file: [CHOOSE_A_FILE] };
  if (!fileType) missing.typeId = [MESSAGES.required];
  throw errors.validation(missing);
}

function parseTypeId(value: unknown): FileType {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw errors.validation({ typeId: [MESSAGES.required] });
  const fileType = /^\d+$/.test(text) ? FILE_TYPES.find((t) => t.fileTypeId === Number(text)) : undefined;
  if (!fileType) throw errors.validation({ typeId: ['Type de fichier inconnu'] });
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
