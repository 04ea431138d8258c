import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildContract, buildInvoice } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { agencyContractInvoices, contacts, invoicePayments, sandboxPayments, webhookEvents } from '../../db/schema/index.js';
import { STALE_CREATION_MS } from './payments.js';

/** Issue 6 §3: one payment in progress per invoice, and a capture of a paid invoice kept for a refund. */
const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];

async function call(who: Who | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url: `/api${url}`, headers: who ? await t.authHeader(who) : {}, payload: payload as never });
}

let seq = 0;
async function invoiceToPay() {
  const agency = await t.buildAgency({ name: 'Chauffage Martin Lille' });
  const client = await t.buildClient({ agencyIds: [agency.id] });
  const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
  const number = `FA-ONE-${Date.now().toString(36)}-${++seq}`;
  const invoice = await buildInvoice(t, { agencyContractId: contract.id, number, leftToPayIncludingTax: 18_900, withFile: true });
  return { agency, client, contract, invoice };
}

const initialize = (who: Who, invoiceId: number) =>
  call(who, 'POST', `/agency-contract-invoices/${invoiceId}:initialize-payment`);
const paymentsOf = (invoiceId: number) => t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
/** The provider's side: every sandbox payment made for this invoice. */
const sandboxPaymentsOf = (invoiceNumber: string) =>
  t.db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, invoiceNumber));
