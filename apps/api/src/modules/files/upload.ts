import type { Readable } from 'node:stream';
import { FILE_TYPES, MESSAGES } from '@reseau/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, errors } from '../../lib/errors.js';
import { fileErrors } from './file-errors.js';

export type FileType = (typeof FILE_TYPES)[number];

export interface Upload {
  fileType: FileType;
  clientFileName: string;
  bytes: Buffer;
}

const CHOOSE_A_FILE = 'Veuillez choisir un fichier';

/** Busboy's own cap: the largest type's maxSize; each type's own limit is applied while reading. */
const LARGEST_MAX_SIZE = Math.max(...FILE_TYPES.map((t) => t.maxSize));

/**
 * Reads `typeId` then `file` from a multipart body. The type must come first: its maxSize
 * bounds how many bytes are read, so an oversized file is refused without being buffered.
 * `allowedTypeIds` is checked before any byte of the file is read.
 */
export async function readUpload(request: FastifyRequest, allowedTypeIds: readonly number[]): Promise<Upload> {
  if (!request.isMultipart()) {
    throw errors.validation({ file: ['Le fichier doit être envoyé en multipart/form-data'] });
  }
  try {
    return await readParts(request, allowedTypeIds);
  } catch (err) {
    // Refused before the end of the body: stop parsing, but let the rest arrive and be
    // discarded (a lingering close), so that the client reads the answer instead of a reset
    // and the connection does not stay stuck on unread bytes.
    request.raw.unpipe();
    request.raw.resume();
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
    // Anything else comes from the multipart parser: a truncated or malformed body.
    throw errors.validation(
      { file: ['Le fichier n’a pas pu être lu, veuillez réessayer'] },
      'Le formulaire envoyé est incomplet.',
    );
  }
}

async function readParts(request: FastifyRequest, allowedTypeIds: readonly number[]): Promise<Upload> {
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
    const bytes = await readAtMost(part.file, fileType.maxSize);
    if (bytes.length === 0) throw errors.validation({ file: ['Le fichier est vide'] });
    return { fileType, clientFileName: part.filename, bytes };
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

/** Buffers the stream, failing with 413 as soon as it passes `maxSize` bytes. */
async function readAtMost(stream: Readable & { truncated?: boolean }, maxSize: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Leaving the loop destroys the stream; readUpload discards the rest of the body.
    if (size > maxSize) throw fileErrors.tooLarge(maxSize);
    chunks.push(chunk);
  }
  // Busboy cut the file at LARGEST_MAX_SIZE: it was larger than any type allows.
  if (stream.truncated) throw fileErrors.tooLarge(maxSize);
  return Buffer.concat(chunks, size);
}
