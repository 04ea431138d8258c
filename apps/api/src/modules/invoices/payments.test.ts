import { ONLINE_PAYMENT_MEAN, PAYMENT_AMOUNT_MAX_CENTS, PAYMENT_AMOUNT_MIN_CENTS } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildContract, buildInvoice } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { agencyContractInvoices, contacts, invoicePayments, sandboxPayments, webhookEvents } from '../../db/schema/index.js';
import { formatEuros, frenchToday } from '../../lib/french.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];

async function call(who: Who | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url: `/api${url}`, headers: who ? await t.authHeader(who) : {}, payload: payload as never });
}

/** A customer with one invoice to pay (189,00 € left by default). */
async function invoiceToPay(values: Partial<Parameters<typeof buildInvoice>[1]> = {}, contractValues = {}) {
  const agency = await t.buildAgency({ name: 'Chauffage Martin Lille' });
  const client = await t.buildClient({ agencyIds: [agency.id] });
  const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id, ...contractValues });
  const invoice = await buildInvoice(t, {
    agencyContractId: contract.id,
    leftToPayIncludingTax: 18_900,
    withFile: true,
    ...values,
  });
  return { agency, client, contract, invoice };
}

const initialize = (who: Who | null, invoiceId: number, payload?: unknown) =>
  call(who, 'POST', `/agency-contract-invoices/${invoiceId}:initialize-payment`, payload);