const paidContactsOf = (agencyId: number) =>
  t.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.agencyId, agencyId), eq(contacts.type, 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT')));
// The sandbox's page is a path of this server (the host the payment was started from).
const sandboxIdOf = (url: string) => new URL(url, 'http://localhost').pathname.split('/').pop()!;
const pagePay = (url: string) => t.app.inject({ method: 'POST', url: `${new URL(url, 'http://localhost').pathname}:pay` });
const notifySandbox = (id: string) => call(null, 'POST', '/payment-notifications/sandbox', { id, object: 'payment' });
const paidAtSandbox = (id: string) =>
  t.db.update(sandboxPayments).set({ status: 'paid', paidAt: new Date() }).where(eq(sandboxPayments.id, id));
const webhookEventCount = async () => (await t.db.select({ n: count() }).from(webhookEvents))[0]!.n;

describe('one payment in progress per invoice', () => {
  it('50 concurrent starts make one provider payment, answer one page, and it is paid once', async () => {
    const { agency, client, invoice } = await invoiceToPay();
    const answers = await Promise.all(Array.from({ length: 50 }, () => initialize(client, invoice.id)));

    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    // A start that waited too long for the page being created answers 409, never another page.
    for (const other of answers.filter((a) => a.statusCode !== 200)) expect(other.json().code).toBe('conflict');
    const urls = new Set(ok.map((a) => a.json().url as string));
    expect(urls.size).toBe(1);

    const payments = await paymentsOf(invoice.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.status).toBe('pending');
    const atProvider = await sandboxPaymentsOf(invoice.number);
    expect(atProvider).toHaveLength(1);
    const [url] = urls;
    expect(atProvider[0]!.id).toBe(sandboxIdOf(url!));
    expect(payments[0]!.providerPaymentId).toBe(atProvider[0]!.id);

    expect((await pagePay(url!)).statusCode).toBe(303);
    expect((await paymentsOf(invoice.id)).map((p) => p.status)).toEqual(['paid']);
    expect(await paidContactsOf(agency.id)).toHaveLength(1);
    const [row] = await t.db.select().from(agencyContractInvoices).where(eq(agencyContractInvoices.id, invoice.id));
    expect(row!.isPaidLocally).toBe(true);
    const again = await initialize(client, invoice.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('payment_already_succeeded');
  });

  it('a later start answers the same page; once finished at the provider, a new payment replaces it', async () => {
    const { client, invoice } = await invoiceToPay();
    const first = (await initialize(client, invoice.id)).json().url as string;
    expect((await initialize(client, invoice.id)).json().url).toBe(first);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);

    // Cancelled at the provider, the notification lost: the next start brings it up to date.
    await t.db
      .update(sandboxPayments)
      .set({ status: 'cancelled' })
      .where(eq(sandboxPayments.id, sandboxIdOf(first)));
    const second = await initialize(client, invoice.id);
    expect(second.statusCode).toBe(200);
    expect(second.json().url).not.toBe(first);
    const statuses = Object.fromEntries((await paymentsOf(invoice.id)).map((p) => [p.providerPaymentId, p.status]));
    expect(statuses).toEqual({ [sandboxIdOf(first)]: 'cancelled', [sandboxIdOf(second.json().url)]: 'pending' });
  });

  it('a start finds the payment in progress paid at the provider: payment_already_succeeded, paid once', async () => {
    const { agency, client, invoice } = await invoiceToPay();
    const url = (await initialize(client, invoice.id)).json().url as string;
    await paidAtSandbox(sandboxIdOf(url));
    const res = await initialize(client, invoice.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('payment_already_succeeded');
    expect((await paymentsOf(invoice.id)).map((p) => p.status)).toEqual(['paid']);
    expect(await paidContactsOf(agency.id)).toHaveLength(1);
  });

  it('what is left to pay changed: the payment in progress is abandoned for a new one of the new amount', async () => {
    const { client, invoice } = await invoiceToPay();
    const first = (await initialize(client, invoice.id)).json().url as string;
    await t.db
      .update(agencyContractInvoices)
      .set({ leftToPayIncludingTax: 9_000 })
      .where(eq(agencyContractInvoices.id, invoice.id));
    const second = (await initialize(client, invoice.id)).json().url as string;
    expect(second).not.toBe(first);
    const rows = await paymentsOf(invoice.id);
    expect(rows.map((p) => [p.status, p.amount]).sort()).toEqual([
      ['abandoned', 18_900],
      ['pending', 9_000],
    ]);
  });

  it('a payment left without provider id by a crash is marked failed after 2 minutes and replaced', async () => {
    const { client, contract, invoice } = await invoiceToPay();
    const [left] = await t.db
      .insert(invoicePayments)
      .values({
        invoiceId: invoice.id,
        provider: 'sandbox',
        amount: 18_900,
        emailAddress: contract.emailAddress ?? 'x@exemple.fr',
        createdAt: new Date(Date.now() - STALE_CREATION_MS - 1_000),
      })
      .returning();
    const res = await initialize(client, invoice.id);
    expect(res.statusCode).toBe(200);
    const rows = await paymentsOf(invoice.id);
    expect(rows.find((p) => p.id === left!.id)!.status).toBe('failed');
    expect(rows.find((p) => p.id !== left!.id)).toMatchObject({
      status: 'pending',
      providerPaymentId: sandboxIdOf(res.json().url),
    });
  });

  it('answers 409 while another start is still creating the payment (after a short wait)', async () => {
    const { client, contract, invoice } = await invoiceToPay();
    await t.db.insert(invoicePayments).values({
      invoiceId: invoice.id,
      provider: 'sandbox',
      amount: 18_900,
      emailAddress: contract.emailAddress ?? 'x@exemple.fr',
    });
    const res = await initialize(client, invoice.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'conflict',
      message: 'Un paiement de cette facture est en cours de préparation, réessayez dans un instant.',
    });
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect(await sandboxPaymentsOf(invoice.number)).toEqual([]);
  });
});

describe('a capture for an invoice already paid', () => {
  /** Pays the invoice with a first payment, after an older one was abandoned (still open at the provider). */
  async function paidWithAnAbandonedOne() {
    const ctx = await invoiceToPay();
    const oldUrl = (await initialize(ctx.client, ctx.invoice.id)).json().url as string;
    // What migration 0004 did to the older of two payments in progress.
    await t.db
      .update(invoicePayments)
      .set({ status: 'abandoned' })
      .where(eq(invoicePayments.providerPaymentId, sandboxIdOf(oldUrl)));
    const newUrl = (await initialize(ctx.client, ctx.invoice.id)).json().url as string;
    expect(newUrl).not.toBe(oldUrl);
    return { ...ctx, oldUrl, newUrl };
  }

  const refundContacts = async (agencyId: number) =>
    (await paidContactsOf(agencyId)).filter((c) => (c.data as { refundDue?: boolean }).refundDue === true);

  it('is recorded as refund due, with one contact for the agency, and the return page says so', async () => {
    const { agency, client, contract, invoice, oldUrl, newUrl } = await paidWithAnAbandonedOne();
    expect((await pagePay(newUrl)).statusCode).toBe(303);
    // The customer pays the old page too (another tab); the sandbox notifies us.
    expect((await pagePay(oldUrl)).statusCode).toBe(303);
    // Notified again, and twice at once: nothing more.
    await notifySandbox(sandboxIdOf(oldUrl));
    await Promise.all([notifySandbox(sandboxIdOf(oldUrl)), notifySandbox(sandboxIdOf(oldUrl))]);

    const old = (await paymentsOf(invoice.id)).find((p) => p.providerPaymentId === sandboxIdOf(oldUrl))!;
    expect(old).toMatchObject({ status: 'refund_due', amount: 18_900, paidAt: expect.any(Date) });
    const refunds = await refundContacts(agency.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      dedupeKey: `refund:${old.id}`,
      data: {
        agencyContractId: contract.id,
        invoiceNumber: invoice.number,
        amountIncludingTax: 18_900,
        refundDue: true,
        providerPaymentId: sandboxIdOf(oldUrl),
      },
    });
    expect(await paidContactsOf(agency.id)).toHaveLength(2);

    const status = await call(client, 'GET', `/invoice-payments/${old.id}/payment-status`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ is_paid: true, status: 'refund_due', invoiceId: invoice.id, agencyContractId: contract.id });
  });

  it('two captures notified at once: one paid, one refund due (the database decides)', async () => {
    const { agency, invoice, oldUrl, newUrl } = await paidWithAnAbandonedOne();
    await paidAtSandbox(sandboxIdOf(oldUrl));
    await paidAtSandbox(sandboxIdOf(newUrl));
    const answers = await Promise.all([
      notifySandbox(sandboxIdOf(oldUrl)),
      notifySandbox(sandboxIdOf(newUrl)),
      notifySandbox(sandboxIdOf(oldUrl)),
      notifySandbox(sandboxIdOf(newUrl)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await paymentsOf(invoice.id)).map((p) => p.status).sort()).toEqual(['paid', 'refund_due']);
    expect(await paidContactsOf(agency.id)).toHaveLength(2);
    expect(await refundContacts(agency.id)).toHaveLength(1);
  });

  it('a capture of a payment marked failed or abandoned still pays an unpaid invoice', async () => {
    const { agency, client, invoice } = await invoiceToPay();
    const url = (await initialize(client, invoice.id)).json().url as string;
    await t.db.update(invoicePayments).set({ status: 'failed' }).where(eq(invoicePayments.invoiceId, invoice.id));
    await paidAtSandbox(sandboxIdOf(url));
    // The return page fetches it back even without a notification.
    const [payment] = await paymentsOf(invoice.id);
    const status = await call(client, 'GET', `/invoice-payments/${payment!.id}/payment-status`);
    expect(status.json()).toMatchObject({ is_paid: true, status: 'paid' });
    await notifySandbox(sandboxIdOf(url));
    expect((await paymentsOf(invoice.id)).map((p) => p.status)).toEqual(['paid']);
    expect(await paidContactsOf(agency.id)).toHaveLength(1);
    expect(await refundContacts(agency.id)).toEqual([]);
  });
});

describe('forged sandbox payment notifications', () => {
  it('record nothing for 20 made-up payment ids', async () => {
    const { client, invoice } = await invoiceToPay();
    await initialize(client, invoice.id);
    const [payment] = await paymentsOf(invoice.id);
    const before = await webhookEventCount();
    const made = Array.from({ length: 20 }, (_, i) => `sbx_${String(i).padStart(24, 'Z')}`);
    const answers = await Promise.all(
      made.map((id, i) =>
        call(null, 'POST', '/payment-notifications/sandbox', {
          id: i % 2 ? id : `evt_${i}`,
          object: 'payment',
          // Naming one of our payments does not help: the provider does not know the id.
          metadata: { invoicePaymentId: payment!.id },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(made.map(() => 200));
    expect(await webhookEventCount()).toBe(before);
    // Exactly the made-up ids: a real sandbox id may start with "sbx_Z" too.
    const events = await t.db.select({ eventId: webhookEvents.eventId }).from(webhookEvents);
    expect(events.filter((e) => made.some((id) => e.eventId.startsWith(`${id}:`)) || e.eventId.startsWith('evt_'))).toEqual([]);
    expect((await paymentsOf(invoice.id))[0]!.status).toBe('pending');
  });
});
