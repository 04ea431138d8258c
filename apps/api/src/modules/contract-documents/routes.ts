import { agencyContractDocumentList, contractDocumentsQuery, extranetIdParam } from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireClient } from '../../auth/guards.js';
import { fileBody, sendFile } from '../../kernel/files/download.js';
import { customerContext } from '../../lib/request-context.js';
import { findMyDocumentFileId, listMyContractDocuments } from './service.js';

const tags = ['extranet'];

/** Documents of a customer's contract (spec 03 "Documents" tab) and their download. */
export const contractDocumentsRoutes: Module = (app, deps) => {
  app.get(
    '/agency-contract-documents/mine',
    {
      schema: {
        tags,
        summary: "Documents d'un de mes contrats, les plus récents en premier",
        description: "404 pour un contrat qui n'est pas le sien.",
        querystring: contractDocumentsQuery,
        response: { 200: agencyContractDocumentList },
      },
      onRequest: requireClient(),
    },
    async (request) => ({
      agencyContractDocuments: await listMyContractDocuments(customerContext(request, deps), request.query.agencyContractId),
    }),
  );

  app.get(
    '/agency-contract-documents/:id/file',
    {
      schema: {
        tags,
        summary: "Télécharge le fichier d'un document de contrat",
        description: "Mêmes en-têtes que GET /files/{id}. 404 pour le document d'un autre client ou un document sans fichier.",
        params: extranetIdParam,
        response: { 200: z.instanceof(Buffer).meta(fileBody) },
      },
      onRequest: requireClient(),
    },
    async (request, reply) =>
      sendFile(deps, request, reply, await findMyDocumentFileId(customerContext(request, deps), request.params.id)),
  );
};
