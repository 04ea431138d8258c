import {
  signatureArchiveBody,
  signatureArchiveResult,
  signatureCountList,
  signatureCountsQuery,
  signatureDocument,
  signatureDocumentBody,
  signatureDocumentList,
  signatureDocumentListQuery,
  signatureQuotationList,
  signatureQuotationListQuery,
} from '@reseau/contracts';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { STORAGE_DELETE_JOB, storageDeletionHandler } from '../../kernel/files/storage-deletion.js';
import { staffContext } from '../../lib/request-context.js';
import { ARCHIVE_SWEEP_INTERVAL_MS, createSignatureArchive, sweepSignatureArchives } from './archive.js';
import { countSignaturesByAgency } from './counts.js';
import { listSignatureQuotations } from './quotations.js';
import { createSignatureDocument, listSignatureDocuments } from './service.js';

const tags = ['signature-documents'];
/** The submission form and the per-agency tables (spec 02 §6); customers are refused by requireAdmin. */
const holders = requireAdmin('signature_document_administration');

/**
 * Electronic signature of PDFs by the agencies (spec 02 §2 "Signature", §7). Documents go to
 * the same signature provider as the customers' quotes, and come back through the same webhook
 * (modules/esign-notifications).
 */
export const signatureDocumentsRoutes: Module = (app, deps) => {
  deps.jobs.handle(STORAGE_DELETE_JOB, storageDeletionHandler(deps));
  deps.scheduler.every('signature-archives-sweep', ARCHIVE_SWEEP_INTERVAL_MS, () => sweepSignatureArchives(deps));

  app.post(
    '/signature-documents',
    {
      schema: {
        tags,
        summary: 'Envoie des PDF en signature électronique',
        description:
          "201 : le document créé (`ongoing`), le destinataire reçoit le lien de signature par mail. agencyId doit être une agence de l'appelant ; chaque PDF un fichier de type 19 envoyé par lui. Les PDF sont réunis en un seul document, nettoyé. 400 `yousign_obsolete_pdf_version` (PDF < 1.6), `yousign_invalid_document` (illisible, chiffré, refusé par le prestataire), `file_sanitization_failed` (un PDF qui ne peut pas être nettoyé : le message le nomme), `validation_failed` par champ. 502 quand le prestataire ne répond pas : le document reste `created` (échec).",
        body: signatureDocumentBody,
        response: { 201: signatureDocument },
      },
      onRequest: holders,
    },
    async (request, reply) => reply.status(201).send(await createSignatureDocument(staffContext(request, deps), request.body)),
  );

  app.get(
    '/signature-documents',
    {
      schema: {
        tags,
        summary: 'Documents envoyés en signature par les agences de l’appelant, les plus récents en premier',
        description:
          'Filtres agencyId (403 hors des agences de l’appelant), status, search (nom, email, titre) et la période `[startDateIncluded, endDateExcluded)` sur la date de création (jours de Paris). Pages par `limit` (30 par défaut, 100 au plus) et `offset`.',
        querystring: signatureDocumentListQuery,
        response: { 200: signatureDocumentList },
      },
      onRequest: holders,
    },
    async (request) => listSignatureDocuments(staffContext(request, deps), request.query),
  );

  app.post(
    '/signature-documents::archive',
    {
      schema: {
        tags,
        summary: 'Prépare l’archive signatures.zip des enveloppes signées d’une agence sur une période',
        description:
          'Documents signés et devis signés dont la signature tombe dans `[startDateIncluded, endDateExcluded)` (370 jours au plus). Répond l’id du fichier : GET /files/{id} le sert à son auteur seul, sous le nom signatures.zip. 404 quand aucune enveloppe n’a été signée sur la période.',
        body: signatureArchiveBody,
        response: { 201: signatureArchiveResult },
      },
      onRequest: holders,
    },
    async (request, reply) => reply.status(201).send(await createSignatureArchive(staffContext(request, deps), request.body)),
  );

  app.get(
    '/agency-contract-quotations',
    {
      schema: {
        tags,
        summary: 'Devis des agences de l’appelant, signés ou à signer (vue signature)',
        description:
          'Filtres agencyId, hasSignatureInitiated, status (`signed` : une signatureTime ; `ongoing` : à signer), search (numéro, client) et la période `[startSignatureDateIncluded, endSignatureDateExcluded)` sur la date de signature, ou de lancement de la signature pour un devis pas encore signé.',
        querystring: signatureQuotationListQuery,
        response: { 200: signatureQuotationList },
      },
      onRequest: holders,
    },
    async (request) => listSignatureQuotations(staffContext(request, deps), request.query),
  );

  app.get(
    '/signature-counts-by-agency',
    {
      schema: {
        tags,
        summary: 'Nombre de signatures par agence et par mois',
        description:
          'Documents signés et devis signés électroniquement, par mois de signature (`yearMonth` aaaamm, heure de Paris). Tout membre du personnel : le réseau pour les rôles 1 à 3, ses agences sinon. Filtres agencyId (403 hors de ses agences), adherentId et la période `[startDateIncluded, endDateExcluded)`.',
        querystring: signatureCountsQuery,
        response: { 200: signatureCountList },
      },
      onRequest: requireAdmin(),
    },
    async (request) => countSignaturesByAgency(staffContext(request, deps), request.query),
  );
};
