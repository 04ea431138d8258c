import multipart from '@fastify/multipart';
import {
  FILE_NAME_HEADER,
  FILE_PREVIEW_WIDTHS,
  type FilePreviewWidth,
  fileQuery,
  fileTypeList,
  idParams,
  PREVIEWABLE_MIME_TYPES,
  uploadedFile,
} from '@reseau/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps, Module } from '../../app-deps.js';
import { principalOf, publicRoute, requireAuth } from '../../auth/guards.js';
import { sendFile } from '../../kernel/files/download.js';
import { listFileTypes, storeUpload } from '../../kernel/files/service.js';
import { STORAGE_DELETE_JOB, storageDeletionHandler } from '../../kernel/files/storage-deletion.js';
import { readUpload } from '../../kernel/files/upload.js';
import { uploadAllowance, uploadQuotaOf } from '../../kernel/files/upload-quota.js';
import { errors } from '../../lib/errors.js';
import type { ZApp } from '../../lib/http.js';
import { uploadableFileTypeIds } from './policy.js';
import { sweepUnheldFiles, UNHELD_SWEEP_INTERVAL_MS } from './unheld-sweep.js';

const tags = ['files'];

export const filesRoutes: Module = async (app, deps) => {
  deps.jobs.handle(STORAGE_DELETE_JOB, storageDeletionHandler(deps));
  deps.scheduler.every('unheld-files-sweep', UNHELD_SWEEP_INTERVAL_MS, () => sweepUnheldFiles(deps));

  // Multipart bodies are read by this route alone: registered here, its request and response
  // hooks (temporary files' clean-up) do not run on every other request of the API.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 10 } });
    uploadRoute(uploads.withTypeProvider<ZodTypeProvider>(), deps);
  });

  app.get(
    '/files/:id',
    {
      schema: {
        tags,
        summary: 'Télécharge un fichier, ou l’aperçu d’une image (width)',
        description: `Le contenu, son content-type et son nom nettoyé dans \`${FILE_NAME_HEADER}\` (UTF-8 encodé en pourcents, RFC 5987) et \`content-disposition\`. 404 quand le fichier n'existe pas ou que l'appelant n'y a pas droit. Avec \`width\` (${FILE_PREVIEW_WIDTHS.join(', ')}), une image (${PREVIEWABLE_MIME_TYPES.join(', ')}) est servie en aperçu WebP de cette largeur au plus, fait une fois puis gardé ; tout autre fichier est servi entier.`,
        params: idParams,
        querystring: fileQuery,
        response: { 200: z.instanceof(Buffer).meta({ type: 'string', format: 'binary', description: 'Le contenu du fichier' }) },
      },
      // An agency's pictures are public (see FILE_HOLDERS in holders-table.ts); everything else needs a caller entitled to it.
      onRequest: publicRoute("an agency's public pictures; any other file is read only by a caller its holder lets in"),
    },
    async (request, reply) =>
      sendFile(deps, request, reply, request.params.id, request.query.width as FilePreviewWidth | undefined),
  );

  app.get(
    '/file-types',
    {
      schema: { tags, summary: 'Types de fichier acceptés au dépôt', response: { 200: fileTypeList } },
      onRequest: requireAuth(),
    },
    async () => ({ fileTypes: listFileTypes() }),
  );
};

/** POST /files, in the scope that reads multipart bodies. */
function uploadRoute(app: ZApp, deps: AppDeps): void {
  const quota = uploadQuotaOf(deps.config);
  app.post(
    '/files',
    {
      schema: {
        tags,
        summary: 'Dépose un fichier (multipart : `typeId` et `file`, dans un ordre ou dans l’autre)',
        description:
          'Le type est reconnu sur le contenu du fichier, jamais sur son nom ni son content-type. 400 `file_type_not_allowed`, 413 `file_too_large`. ' +
          `Chaque compte dépose au plus ${quota.files} fichiers et ${quota.bytes / (1024 * 1024)} Mio sur 24 heures glissantes : au-delà, 429 \`upload_quota_exceeded\` avec \`Retry-After\` (le moment où le plus ancien dépôt des 24 heures en sort). Un fichier que rien ne tient, 24 heures après son dépôt, est supprimé : enregistrez l'entité qui le tient avant.`,
        consumes: ['multipart/form-data'],
        response: { 201: uploadedFile },
      },
      onRequest: requireAuth(),
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const allowedTypeIds = uploadableFileTypeIds(principal);
      // Refused before a byte is read when the caller may upload nothing at all.
      if (allowedTypeIds.length === 0) throw errors.forbidden();
      // So is an account whose daily quota is used up; otherwise what is left bounds the stream.
      const allowance = await uploadAllowance(deps.db, principal, quota);
      const ctx = { db: deps.db, deps, caller: principal, ip: request.ip, log: request.log };
      const file = await readUpload(request, allowedTypeIds, (upload) => storeUpload(ctx, upload, allowance));
      return reply.status(201).send(file);
    },
  );
}
