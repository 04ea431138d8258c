import { dataExportClientParams, dataExportRequested, dataExportTokenParams } from '@reseau/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { publicRoute, requireAdmin, requireClient } from '../../auth/guards.js';
import type { StoredStream } from '../../integrations/storage/storage.js';
import { fileBody } from '../../kernel/files/download.js';
import { contentDisposition } from '../../kernel/files/file-name.js';
import { authRateLimit } from '../../lib/http.js';
import { customerContext, publicContext, staffContext } from '../../lib/request-context.js';
import {
  DATA_EXPORT_JOB,
  downloadDataExport,
  requestClientExportForAgency,
  requestOwnAdminExport,
  requestOwnClientExport,
  runDataExport,
} from './service.js';

const tags = ['data-exports'];
const requested = { 202: dataExportRequested };

/**
 * "Télécharger mes données" (issue 28 §1, docs/data-rights.md): a request is answered 202 at once;
 * the `data_export` job makes the ZIP and mails its link to the account's own address.
 */
export const dataExportsRoutes: Module = (app, deps) => {
  deps.jobs.handle(DATA_EXPORT_JOB, (payload) => runDataExport(deps, Number(payload.dataExportId)));

  app.post(
    '/clients/me/data-exports',
    {
      schema: { tags, summary: 'Demande l’export de mes données (ZIP envoyé par e-mail)', response: requested },
      onRequest: requireClient(),
    },
    async (request, reply) => reply.status(202).send(await requestOwnClientExport(customerContext(request, deps))),
  );

  app.post(
    '/admins/me/data-exports',
    {
      schema: { tags, summary: 'Demande l’export des données de mon compte (ZIP envoyé par e-mail)', response: requested },
      onRequest: requireAdmin(),
    },
    async (request, reply) => reply.status(202).send(await requestOwnAdminExport(staffContext(request, deps))),
  );

  app.post(
    '/clients/:clientId(^\\d+)/data-exports',
    {
      schema: {
        tags,
        summary: 'Exporte les données d’un client de mon agence (le lien est envoyé au client)',
        params: dataExportClientParams,
        response: requested,
      },
      onRequest: requireAdmin('contact_administration'),
    },
    async (request, reply) =>
      reply.status(202).send(await requestClientExportForAgency(staffContext(request, deps), request.params.clientId)),
  );

  app.get(
    '/data-exports/:token',
    {
      schema: {
        tags,
        summary: 'Télécharge le ZIP d’un export de données (lien reçu par e-mail, valable 7 jours)',
        params: dataExportTokenParams,
        response: { 200: z.instanceof(Buffer).meta(fileBody) },
      },
      onRequest: publicRoute('the token of the mailed link (32 random bytes, stored hashed, valid 7 days) is the credential'),
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      const file = await downloadDataExport(publicContext(request, deps), request.params.token);
      return sendZip(reply, file);
    },
  );
};

/** The ZIP streamed from the storage, saved under its name; never kept by a cache. */
function sendZip(reply: FastifyReply, file: StoredStream & { fileName: string }) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