const paymentsOf = (invoiceId: number) => t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
const paidContactsOf = (agencyId: number) =>
  t.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.agencyId, agencyId), eq(contacts.type, 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT')));
const invoiceRow = async (id: number) =>
  (await t.db.select().from(agencyContractInvoices).where(eq(agencyContractInvoices.id, id)))[0]!;
const sandboxIdOf = (url: string) => new URL(url, 'http://localhost:3000').pathname.split('/').pop()!;
const notifySandbox = (payload: unknown) => call(null, 'POST', '/payment-notifications/sandbox', payload);

describe('POST /api/agency-contract-invoices/{id}:initialize-payment', () => {
  it('records a pending payment of what is left to pay and answers the sandbox page', async () => {
    const { client, contract, invoice } = await invoiceToPay();
    const res = await initialize(client, invoice.id);
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    // A path: the browser stays on the host the payment was started from.
    expect(url).toMatch(/^\/api\/payment-sandbox\/sbx_[A-Za-z0-9]{24}$/);

    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({
      provider: 'sandbox',
      providerPaymentId: sandboxIdOf(url),
      amount: 18_900,
      emailAddress: contract.emailAddress,
      status: 'pending',
      paidAt: null,
    });
    const [sandbox] = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, sandboxIdOf(url)));
    expect(sandbox).toMatchObject({
      amount: 18_900,
      merchantName: 'Chauffage Martin Lille',
      reference: invoice.number,
      returnUrl: `http://localhost:3000/extranet/payment-return?id=${payment!.id}`,
      cancelUrl: 'http://localhost:3000/extranet/payment-cancel',
      notificationUrl: 'http://localhost:3000/api/payment-notifications/sandbox',
      metadata: { invoicePaymentId: payment!.id },
      status: 'pending',
    });
  });

  it('accepts an empty JSON object as payload and pays with the account email when the contract has none', async () => {
    const { client, invoice } = await invoiceToPay({}, { emailAddress: null });
    const res = await initialize(client, invoice.id, {});
    expect(res.statusCode).toBe(200);
    expect((await paymentsOf(invoice.id))[0]!.emailAddress).toBe(client.emailAddress);
  });

  it('answers nothing_to_pay when nothing is left or the invoice is paid locally', async () => {
    const zero = await invoiceToPay({ leftToPayIncludingTax: 0 });
    const local = await invoiceToPay({ isPaidLocally: true, paymentMean: 'Chèque' });
    for (const { client, invoice } of [zero, local]) {
      const res = await initialize(client, invoice.id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'nothing_to_pay', message: expect.stringContaining('rien à payer') });
      expect(await paymentsOf(invoice.id)).toEqual([]);
    }
  });

  it('answers amount_too_low under 0,99 € and amount_too_high over 20 000 €, and accepts both bounds', async () => {
    const low = await invoiceToPay({ leftToPayIncludingTax: PAYMENT_AMOUNT_MIN_CENTS - 1 });
    const lowRes = await initialize(low.client, low.invoice.id);
    expect(lowRes.statusCode).toBe(400);
    expect(lowRes.json()).toEqual({ code: 'amount_too_low', message: expect.stringContaining('0,99') });

    const high = await invoiceToPay({ leftToPayIncludingTax: PAYMENT_AMOUNT_MAX_CENTS + 1 });
    const highRes = await initialize(high.client, high.invoice.id);
    expect(highRes.statusCode).toBe(400);
    expect(highRes.json()).toEqual({ code: 'amount_too_high', message: expect.stringContaining('20') });
    expect(await paymentsOf(low.invoice.id)).toEqual([]);
    expect(await paymentsOf(high.invoice.id)).toEqual([]);

    for (const amount of [PAYMENT_AMOUNT_MIN_CENTS, PAYMENT_AMOUNT_MAX_CENTS]) {
      const ok = await invoiceToPay({ leftToPayIncludingTax: amount });
      expect((await initialize(ok.client, ok.invoice.id)).statusCode).toBe(200);
      expect((await paymentsOf(ok.invoice.id))[0]!.amount).toBe(amount);
    }
  });

  it('answers invalid_payment_email when the contract email is not an address', async () => {
    const { client, invoice } = await invoiceToPay({}, { emailAddress: 'jeanne.durand@' });
    const res = await initialize(client, invoice.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_payment_email', message: expect.stringContaining('email') });
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });

  it('answers validation_failed to an unexpected payload', async () => {
    const { client, invoice } = await invoiceToPay();
    const res = await initialize(client, invoice.id, { amount: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });

  it('answers 404 for another customer’s invoice or an unknown one, 403 to staff, 401 anonymous', async () => {
    const { invoice } = await invoiceToPay();
    const other = await invoiceToPay();
    expect((await initialize(other.client, invoice.id)).statusCode).toBe(404);
    expect((await initialize(other.client, 999_999)).statusCode).toBe(404);
    expect((await initialize(await t.buildAdmin({ roleId: 1 }), invoice.id)).statusCode).toBe(403);
    expect((await initialize(null, invoice.id)).statusCode).toBe(401);
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });
});

describe('sandbox payment, from the invoice to the agency’s contact', () => {
  it('pays through the hosted page: paid payment, invoice paid locally "CB en ligne", one contact', async () => {
    const { agency, client, contract, invoice } = await invoiceToPay({ number: 'FA-2026-042', leftToPayIncludingTax: 123_456 });
    const { url } = (await initialize(client, invoice.id)).json();
    const path = new URL(url, 'http://localhost:3000').pathname;

    // The hosted page needs no sign-in, like a provider's.
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://localhost:3000");
    expect(page.body).toContain(formatEuros(123_456));
    expect(formatEuros(123_456)).toMatch(/^1\s?234,56\s€$/);
    expect(page.body).toContain('TTC');
    expect(page.body).toContain('FA-2026-042');
    expect(page.body).toContain('Chauffage Martin Lille');
    expect(page.body).toContain(`action="${path}:pay"`);
    expect(page.body).toContain(`action="${path}:cancel"`);

    // The browser posts the plain HTML form.
    const pay = await t.app.inject({
      method: 'POST',
      url: `${path}:pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    const [payment] = await paymentsOf(invoice.id);
    expect(pay.headers.location).toBe(`/extranet/payment-return?id=${payment!.id}`);
    expect(payment).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });

    const status = await call(client, 'GET', `/invoice-payments/${payment!.id}/payment-status`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ is_paid: true, status: 'paid', invoiceId: invoice.id, agencyContractId: contract.id });
    expect((await call(client, 'GET', `/agency-contract-invoices/${invoice.id}/payment-status`)).json()).toEqual({
      is_paid: true,
    });

    const paidInvoice = await invoiceRow(invoice.id);
    expect(paidInvoice).toMatchObject({
      isPaidLocally: true,
      paymentMean: ONLINE_PAYMENT_MEAN,
      paymentDate: frenchToday(),
      leftToPayIncludingTax: 123_456, // the agency's accounting settles it
    });
    const contactRows = await paidContactsOf(agency.id);
    expect(contactRows).toHaveLength(1);
    expect(contactRows[0]).toMatchObject({
      clientId: client.id,
      dedupeKey: `payment:${payment!.id}`,
      data: {
        agencyContractId: contract.id,
        invoiceNumber: 'FA-2026-042',
        amountIncludingTax: 123_456,
        paymentDate: frenchToday(),
        invoiceFileId: invoice.fileId,
      },
    });

    // Paying again: the page says so, a second start is refused.
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.body).toContain('déjà été effectué');
    expect(again.body).not.toContain(`action="${path}:pay"`);
    const second = await initialize(client, invoice.id);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ code: 'payment_already_succeeded', message: expect.any(String) });
    // A second click on "Payer" changes nothing.
    const replay = await t.app.inject({ method: 'POST', url: `${path}:pay` });
    expect(replay.statusCode).toBe(303);
    expect(await paidContactsOf(agency.id)).toHaveLength(1);
  });

  it('cancels through the hosted page: back to the cancel page, nothing paid', async () => {
    const { agency, client, invoice } = await invoiceToPay();
    const { url } = (await initialize(client, invoice.id)).json();
    const path = new URL(url, 'http://localhost:3000').pathname;

    const cancel = await t.app.inject({
      method: 'POST',
      url: `${path}:cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe('/extranet/payment-cancel');

    const [payment] = await paymentsOf(invoice.id);
    expect(payment!.status).toBe('cancelled');
    const status = await call(client, 'GET', `/invoice-payments/${payment!.id}/payment-status`);
    expect(status.json()).toMatchObject({ is_paid: false, status: 'cancelled' });
    expect((await call(client, 'GET', `/agency-contract-invoices/${invoice.id}/payment-status`)).json()).toEqual({
      is_paid: false,
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ isPaidLocally: false, paymentMean: null, paymentDate: null });
    expect(await paidContactsOf(agency.id)).toEqual([]);
    // "Payer" after "Annuler" is refused by the page: back to the cancel URL.
    const late = await t.app.inject({ method: 'POST', url: `${path}:pay` });
    expect(late.headers.location).toBe('/extranet/payment-cancel');
    expect((await paymentsOf(invoice.id))[0]!.status).toBe('cancelled');
    // The customer may start again.
    expect((await initialize(client, invoice.id)).statusCode).toBe(200);
  });

  it('brings a customer who started on another host of the server (127.0.0.1) back to that host, not to PUBLIC_URL', async () => {
    const { client, invoice } = await invoiceToPay();
    const here = { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' };
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/agency-contract-invoices/${invoice.id}:initialize-payment`,
      headers: { ...(await t.authHeader(client)), ...here },
    });
    const { url } = started.json();
    // Resolved by the browser against the page it is on: the sandbox page of the same host.
    expect(new URL(url, 'http://127.0.0.1:3000/extranet').origin).toBe('http://127.0.0.1:3000');
    const path = new URL(url, 'http://127.0.0.1:3000').pathname;
    const page = await t.app.inject({ method: 'GET', url: path, headers: here });
    expect(page.body).not.toContain('localhost');
    const pay = await t.app.inject({
      method: 'POST',
      url: `${path}:pay`,
      headers: { ...here, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const [payment] = await paymentsOf(invoice.id);
    expect(new URL(pay.headers.location as string, 'http://127.0.0.1:3000/api/payment-sandbox/x').href).toBe(
      `http://127.0.0.1:3000/extranet/payment-return?id=${payment!.id}`,
    );
    // Its page, once paid, links back to the same host too.
    const after = await t.app.inject({ method: 'GET', url: path, headers: here });
    expect(after.body).toContain(`href="/extranet/payment-return?id=${payment!.id}"`);
  });

  it('answers 404 for an unknown sandbox payment', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment-sandbox/sbx_AAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/payment-notifications/{provider}', () => {
  /** A started payment the provider (the sandbox store) reports as paid, without notifying yet. */
  async function paidAtProvider() {
    const ctx = await invoiceToPay();
    const { url } = (await initialize(ctx.client, ctx.invoice.id)).json();
    const sandboxId = sandboxIdOf(url);
    await t.db.update(sandboxPayments).set({ status: 'paid', paidAt: new Date() }).where(eq(sandboxPayments.id, sandboxId));
    return { ...ctx, sandboxId };
  }

  it('applies the same notification once however often it arrives (one paid payment, one contact)', async () => {
    const { agency, invoice, sandboxId } = await paidAtProvider();
    const first = await notifySandbox({ id: sandboxId, object: 'payment' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const again = await notifySandbox({ id: sandboxId, object: 'payment' });
    expect(again.statusCode).toBe(200);
    // And concurrently.
    await Promise.all([1, 2, 3].map(() => notifySandbox({ id: sandboxId, object: 'payment' })));

    const payments = await paymentsOf(invoice.id);
    expect(payments.map((p) => p.status)).toEqual(['paid']);
    expect(await paidContactsOf(agency.id)).toHaveLength(1);
    const events = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, `${sandboxId}:paid`));
    expect(events).toHaveLength(1);
    expect((await invoiceRow(invoice.id)).isPaidLocally).toBe(true);
  });

  it('ignores a forged notification for a payment the provider says is unpaid', async () => {
    const { agency, client, invoice } = await invoiceToPay();
    const { url } = (await initialize(client, invoice.id)).json();
    const sandboxId = sandboxIdOf(url);
    const [payment] = await paymentsOf(invoice.id);

    const forged = await notifySandbox({ id: sandboxId, object: 'payment', is_paid: true, amount: 18_900 });
    expect(forged.statusCode).toBe(200);
    expect((await paymentsOf(invoice.id))[0]!.status).toBe('pending');
    expect(await invoiceRow(invoice.id)).toMatchObject({ isPaidLocally: false, paymentMean: null });
    expect(await paidContactsOf(agency.id)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.eventId, `${sandboxId}:paid`)),
    ).toEqual([]);

    // Unknown ids, and metadata naming our payment with another provider id, change nothing either.
    expect((await notifySandbox({ id: 'sbx_BBBBBBBBBBBBBBBBBBBBBBBB' })).statusCode).toBe(200);
    expect(
      (await notifySandbox({ id: 'sbx_CCCCCCCCCCCCCCCCCCCCCCCC', metadata: { invoicePaymentId: payment!.id } })).statusCode,
    ).toBe(200);
    expect((await paymentsOf(invoice.id))[0]!).toMatchObject({ status: 'pending', providerPaymentId: sandboxId });

    // The real payment later still goes through: the forged one did not use up the event.
    await t.db.update(sandboxPayments).set({ status: 'paid' }).where(eq(sandboxPayments.id, sandboxId));
    await notifySandbox({ id: sandboxId });
    expect((await paymentsOf(invoice.id))[0]!.status).toBe('paid');
    expect(await paidContactsOf(agency.id)).toHaveLength(1);
  });

  it('ignores other provider objects (a refund) and answers validation_failed without an id', async () => {
    const { invoice, sandboxId } = await paidAtProvider();
    expect((await notifySandbox({ id: sandboxId, object: 'refund' })).statusCode).toBe(200);
    expect((await paymentsOf(invoice.id))[0]!.status).toBe('pending');

    const noId = await notifySandbox({ object: 'payment' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().code).toBe('validation_failed');
    expect((await call(null, 'POST', '/payment-notifications/stripe', { id: sandboxId })).statusCode).toBe(400);
  });
});

describe('payment status', () => {
  it('fetches a pending payment back from the provider when the notification was missed', async () => {
    const { agency, client, contract, invoice } = await invoiceToPay();
    const { url } = (await initialize(client, invoice.id)).json();
    const [payment] = await paymentsOf(invoice.id);

    const pending = await call(client, 'GET', `/invoice-payments/${payment!.id}/payment-status`);
    expect(pending.json()).toEqual({ is_paid: false, status: 'pending', invoiceId: invoice.id, agencyContractId: contract.id });
    expect((await call(client, 'GET', `/agency-contract-invoices/${invoice.id}/payment-status`)).json()).toEqual({
      is_paid: false,
    });

    // Paid at the provider, no notification: the status call resolves it, once.
    await t.db
      .update(sandboxPayments)
      .set({ status: 'paid' })
      .where(eq(sandboxPayments.id, sandboxIdOf(url)));
    expect((await call(client, 'GET', `/agency-contract-invoices/${invoice.id}/payment-status`)).json()).toEqual({
      is_paid: true,
    });
    const byId = await call(client, 'GET', `/invoice-payments/${payment!.id}/payment-status`);
    expect(byId.json()).toMatchObject({ is_paid: true, status: 'paid' });
    await notifySandbox({ id: sandboxIdOf(url) });
    expect(await paidContactsOf(agency.id)).toHaveLength(1);
    expect((await invoiceRow(invoice.id)).isPaidLocally).toBe(true);
  });

  it('says an invoice paid locally or with nothing left is paid', async () => {
    const local = await invoiceToPay({ isPaidLocally: true });
    const zero = await invoiceToPay({ leftToPayIncludingTax: 0 });
    for (const { client, invoice } of [local, zero]) {
      expect((await call(client, 'GET', `/agency-contract-invoices/${invoice.id}/payment-status`)).json()).toEqual({
        is_paid: true,
      });
    }
  });

  it('answers 404 for another customer’s invoice or payment, 403 to staff, 401 anonymous, 400 to a bad id', async () => {
    const { client, invoice } = await invoiceToPay();
    await initialize(client, invoice.id);
    const [payment] = await paymentsOf(invoice.id);
    const other = await invoiceToPay();
    const admin = await t.buildAdmin({ roleId: 1 });

    for (const url of [
      `/agency-contract-invoices/${invoice.id}/payment-status`,
      `/invoice-payments/${payment!.id}/payment-status`,
    ]) {
      const theirs = await call(other.client, 'GET', url);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().code).toBe('not_found');
      expect((await call(admin, 'GET', url)).statusCode).toBe(403);
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    }
    expect((await call(client, 'GET', '/invoice-payments/00000000-0000-4000-8000-000000000000/payment-status')).statusCode).toBe(
      404,
    );
    const bad = await call(client, 'GET', '/invoice-payments/not-a-uuid/payment-status');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });
});

describe('OpenAPI', () => {
  it('lists the invoice, payment, notification and sandbox paths', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/agency-contract-invoices/mine',
      '/agency-contract-invoices/{id}/file',
      '/agency-contract-invoices/{id}:initialize-payment',
      '/agency-contract-invoices/{id}/payment-status',
      '/invoice-payments/{id}/payment-status',
      '/payment-notifications/{provider}',
      '/payment-sandbox/{id}',
    ]) {
      expect(
        paths.some((p) => p.replace(/\(.*?\)/g, '').endsWith(path)),
        path,
      ).toBe(true);
    }
  });
});
