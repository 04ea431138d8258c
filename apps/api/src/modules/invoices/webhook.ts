import { ONLINE_PAYMENT_MEAN } from '@reseau/contracts';
import { and, eq, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { agencies, agencyContractInvoices, agencyContracts, invoicePayments, webhookEvents } from '../../db/schema/index.js';
import type { PaymentProviders } from '../../integrations/payment/index.js';
import type { MerchantCredentials, ProviderPayment } from '../../integrations/payment/provider.js';
import { publishLiveEvent } from '../../kernel/live-events.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { frenchToday } from '../../lib/french.js';
import { domainMetrics } from '../../lib/metrics.js';
import { recordContractContact } from '../contacts/service.js';

/** A payment of ours with what applying it needs: its invoice and the agency's credentials. */
export interface PaymentContext {
  id: string;
  provider: string;
  providerPaymentId: string | null;
  amount: number;
  status: string;
  createdAt: Date;
  invoiceId: number;
  invoiceNumber: string;
  invoiceFileId: number | null;
  agencyContractId: number;
  /** The customer whose invoice it is (told of its change live). */
  clientId: number;
  merchant: MerchantCredentials;
}

/** One query: the payment, its invoice, its contract and the agency. `where` may use all four. */
export async function findPaymentContext(db: Db, where: SQL): Promise<PaymentContext | null> {
  const [row] = await db
    .select({
      id: invoicePayments.id,
      provider: invoicePayments.provider,
      providerPaymentId: invoicePayments.providerPaymentId,
      amount: invoicePayments.amount,
      status: invoicePayments.status,
      createdAt: invoicePayments.createdAt,
      invoiceId: agencyContractInvoices.id,
      invoiceNumber: agencyContractInvoices.number,
      invoiceFileId: agencyContractInvoices.fileId,
      agencyContractId: agencyContracts.id,
      clientId: agencyContracts.clientId,
      merchantName: agencies.name,
      secretKey: agencies.payPlugSecretKey,
    })
    .from(invoicePayments)
    .innerJoin(agencyContractInvoices, eq(agencyContractInvoices.id, invoicePayments.invoiceId))
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractInvoices.agencyContractId))
    .innerJoin(agencies, eq(agencies.id, agencyContracts.agencyId))
    .where(where);
  if (!row) return null;
  const { merchantName, secretKey, ...payment } = row;
  return { ...payment, merchant: { merchantName, secretKey } };
}

export type ApplyOutcome = 'paid' | 'refund_due' | 'failed' | 'cancelled' | 'unchanged' | 'duplicate';

/** Statuses a capture may still land on: any but those already captured. */
const notCaptured = () => notInArray(invoicePayments.status, ['paid', 'refund_due']);

/**
 * Applies what the provider said (fetched back, never a notification body) to our payment.
 * Idempotent on both databases without locks:
 * - with an `eventId` (a notification), the `webhook_events` unique key lets one delivery through;
 * - a failure moves a pending payment only; a capture lands on the payment whatever its status
 *   (pending, abandoned, failed, cancelled): the money was taken. It becomes `paid` when no other
 *   payment of the invoice is, `refund_due` otherwise (the `invoice_payments_one_paid` index
 *   decides between two captures at once); each by ONE conditional UPDATE whose winner alone
 *   writes the invoice and the agency's contact (itself deduplicated).
 * No network inside the short transactions.
 */
