import {
  type InvoicePaymentStatus,
  type InvoicePaymentStatusAnswer,
  MESSAGES,
  PAYMENT_AMOUNT_MAX_CENTS,
  PAYMENT_AMOUNT_MIN_CENTS,
  type PaymentStatus,
} from '@reseau/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ClientPrincipal } from '../../auth/principal.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { agencies, agencyContractInvoices, agencyContracts, clients, invoicePayments } from '../../db/schema/index.js';
import type { PaymentProviders } from '../../integrations/payment/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { ownInvoice, ownInvoicePayment } from './policy.js';
import { findPaymentContext, refreshPendingPayment } from './webhook.js';

const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** The payment start errors of spec 03 §8, with their French messages. */
export const paymentErrors = {
  nothingToPay: () => new AppError('nothing_to_pay', 400, 'Cette facture est déjà réglée : il ne reste rien à payer.'),
  alreadySucceeded: () => new AppError('payment_already_succeeded', 400, 'Cette facture a déjà été payée en ligne.'),
  amountTooLow: () =>
    new AppError(
      'amount_too_low',
      400,
      `Le montant à régler est inférieur au minimum accepté pour un paiement en ligne (${euros(PAYMENT_AMOUNT_MIN_CENTS)}).`,
    ),
  amountTooHigh: () =>
    new AppError(
      'amount_too_high',
      400,
      `Le montant à régler dépasse le maximum accepté pour un paiement en ligne (${euros(PAYMENT_AMOUNT_MAX_CENTS)}).`,
    ),
  invalidEmail: () =>
    new AppError(
      'invalid_payment_email',
      400,
      "L'adresse email de votre contrat n'est pas valide : corrigez-la dans l'onglet « Coordonnées » pour payer en ligne.",
    ),
  providerFailed: () =>
    new AppError('internal_error', 502, 'Le service de paiement est momentanément indisponible, veuillez réessayer.'),
};

const validEmail = z.email(MESSAGES.invalidEmail);

const publicBase = (config: Config) => config.PUBLIC_URL.replace(/\/$/, '');

/**
 * Starts the online payment of the caller's invoice: checks, records a pending payment (before
 * the provider is called and outside any transaction, so our id travels in the metadata and
 * the return URL), creates the payment at the provider, keeps its id, and answers the hosted
 * page to redirect to.
 */
export async function initializeInvoicePayment(
  db: Db,
  config: Config,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  client: ClientPrincipal,
  invoiceId: number,
): Promise<{ url: string }> {
  const [invoice] = await db
    .select({
      id: agencyContractInvoices.id,
      number: agencyContractInvoices.number,
      leftToPay: agencyContractInvoices.leftToPayIncludingTax,
      isPaidLocally: agencyContractInvoices.isPaidLocally,
      contractEmail: agencyContracts.emailAddress,
      route: agencyContracts.route,
      postalCode: agencyContracts.postalCode,
      locality: agencyContracts.locality,
      accountEmail: clients.emailAddress,
      firstName: clients.firstName,
      lastName: clients.lastName,
      merchantName: agencies.name,
      secretKey: agencies.payPlugSecretKey,
    })
    .from(agencyContractInvoices)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractInvoices.agencyContractId))
    .innerJoin(clients, eq(clients.id, agencyContracts.clientId))
    .innerJoin(agencies, eq(agencies.id, agencyContracts.agencyId))
    .where(ownInvoice(client, invoiceId));
  if (!invoice) throw errors.notFound('La facture');

  const [paid] = await db
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, invoice.id), eq(invoicePayments.status, 'paid')))
    .limit(1);
  if (paid) throw paymentErrors.alreadySucceeded();
  if (invoice.isPaidLocally || invoice.leftToPay <= 0) throw paymentErrors.nothingToPay();
  const amount = invoice.leftToPay;
  if (amount < PAYMENT_AMOUNT_MIN_CENTS) throw paymentErrors.amountTooLow();
  if (amount > PAYMENT_AMOUNT_MAX_CENTS) throw paymentErrors.amountTooHigh();
  const emailAddress = (invoice.contractEmail?.trim() || invoice.accountEmail).trim();
  if (!validEmail.safeParse(emailAddress).success) throw paymentErrors.invalidEmail();

  const provider = providers.current;
  const merchant = { merchantName: invoice.merchantName, secretKey: invoice.secretKey };
  const unavailable = provider.unavailability(merchant);
  if (unavailable) throw unavailable;

  const [payment] = await db
    .insert(invoicePayments)
    .values({ invoiceId: invoice.id, provider: provider.name, amount, emailAddress, status: 'pending' })
    .returning({ id: invoicePayments.id });
  const invoicePaymentId = payment!.id;
  const base = publicBase(config);
  let created: { id: string; url: string };
  try {
    created = await provider.createPayment(
      {
        amount,
        reference: invoice.number,
        customer: {
          emailAddress,
          firstName: invoice.firstName,
          lastName: invoice.lastName,
          address1: invoice.route,
          postcode: invoice.postalCode,
          city: invoice.locality,
        },
        returnUrl: `${base}/extranet/payment-return?id=${invoicePaymentId}`,
        cancelUrl: `${base}/extranet/payment-cancel`,
        notificationUrl: `${base}/api/payment-notifications/${provider.name}`,
        metadata: { invoicePaymentId },
      },
      merchant,
    );
  } catch (err) {
    log.error({ err, invoicePaymentId, provider: provider.name }, 'payment creation failed at the provider');
    await db.update(invoicePayments).set({ status: 'failed' }).where(eq(invoicePayments.id, invoicePaymentId));
    throw paymentErrors.providerFailed();
  }
  await db.update(invoicePayments).set({ providerPaymentId: created.id }).where(eq(invoicePayments.id, invoicePaymentId));
  return { url: created.url };
}

