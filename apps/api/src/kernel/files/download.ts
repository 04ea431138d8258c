import { FILE_NAME_HEADER, type FilePreviewWidth } from '@reseau/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { errors } from '../../lib/errors.js';
import { audit, auditActor } from '../audit.js';
import { contentDisposition, encodeHeaderValue } from './file-name.js';
import { readFileFor } from './service.js';

/** OpenAPI description of a download's 200 body. */
export const fileBody = {
  type: 'string',
  format: 'binary',
  description: 'Le contenu du fichier',
} as const;

/**
 * Sends a file (GET /files/{id}, with `width` an image's preview, and every download of an
 * entity's file): content type,
 * sanitized name in `x-file-name` and `content-disposition`, cache rule. The file's read
 * check runs (its holders decide); a null id, a file one may
 * not read, or bytes missing from the storage are all "document not found".
 */
export async function sendFile(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  fileId: number | null,
  width?: FilePreviewWidth,
) {
  if (fileId === null) throw errors.fileNotFound();
  // Anonymous callers too (an agency's public pictures): the context's caller may be null.
  const ctx = { db: deps.db, deps, caller: request.principal, ip: request.ip, log: request.log };
  const file = await readFileFor(ctx, fileId, { width });
  if (file && !file.content) request.log.error({ fileId }, 'file bytes missing from storage');
  if (!file?.content) throw errors.fileNotFound();
  const reader = request.principal;
  // A customer's document read by staff: one audit entry per download (issue 27 §4).
  if (file.auditedHolder && reader?.kind === 'admin') {
    await audit(deps.db, {
      action: 'file.customer_document_downloaded',
      ...auditActor(reader),
      entity: 'file',
      entityId: fileId,
      // The customer's agency: its adherent's director reads who downloaded their customers' files.
      agencyId: file.auditedAgencyId,
      details: { holder: file.auditedHolder, fileName: file.fileName },
      ip: request.ip,
    });
  }
  const { body, size } = file.content;
  // The bytes flow from the storage to the client as it reads them (a 50 Mo document is never
  // whole in memory); a client that goes away destroys the stream, which closes the file.
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(size))
    .header(FILE_NAME_HEADER, encodeHeaderValue(file.fileName))
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', cacheControlOf(request))
    .send(body);
}

/**
 * An anonymous caller is only ever served an agency's public picture (readFileFor): shared
 * caches may keep it an hour. Anything served to a signed-in caller may be a customer's
 * document: kept by nobody.
 */
function cacheControlOf(request: FastifyRequest): string {
  return request.principal ? 'private, no-store' : 'public, max-age=3600';
}
