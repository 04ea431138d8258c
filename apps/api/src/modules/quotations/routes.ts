import {
  agencyContractQuotationList,
  extranetIdParam,
  FILE_NAME_HEADER,
  initializeSignatureBody,
  initializeSignatureResult,
  NOT_FOUND_SUBJECTS,
  quotationsMineQuery,
} from '@reseau/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps, Module } from '../../app-deps.js';
import { publicRoute, requireClient } from '../../auth/guards.js';
import { SIGNATURE_PROVIDER_NAMES } from '../../integrations/esign/provider.js';
import { fileBody, sendFile } from '../../kernel/files/download.js';
import { errors } from '../../lib/errors.js';
import type { ZApp } from '../../lib/http.js';
import { customerContext } from '../../lib/request-context.js';
import { handleSignatureNotification } from '../esign-notifications/handle.js';
import { acceptQuotation, listMyQuotations, ownQuotationFileId, refuseQuotation } from './service.js';
import { initializeSignature } from './signature.js';

const tags = ['agency-contract-quotations'];
const none = { 204: z.null() };
const binary = z.instanceof(Buffer).meta(fileBody);

/** The customer's quotes and their documents. */
function registerQuotationReadRoutes(app: ZApp, deps: AppDeps) {
  app.get(
    '/agency-contract-quotations/mine',
    {
      schema: {
        tags,
        summary: 'Mes devis, les plus récents en premier',
        description:
          "Filtrés par contrat (`agencyContractId`, 404 s'il n'est pas à l'appelant) et/ou par agence (`agencyId`). L'onglet Devis n'affiche que ceux qui ont un fichier (`hasFile`).",
        querystring: quotationsMineQuery,
        response: { 200: agencyContractQuotationList },
      },
      onRequest: requireClient(),
    },
    async (request) => ({ agencyContractQuotations: await listMyQuotations(customerContext(request, deps), request.query) }),
  );

  for (const which of ['file', 'envelope'] as const) {
    app.get(
      `/agency-contract-quotations/:id(^\\d+)/${which}`,
      {
        schema: {
          tags,
          summary: which === 'file' ? 'Télécharge le document du devis' : 'Télécharge le devis signé (enveloppe de signature)',
          description: `Le contenu et son nom nettoyé dans \`${FILE_NAME_HEADER}\`, comme GET /files/{id}. 404 quand le devis n'est pas à l'appelant ou n'a pas ce fichier.`,
          params: extranetIdParam,
          response: { 200: binary },
        },
        onRequest: requireClient(),
      },
      async (request, reply) => {
        const fileId = await ownQuotationFileId(customerContext(request, deps), request.params.id, which);
        return sendFile(deps, request, reply, fileId);
      },
    );
  }
}

/** The customer's decisions on a quote: accept, refuse, electronic signature. */
function registerQuotationDecisionRoutes(app: ZApp, deps: AppDeps) {
  app.post(
    '/agency-contract-quotations/:id(^\\d+)::accept',
    {
      schema: {
        tags,
        summary: 'Accepte directement un devis sans fichier',
        description:
          "204. Un devis avec un fichier s'accepte par signature électronique (`:initialize-signature`) : 400. 409 `conflict` quand le devis est déjà accepté, refusé, signé ou de statut inconnu.",
        params: extranetIdParam,
        response: none,
      },
      onRequest: requireClient(),
    },
    async (request, reply) => {
      await acceptQuotation(customerContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/agency-contract-quotations/:id(^\\d+)::refuse',
    {
      schema: {
        tags,
        summary: 'Refuse un devis',
        description: '204. 409 `conflict` quand le devis est déjà accepté, refusé, signé ou de statut inconnu.',
        params: extranetIdParam,
        response: none,
      },
      onRequest: requireClient(),
    },
    async (request, reply) => {
      await refuseQuotation(customerContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/agency-contract-quotations/:id(^\\d+)::initialize-signature',
    {
      schema: {
        tags,
        summary: 'Lance la signature électronique du devis',
        description:
          "Répond l'adresse de la page de signature où envoyer le navigateur. `redirectUrl` : une page de l'extranet (`/extranet/contract/{id}?tab=quote&signed=true`) où revenir après la signature ; un refus ramène sur `/extranet/contract/{id}?tab=quote&declined=true`. 400 `yousign_obsolete_pdf_version` (PDF < 1.6), `yousign_invalid_document` (illisible, chiffré, pas un PDF), `validation_failed` (devis sans fichier, redirectUrl hors extranet). 409 quand le devis n'attend plus de décision, ou quand sa demande de signature est encore en préparation. Une seule demande ouverte par devis : elle est réutilisée.",
        params: extranetIdParam,
        body: initializeSignatureBody,
        response: { 200: initializeSignatureResult },
      },
      onRequest: requireClient(),
    },
    async (request) => initializeSignature(customerContext(request, deps), request.params.id, request.body),
  );
}

/** The signature provider's webhook. */
function registerSignatureWebhookRoute(app: ZApp, deps: AppDeps) {
  // The webhook reads its body raw: Yousign signs the exact bytes it sent.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/signature-notifications/:provider',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Notification du prestataire de signature (Yousign ou bac à sable)',
          description:
            "Yousign : corps signé par `X-Yousign-Signature-256` (`sha256=` + HMAC-SHA256 hexadécimal du corps brut avec YOUSIGN_WEBHOOK_SECRET), 401 sinon. Traitée une fois par `event_id` ; l'état appliqué est relu chez le prestataire, jamais pris dans le corps. 404 pour un autre prestataire que celui configuré.",
          params: z.object({ provider: z.enum(SIGNATURE_PROVIDER_NAMES) }),
          response: { 200: z.object({ outcome: z.enum(['applied', 'duplicate', 'ignored']) }) },
        },
        onRequest: publicRoute("a provider's webhook: signed, and its state is read back from the provider"),
      },
      async (request) => {
        const provider = deps.signature;
        if (request.params.provider !== provider.name) throw errors.notFound(NOT_FOUND_SUBJECTS.signatureProvider);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const notification = provider.parseNotification(request.headers, raw);
        if (!notification) {
          request.log.warn({ provider: provider.name }, 'signature notification refused: not authentic or unreadable');
          throw errors.unauthenticated();
        }
        const outcome = await handleSignatureNotification(deps, notification);
        request.log.info({ provider: provider.name, ...notification, outcome }, 'signature notification');
        return { outcome };
      },
    );
  });
}

/** The customer's quotes: list, documents, accept, refuse, electronic signature; and its webhook. */
export const quotationsRoutes: Module = (app, deps) => {
  registerQuotationReadRoutes(app, deps);
  registerQuotationDecisionRoutes(app, deps);
  registerSignatureWebhookRoute(app, deps);
};