export async function applyProviderPayment(
  db: Db,
  log: FastifyBaseLogger,
  payment: PaymentContext,
  remote: ProviderPayment,
  eventId?: string,
): Promise<ApplyOutcome> {
  const metadataId = remote.metadata.invoicePaymentId;
  if (remote.amount !== payment.amount || (metadataId !== undefined && metadataId !== payment.id)) {
    log.error(
      { invoicePaymentId: payment.id, providerPaymentId: remote.id, amount: remote.amount, metadataId },
      'provider payment does not match our payment: not applied',
    );
    return 'unchanged';
  }
  if (!remote.isPaid && !remote.failureCode) return 'unchanged';
  if (!remote.isPaid) return applyFailure(db, payment, remote, eventId);
  let outcome: ApplyOutcome;
  try {
    outcome = await applyCapture(db, payment, remote, eventId, 'paid_if_first');
  } catch (err) {
    // Another payment of the invoice became paid in the same instant: this one is the second.
    if (!isUniqueViolation(err)) throw err;
    outcome = await applyCapture(db, payment, remote, eventId, 'refund_due');
  }
  if (outcome === 'refund_due') {
    log.warn(
      { invoicePaymentId: payment.id, invoiceId: payment.invoiceId, providerPaymentId: remote.id },
      'second successful payment of an invoice already paid: to be refunded by the agency',
    );
  }
  return outcome;
}

/** Inserts the notification's event; false when it was handled already. */
async function firstDelivery(tx: DbOrTx, provider: string, eventId: string | undefined) {
  if (!eventId) return true;
  const fresh = await tx
    .insert(webhookEvents)
    .values({ provider, eventId })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return fresh.length > 0;
}

async function applyFailure(db: Db, payment: PaymentContext, remote: ProviderPayment, eventId?: string) {
  const status = remote.failureCode === 'aborted' ? 'cancelled' : 'failed';
  return db.transaction(async (tx): Promise<ApplyOutcome> => {
    if (!(await firstDelivery(tx, payment.provider, eventId))) return 'duplicate';
    const moved = await tx
      .update(invoicePayments)
      .set({ status, providerPaymentId: remote.id })
      .where(and(eq(invoicePayments.id, payment.id), eq(invoicePayments.status, 'pending')))
      .returning({ id: invoicePayments.id });
    if (moved.length === 0) return 'unchanged';
    await publishLiveEvent(tx, { kind: 'extranet', clientId: payment.clientId });
    return status;
  });
}

async function applyCapture(
  db: Db,
  payment: PaymentContext,
  remote: ProviderPayment,
  eventId: string | undefined,
  mode: 'paid_if_first' | 'refund_due',
) {
  const now = new Date();
  const paymentDate = frenchToday(now);
  const contactData = {
    invoiceNumber: payment.invoiceNumber,
    amountIncludingTax: payment.amount,
    paymentDate,
    invoiceFileId: payment.invoiceFileId,
  };
  const outcome = await db.transaction(async (tx): Promise<ApplyOutcome> => {
    if (!(await firstDelivery(tx, payment.provider, eventId))) return 'duplicate';
    if (mode === 'paid_if_first') {
      const won = await tx
        .update(invoicePayments)
        .set({ status: 'paid', paidAt: now, providerPaymentId: remote.id })
        .where(
          and(
            eq(invoicePayments.id, payment.id),
            notCaptured(),
            sql`not exists (select 1 from invoice_payments o where o.invoice_id = ${payment.invoiceId} and o.status = 'paid')`,
          ),
        )
        .returning({ id: invoicePayments.id });
      if (won.length > 0) {
        // The agency's accounting sets what is left to pay; the invoice shows "paid, awaiting validation".
        await tx
          .update(agencyContractInvoices)
          .set({ isPaidLocally: true, paymentMean: ONLINE_PAYMENT_MEAN, paymentDate })
          .where(eq(agencyContractInvoices.id, payment.invoiceId));
        await recordContractContact(tx, {
          agencyContractId: payment.agencyContractId,
          type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
          data: contactData,
          dedupeKey: `payment:${payment.id}`,
        });
        await publishLiveEvent(tx, { kind: 'extranet', clientId: payment.clientId });
        return 'paid';
      }
    }
    // The invoice was already paid online: the money is kept on record for the agency to refund.
    const due = await tx
      .update(invoicePayments)
      .set({ status: 'refund_due', paidAt: now, providerPaymentId: remote.id })
      .where(and(eq(invoicePayments.id, payment.id), notCaptured()))
      .returning({ id: invoicePayments.id });
    if (due.length === 0) return 'unchanged';
    await recordContractContact(tx, {
      agencyContractId: payment.agencyContractId,
      type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
      data: { ...contactData, refundDue: true, providerPaymentId: remote.id },
      dedupeKey: `refund:${payment.id}`,
    });
    await publishLiveEvent(tx, { kind: 'extranet', clientId: payment.clientId });
    return 'refund_due';
  });
  // Counted once committed, by the one delivery that moved the payment.
  if (outcome === 'paid' || outcome === 'refund_due') domainMetrics.paymentsCompleted.inc();
  return outcome;
}

