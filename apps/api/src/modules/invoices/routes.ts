import {
  agencyContractInvoiceList,
  agencyContractInvoiceListQuery,
  extranetIdParam,
  initializePaymentAnswer,
  initializePaymentBody,
  invoicePaymentStatus,
  PAYMENT_MESSAGES,
  paymentStatus,
} from '@reseau/contracts';
import { z } from 'zod';
import type { AppDeps, Module } from '../../app-deps.js';
import { publicRoute, requireClient } from '../../auth/guards.js';
import { PAYMENT_PROVIDER_NAMES } from '../../integrations/payment/provider.js';
import { fileBody, sendFile } from '../../kernel/files/download.js';
import { AppError } from '../../lib/errors.js';
import type { ZApp } from '../../lib/http.js';
import { customerContext } from '../../lib/request-context.js';
import {
  initializeInvoicePayment,
  invoicePaymentStatusById,
  invoicePaymentStatus as readInvoicePaymentStatus,
} from './payments.js';
import { findMyInvoiceFileId, listMyInvoices } from './service.js';
import { handlePaymentNotification } from './webhook.js';

const tags = ['extranet'];
const invoicePaymentParams = z.object({ id: z.uuid('Identifiant de paiement invalide') });
const notificationParams = z.object({ provider: z.enum(PAYMENT_PROVIDER_NAMES) });
/** The provider's payment object, or at least its id: a hint only, fetched back before use. */
const notificationBody = z.looseObject({
  id: z.string().min(1).max(200),
  object: z.string().max(50).optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

/** The customer's invoices and their files. */
function registerInvoiceReadRoutes(app: ZApp, deps: AppDeps) {
  app.get(
    '/agency-contract-invoices/mine',
    {
      schema: {
        tags,
        summary: 'Mes factures, les plus récentes en premier',
        description:
          "Filtres facultatifs et cumulables : `agencyContractId` (un de mes contrats) et `agencyId`. Un contrat qui n'est pas le sien donne une liste vide.",
        querystring: agencyContractInvoiceListQuery,
        response: { 200: agencyContractInvoiceList },
      },
      onRequest: requireClient(),
    },
    async (request) => ({ agencyContractInvoices: await listMyInvoices(customerContext(request, deps), request.query) }),
  );

  app.get(
    '/agency-contract-invoices/:id(^\\d+)/file',
    {
      schema: {
        tags,
        summary: "Télécharge le fichier d'une de mes factures",
        description: "Mêmes en-têtes que GET /files/{id}. 404 pour la facture d'un autre client ou une facture sans fichier.",
        params: extranetIdParam,
        response: { 200: z.instanceof(Buffer).meta(fileBody) },
      },
      onRequest: requireClient(),
    },
    async (request, reply) =>
      sendFile(deps, request, reply, await findMyInvoiceFileId(customerContext(request, deps), request.params.id)),
  );
}

/** The online card payment of an invoice and its state. */
function registerInvoicePaymentRoutes(app: ZApp, deps: AppDeps) {
  app.post(
    '/agency-contract-invoices/:id(^\\d+)::initialize-payment',
    {
      schema: {
        tags,
        summary: "Démarre le paiement en ligne d'une facture : l'adresse de la page de paiement",
        description:
          'Sans contenu (ou `{}`). Le montant est le reste à payer. 400 `nothing_to_pay`, `payment_already_succeeded`, `amount_too_low` (< 0,99 €), `amount_too_high` (> 20 000 €), `invalid_payment_email` (email du contrat, à défaut celui du compte), `validation_failed` (contenu inattendu), `payment_unavailable` (agence sans paiement en ligne), 502 `internal_error` quand le prestataire ne répond pas. Un seul paiement en cours par facture : un nouvel appel répond la même page ; 409 `conflict` quand elle est encore en préparation.',
        params: extranetIdParam,
        body: initializePaymentBody.nullish(),
        response: { 200: initializePaymentAnswer },
      },
      onRequest: requireClient(),
    },
    async (request) => initializeInvoicePayment(customerContext(request, deps), request.params.id),
  );

  app.get(
    '/agency-contract-invoices/:id(^\\d+)/payment-status',
    {
      schema: {
        tags,
        summary: 'Ma facture est-elle payée (en ligne, sur place, ou plus rien à payer) ?',
        description: 'Un paiement en ligne encore en attente est d’abord relu chez le prestataire.',
        params: extranetIdParam,
        response: { 200: paymentStatus },
      },
      onRequest: requireClient(),
    },
    async (request) => readInvoicePaymentStatus(customerContext(request, deps), request.params.id),
  );

  app.get(
    '/invoice-payments/:id/payment-status',
    {
      schema: {
        tags,
        summary: "État d'un de mes paiements en ligne (l'`id` de /extranet/payment-return)",
        description:
          'Un paiement encore en attente est d’abord relu chez le prestataire. `refund_due` : paiement reçu alors que la facture était déjà payée, l’agence le rembourse. 404 pour le paiement d’un autre client.',
        params: invoicePaymentParams,
        response: { 200: invoicePaymentStatus },
      },
      onRequest: requireClient(),
    },
    async (request) => invoicePaymentStatusById(customerContext(request, deps), request.params.id),
  );
}

/** The payment provider's webhook. */
function registerPaymentWebhookRoute(app: ZApp, deps: AppDeps) {
  app.post(
    '/payment-notifications/:provider',
    {
      schema: {
        tags: ['payments'],
        summary: 'Notification du prestataire de paiement (PayPlug : `notification_url`)',
        description:
          'Public. Le contenu ne sert qu’à trouver le paiement : il est relu chez le prestataire avant tout changement. Idempotent : une notification rejouée ne change rien. 503 quand le prestataire est injoignable (la notification sera renvoyée).',
        params: notificationParams,
        body: notificationBody,
        response: { 200: z.object({ received: z.literal(true) }) },
      },
      onRequest: publicRoute("a provider's webhook: the payment is read back from the provider"),
    },
    async (request) => {
      try {
        await handlePaymentNotification(deps.db, deps.payments, request.log, request.params.provider, request.body);
      } catch (err) {
        request.log.error({ err, provider: request.params.provider }, 'payment notification not handled');
        throw new AppError('internal_error', 503, PAYMENT_MESSAGES.providerUnreachable);
      }
      return { received: true as const };
    },
  );
}

/** Invoices of the customer's contracts and their online card payment (spec 03 §4 "Invoice"). */
export const invoicesRoutes: Module = (app, deps) => {
  registerInvoiceReadRoutes(app, deps);
  registerInvoicePaymentRoutes(app, deps);
  registerPaymentWebhookRoute(app, deps);
};
