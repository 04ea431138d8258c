import {
  ERROR_MESSAGES,
  type InvoicePaymentStatus,
  type InvoicePaymentStatusAnswer,
  MESSAGES,
  NOT_FOUND_SUBJECTS,
  PAYMENT_AMOUNT_MAX_CENTS,
  PAYMENT_AMOUNT_MIN_CENTS,
  PAYMENT_MESSAGES,
  type PaymentStatus,
} from '@reseau/contracts';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { agencies, agencyContractInvoices, agencyContracts, clients, invoicePayments } from '../../db/schema/index.js';
import type { PaymentProviders } from '../../integrations/payment/index.js';
import type { ProviderPayment } from '../../integrations/payment/provider.js';
import { AppError, errors } from '../../lib/errors.js';
import { domainMetrics } from '../../lib/metrics.js';
import type { CustomerContext } from '../../lib/request-context.js';
import { ownInvoice, ownInvoicePayment } from './policy.js';
import { applyProviderPayment, findPaymentContext, type PaymentContext, refreshPendingPayment } from './webhook.js';

/** The payment start errors of spec 03 §8, with their French messages. */
export const paymentErrors = {
  nothingToPay: () => new AppError('nothing_to_pay', 400, ERROR_MESSAGES.nothing_to_pay),
  alreadySucceeded: () => new AppError('payment_already_succeeded', 400, ERROR_MESSAGES.payment_already_succeeded),
  amountTooLow: () => new AppError('amount_too_low', 400, ERROR_MESSAGES.amount_too_low),
  amountTooHigh: () => new AppError('amount_too_high', 400, ERROR_MESSAGES.amount_too_high),
  invalidEmail: () => new AppError('invalid_payment_email', 400, ERROR_MESSAGES.invalid_payment_email),
  providerFailed: () => new AppError('internal_error', 502, PAYMENT_MESSAGES.providerFailed),
  inPreparation: () => errors.conflict('conflict', PAYMENT_MESSAGES.inPreparation),
};

const validEmail = z.email(MESSAGES.invalidEmail);

const publicBase = (config: Config) => config.PUBLIC_URL.replace(/\/$/, '');

/** How long a start waits for the payment a concurrent start is creating, and how often it looks. */
const CREATION_WAIT_MS = 5_000;
const CREATION_POLL_MS = 100;
/** A pending payment still without its provider id after this long was left by a crash. */
export const STALE_CREATION_MS = 2 * 60_000;
/** Rounds of "reserve, else reuse": a round ends when the payment in progress settles. */
const MAX_ROUNDS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the online payment of the caller's invoice: checks, then one payment in progress per
 * invoice, decided by the database (`invoice_payments_one_pending`): the start that inserts the
 * pending row creates the payment at the provider (outside any transaction, our id in the
 * metadata and the return URL) and keeps its id; every other start reuses that payment and
 * answers the same hosted page (fetched back from the provider).
 */
export async function initializeInvoicePayment(
  { db, deps: { config, payments: providers }, log, caller: client }: CustomerContext,
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
  if (!invoice) throw errors.notFound(NOT_FOUND_SUBJECTS.invoice);

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

  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const [reserved] = await db
      .insert(invoicePayments)
      .values({ invoiceId: invoice.id, provider: provider.name, amount, emailAddress, status: 'pending' })
      .onConflictDoNothing({ target: invoicePayments.invoiceId, where: sql`status = 'pending'` })
      .returning({ id: invoicePayments.id });
    if (reserved) {
      const base = publicBase(config);
      const invoicePaymentId = reserved.id;
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
        await db
          .update(invoicePayments)
          .set({ status: 'failed' })
          .where(and(eq(invoicePayments.id, invoicePaymentId), eq(invoicePayments.status, 'pending')));
        throw paymentErrors.providerFailed();
      }
      // Kept whatever the row's status meanwhile: a capture of this payment must find it.
      await db.update(invoicePayments).set({ providerPaymentId: created.id }).where(eq(invoicePayments.id, invoicePaymentId));
      domainMetrics.paymentsStarted.inc();
      return { url: created.url };
    }
    const reused = await reusePendingPayment(db, providers, log, invoice.id, { amount, provider: provider.name });
    if (reused) return reused;
  }
  throw paymentErrors.inPreparation();
}

/**
 * A concurrent start holds the invoice's payment in progress: its hosted page, once the
 * provider has it. Null when that payment is over (settled at the provider, left by a crash,
 * or made for another amount or provider): the caller may then create a new one.
 */