/**
 * Payments whose provider may still capture them: a status answer fetches them back first.
 * Paid, refund due and cancelled (by the customer at the provider) are final.
 */
const REFRESHABLE_STATUSES = ['pending', 'abandoned', 'failed'];

/**
 * Before answering a status: a payment the provider may still capture is fetched back, so a
 * notification that never arrived still resolves. A provider failure leaves it as it was.
 */
export async function refreshPendingPayment(
  db: Db,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  payment: PaymentContext,
): Promise<string> {
  if (!REFRESHABLE_STATUSES.includes(payment.status) || !payment.providerPaymentId) return payment.status;
  const provider = providers.get(payment.provider);
  if (!provider) return payment.status;
  try {
    const remote = await provider.retrievePayment(payment.providerPaymentId, payment.merchant);
    if (!remote) return payment.status;
    const outcome = await applyProviderPayment(db, log, payment, remote);
    if (outcome === 'paid' || outcome === 'refund_due' || outcome === 'failed' || outcome === 'cancelled') return outcome;
  } catch (err) {
    log.warn({ err, invoicePaymentId: payment.id }, 'payment status: provider unreachable, left as it was');
    return payment.status;
  }
  const [row] = await db
    .select({ status: invoicePayments.status })
    .from(invoicePayments)
    .where(eq(invoicePayments.id, payment.id));
  return row?.status ?? payment.status;
}

export interface PaymentNotification {
  id: string;
  object?: string;
  metadata?: Record<string, unknown> | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type NotificationOutcome = ApplyOutcome | 'ignored';

/**
 * A provider's notification (`POST /payment-notifications/{provider}`, and the sandbox page in
 * process). The body is only a hint: its payment id is looked up among ours, the payment is
 * fetched back from the provider with the agency's credentials, and only that answer is applied.
 * Throws when the provider cannot be reached (the route answers 503 so that it is sent again).
 */
export async function handlePaymentNotification(
  db: Db,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  providerName: string,
  body: PaymentNotification,
): Promise<NotificationOutcome> {
  const provider = providers.get(providerName);
  if (!provider) return 'ignored';
  // PayPlug also notifies refunds and other objects: only payments concern us.
  if (body.object !== undefined && body.object !== 'payment') return 'ignored';

  let payment = await findPaymentContext(
    db,
    and(eq(invoicePayments.provider, provider.name), eq(invoicePayments.providerPaymentId, body.id)) as SQL,
  );
  // A notification may overtake the recording of the provider's id: the metadata names our
  // payment, which the fetched-back payment must confirm (applyProviderPayment checks it).
  const claimed = body.metadata?.invoicePaymentId;
  if (!payment && typeof claimed === 'string' && UUID.test(claimed)) {
    payment = await findPaymentContext(
      db,
      and(
        eq(invoicePayments.id, claimed),
        eq(invoicePayments.provider, provider.name),
        isNull(invoicePayments.providerPaymentId),
      ) as SQL,
    );
  }
  if (!payment) {
    log.warn({ provider: providerName, providerPaymentId: body.id }, 'payment notification for an unknown payment');
    return 'ignored';
  }
  const remote = await provider.retrievePayment(body.id, payment.merchant);
  if (!remote || remote.id !== body.id) {
    log.warn({ provider: providerName, providerPaymentId: body.id }, 'payment notification: the provider does not know it');
    return 'ignored';
  }
  if (remote.metadata.invoicePaymentId === undefined && payment.providerPaymentId !== remote.id) return 'ignored';
  const state = remote.isPaid ? 'paid' : (remote.failureCode ?? 'pending');
  return applyProviderPayment(db, log, payment, remote, `${remote.id}:${state}`);
}