/**
 * `GET /agency-contract-invoices/{id}/payment-status`: whether the caller's invoice is paid
 * (paid online, paid locally, or nothing left to pay). Its latest pending online payment is
 * fetched back from the provider first.
 */
export async function invoicePaymentStatus(
  db: Db,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  client: ClientPrincipal,
  invoiceId: number,
): Promise<PaymentStatus> {
  const own = ownInvoice(client, invoiceId);
  const [latest] = await db
    .select({ id: invoicePayments.id, status: invoicePayments.status })
    .from(invoicePayments)
    .innerJoin(agencyContractInvoices, eq(agencyContractInvoices.id, invoicePayments.invoiceId))
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractInvoices.agencyContractId))
    .where(and(own, eq(invoicePayments.status, 'pending')))
    .orderBy(desc(invoicePayments.createdAt))
    .limit(1);
  if (latest) {
    const context = await findPaymentContext(db, eq(invoicePayments.id, latest.id));
    if (context) await refreshPendingPayment(db, providers, log, context);
  }
  const [invoice] = await db
    .select({
      isPaidLocally: agencyContractInvoices.isPaidLocally,
      leftToPay: agencyContractInvoices.leftToPayIncludingTax,
      paidOnline: invoicePayments.id,
    })
    .from(agencyContractInvoices)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractInvoices.agencyContractId))
    .leftJoin(invoicePayments, and(eq(invoicePayments.invoiceId, agencyContractInvoices.id), eq(invoicePayments.status, 'paid')))
    .where(own)
    .limit(1);
  if (!invoice) throw errors.notFound('La facture');
  return { is_paid: invoice.paidOnline !== null || invoice.isPaidLocally || invoice.leftToPay <= 0 };
}

/**
 * `GET /invoice-payments/{id}/payment-status`: what /extranet/payment-return reads with the
 * payment id it receives. A pending payment is fetched back from the provider first.
 */
export async function invoicePaymentStatusById(
  db: Db,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  client: ClientPrincipal,
  invoicePaymentId: string,
): Promise<InvoicePaymentStatusAnswer> {
  const payment = await findPaymentContext(db, ownInvoicePayment(client, invoicePaymentId) as SQL);
  if (!payment) throw errors.notFound('Le paiement');
  const status = (await refreshPendingPayment(db, providers, log, payment)) as InvoicePaymentStatus;
  return { is_paid: status === 'paid', status, invoiceId: payment.invoiceId, agencyContractId: payment.agencyContractId };
}