async function reusePendingPayment(
  db: Db,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  invoiceId: number,
  wanted: { amount: number; provider: string },
): Promise<{ url: string } | null> {
  const deadline = Date.now() + CREATION_WAIT_MS;
  let awaited: string | null = null;
  for (;;) {
    const payment = await findPaymentContext(
      db,
      and(eq(invoicePayments.invoiceId, invoiceId), eq(invoicePayments.status, 'pending')) as SQL,
    );
    if (!payment) {
      if (awaited && (await creationFailed(db, awaited))) throw paymentErrors.providerFailed();
      return null;
    }
    if (payment.providerPaymentId) return resumePayment(db, providers, log, payment, wanted);
    if (payment.createdAt.getTime() < Date.now() - STALE_CREATION_MS) {
      log.warn({ invoicePaymentId: payment.id }, 'payment left without provider id (crash): marked failed');
      await db
        .update(invoicePayments)
        .set({ status: 'failed' })
        .where(
          and(
            eq(invoicePayments.id, payment.id),
            eq(invoicePayments.status, 'pending'),
            isNull(invoicePayments.providerPaymentId),
          ),
        );
      return null;
    }
    if (Date.now() >= deadline) throw paymentErrors.inPreparation();
    awaited = payment.id;
    await sleep(CREATION_POLL_MS);
  }
}

/** The start we waited for failed at the provider: this one answers the same, without retrying. */
async function creationFailed(db: Db, invoicePaymentId: string) {
  const [row] = await db
    .select({ status: invoicePayments.status, providerPaymentId: invoicePayments.providerPaymentId })
    .from(invoicePayments)
    .where(eq(invoicePayments.id, invoicePaymentId));
  return row?.status === 'failed' && row.providerPaymentId === null;
}

async function resumePayment(
  db: Db,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  payment: PaymentContext,
  wanted: { amount: number; provider: string },
): Promise<{ url: string } | null> {
  const provider = providers.get(payment.provider);
  if (!provider || payment.provider !== wanted.provider || payment.amount !== wanted.amount) {
    // What is left to pay (or the provider) changed: a new payment replaces it. Should the old
    // page still be paid, its capture is recorded for a refund (applyProviderPayment).
    await db
      .update(invoicePayments)
      .set({ status: 'abandoned' })
      .where(and(eq(invoicePayments.id, payment.id), eq(invoicePayments.status, 'pending')));
    return null;
  }
  let remote: ProviderPayment | null;
  try {
    remote = await provider.retrievePayment(payment.providerPaymentId!, payment.merchant);
  } catch (err) {
    log.error({ err, invoicePaymentId: payment.id }, 'payment in progress: provider unreachable');
    throw paymentErrors.providerFailed();
  }
  if (!remote) {
    log.warn({ invoicePaymentId: payment.id }, 'payment in progress unknown to its provider: marked failed');
    await db
      .update(invoicePayments)
      .set({ status: 'failed' })
      .where(and(eq(invoicePayments.id, payment.id), eq(invoicePayments.status, 'pending')));
    return null;
  }
  if (!remote.isPaid && !remote.failureCode) {
    if (remote.url) return { url: remote.url };
    throw paymentErrors.providerFailed();
  }
  // Finished at the provider and not heard of yet (a lost notification): brought up to date.
  const outcome = await applyProviderPayment(db, log, payment, remote);
  if (outcome === 'failed' || outcome === 'cancelled') return null;
  const [row] = await db
    .select({ status: invoicePayments.status })
    .from(invoicePayments)
    .where(eq(invoicePayments.id, payment.id));
  if (row?.status === 'paid' || row?.status === 'refund_due') throw paymentErrors.alreadySucceeded();
  if (row?.status !== 'pending') return null;
  throw paymentErrors.providerFailed();
}

/**
 * `GET /agency-contract-invoices/{id}/payment-status`: whether the caller's invoice is paid
 * (paid online, paid locally, or nothing left to pay). Its latest pending online payment is
 * fetched back from the provider first.
 */
export async function invoicePaymentStatus(
  { db, deps: { payments: providers }, log, caller: client }: CustomerContext,
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
  if (!invoice) throw errors.notFound(NOT_FOUND_SUBJECTS.invoice);
  return { is_paid: invoice.paidOnline !== null || invoice.isPaidLocally || invoice.leftToPay <= 0 };
}

/**
 * `GET /invoice-payments/{id}/payment-status`: what /extranet/payment-return reads with the
 * payment id it receives. A pending payment is fetched back from the provider first.
 */
export async function invoicePaymentStatusById(
  { db, deps: { payments: providers }, log, caller: client }: CustomerContext,
  invoicePaymentId: string,
): Promise<InvoicePaymentStatusAnswer> {
  const payment = await findPaymentContext(db, ownInvoicePayment(client, invoicePaymentId) as SQL);
  if (!payment) throw errors.notFound(NOT_FOUND_SUBJECTS.invoicePayment);
  const status = (await refreshPendingPayment(db, providers, log, payment)) as InvoicePaymentStatus;
  // Refund due: the money was taken too, and the return page tells the customer it is refunded.
  return {
    is_paid: status === 'paid' || status === 'refund_due',
    status,
    invoiceId: payment.invoiceId,
    agencyContractId: payment.agencyContractId,
  };
}
