import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildContract, buildInvoice } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { buildApp } from '../../app.js';
import { contacts, invoicePayments } from '../../db/schema/index.js';
import { createPaymentProviders, isSandboxEnabled } from '../../integrations/payment/index.js';

/**
 * A fake PayPlug API (node:http on a free port): records every request, creates payments and
 * reports them as the test sets them. The adapter never reaches the internet.
 */
interface FakePayment {
  id: string;
  amount: number;
  is_paid: boolean;
  failure: { code: string; message: string } | null;
  metadata: Record<string, string>;
}
const fake = {
  requests: [] as { method: string; url: string; headers: IncomingMessage['headers']; body: unknown }[],
  payments: new Map<string, FakePayment>(),
  failCreate: false,
  seq: 0,
};
const server = createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const body = raw ? JSON.parse(raw) : null;
    fake.requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
    const send = (status: number, json: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (req.headers.authorization !== 'Bearer sk_test_agence_lille')
      return send(401, { object: 'error', message: 'Unauthorized' });
    if (req.method === 'POST' && req.url === '/v1/payments') {
      if (fake.failCreate) return send(500, { object: 'error', message: 'Internal error' });
      const id = `pay_fake${++fake.seq}`;
      const payment = { id, amount: body.amount, is_paid: false, failure: null, metadata: body.metadata };
      fake.payments.set(id, payment);
      return send(201, {
        ...payment,
        object: 'payment',
        hosted_payment: { payment_url: `https://secure.payplug.test/pay/${id}` },
      });
    }
    const match = /^\/v1\/payments\/([^/]+)$/.exec(req.url ?? '');
    const payment = match && req.method === 'GET' ? fake.payments.get(decodeURIComponent(match[1]!)) : undefined;
    if (!payment) return send(404, { object: 'error', message: 'Not found' });
    return send(200, {
      ...payment,
      object: 'payment',
      hosted_payment: { payment_url: `https://secure.payplug.test/pay/${payment.id}` },
    });
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const t = await buildTestApp({ PAYMENT_PROVIDER: 'payplug', PAYPLUG_API_URL: apiUrl });

beforeEach(() => {
  fake.requests = [];
  fake.failCreate = false;
});

async function invoiceToPay(secretKey: string | null = 'sk_test_agence_lille') {
  const agency = await t.buildAgency({ name: 'Chauffage Martin Lille', payPlugSecretKey: secretKey });
  const client = await t.buildClient({ agencyIds: [agency.id], firstName: 'Jeanne', lastName: 'Durand' });
  const contract = await buildContract(t, {
    clientId: client.id,
    agencyId: agency.id,
    route: '12 rue Nationale',
    postalCode: '59000',
    locality: 'Lille',
    emailAddress: 'jeanne.durand@exemple.fr',
  });
  const invoice = await buildInvoice(t, { agencyContractId: contract.id, number: 'FA-2026-100', leftToPayIncludingTax: 25_000 });
  return { agency, client, contract, invoice, auth: await t.authHeader(client) };
}

const paymentOf = async (invoiceId: number) =>
  (await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId)))[0]!;
const paidContactsOf = (agencyId: number) =>
  t.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.agencyId, agencyId), eq(contacts.type, 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT')));
const notify = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/payment-notifications/payplug', payload: payload as never });

describe('PayPlug adapter', () => {
  it('creates the payment with the agency’s key and PayPlug’s fields, and answers its hosted page', async () => {
    const { invoice, auth } = await invoiceToPay();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/agency-contract-invoices/${invoice.id}:initialize-payment`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const payment = await paymentOf(invoice.id);
    expect(res.json()).toEqual({ url: `https://secure.payplug.test/pay/${payment.providerPaymentId}` });
    expect(payment).toMatchObject({
      provider: 'payplug',
      status: 'pending',
      amount: 25_000,
      providerPaymentId: expect.stringMatching(/^pay_fake/),
    });

    expect(fake.requests).toHaveLength(1);
    const [create] = fake.requests;
    expect(create).toMatchObject({ method: 'POST', url: '/v1/payments' });
    expect(create!.headers.authorization).toBe('Bearer sk_test_agence_lille');
    expect(create!.headers['payplug-version']).toBe('2019-08-06');
    const person = {
      first_name: 'Jeanne',
      last_name: 'Durand',
      email: 'jeanne.durand@exemple.fr',
      address1: '12 rue Nationale',
      postcode: '59000',
      city: 'Lille',
      country: 'FR',
      language: 'fr',
    };
    expect(create!.body).toEqual({
      amount: 25_000,
      currency: 'EUR',
      billing: person,
      shipping: { ...person, delivery_type: 'BILLING' },
      hosted_payment: {
        return_url: `http://localhost:3000/extranet/payment-return?id=${payment.id}`,
        cancel_url: 'http://localhost:3000/extranet/payment-cancel',
      },
      notification_url: 'http://localhost:3000/api/payment-notifications/payplug',
      metadata: { invoicePaymentId: payment.id, invoiceNumber: 'FA-2026-100' },
    });
  });

  it('refuses with a French message when the agency has no PayPlug key, before recording anything', async () => {
    const { invoice, auth } = await invoiceToPay(null);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/agency-contract-invoices/${invoice.id}:initialize-payment`,
      headers: auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'payment_unavailable',
      message: "Le paiement en ligne n'est pas disponible pour cette agence.",
    });
    expect(fake.requests).toEqual([]);
    expect(await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id))).toEqual([]);
  });

  it('concurrent starts create one PayPlug payment and answer its hosted page, fetched back', async () => {
    const { invoice, auth } = await invoiceToPay();
    const start = () =>
      t.app.inject({ method: 'POST', url: `/api/agency-contract-invoices/${invoice.id}:initialize-payment`, headers: auth });
    const answers = await Promise.all(Array.from({ length: 10 }, start));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const payment = await paymentOf(invoice.id);
    const url = `https://secure.payplug.test/pay/${payment.providerPaymentId}`;
    expect(answers.map((a) => a.json().url)).toEqual(answers.map(() => url));
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    // Later starts read the payment back from PayPlug with the agency's key.
    expect((await start()).json()).toEqual({ url });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', url: `/v1/payments/${payment.providerPaymentId}` });
    expect(await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id))).toHaveLength(1);
  });

  it('answers 502 and marks the payment failed when PayPlug fails', async () => {
    const { invoice, auth } = await invoiceToPay();
    fake.failCreate = true;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/agency-contract-invoices/${invoice.id}:initialize-payment`,
      headers: auth,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'internal_error', message: expect.stringContaining('indisponible') });
    expect(await paymentOf(invoice.id)).toMatchObject({ status: 'failed', providerPaymentId: null });
  });

  it('applies a notification only once PayPlug confirms it, and only once', async () => {
    const { agency, invoice, auth } = await invoiceToPay();
    await t.app.inject({ method: 'POST', url: `/api/agency-contract-invoices/${invoice.id}:initialize-payment`, headers: auth });
    const payment = await paymentOf(invoice.id);
    const id = payment.providerPaymentId!;
    fake.requests = [];

    // Forged: the body says paid, PayPlug says not.
    const forged = await notify({
      id,
      object: 'payment',
      is_paid: true,
      amount: 25_000,
      metadata: { invoicePaymentId: payment.id },
    });
    expect(forged.statusCode).toBe(200);
    expect(fake.requests).toMatchObject([{ method: 'GET', url: `/v1/payments/${id}` }]);
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk_test_agence_lille');
    expect((await paymentOf(invoice.id)).status).toBe('pending');
    expect(await paidContactsOf(agency.id)).toEqual([]);

    // Really paid: applied once, whatever the number of deliveries.
    fake.payments.get(id)!.is_paid = true;
    for (let i = 0; i < 3; i++) expect((await notify({ id, object: 'payment' })).statusCode).toBe(200);
    expect(await paymentOf(invoice.id)).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
    expect(await paidContactsOf(agency.id)).toHaveLength(1);

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/invoice-payments/${payment.id}/payment-status`,
      headers: auth,
    });
    expect(status.json()).toMatchObject({ is_paid: true, status: 'paid' });
  });

  it('marks a payment failed when PayPlug reports a failure, and cancelled when aborted', async () => {
    const failed = await invoiceToPay();
    await t.app.inject({
      method: 'POST',
      url: `/api/agency-contract-invoices/${failed.invoice.id}:initialize-payment`,
      headers: failed.auth,
    });
    const failedPayment = await paymentOf(failed.invoice.id);
    fake.payments.get(failedPayment.providerPaymentId!)!.failure = { code: 'card_declined', message: 'Refusée' };
    await notify({ id: failedPayment.providerPaymentId });
    expect((await paymentOf(failed.invoice.id)).status).toBe('failed');

    const aborted = await invoiceToPay();
    await t.app.inject({
      method: 'POST',
      url: `/api/agency-contract-invoices/${aborted.invoice.id}:initialize-payment`,
      headers: aborted.auth,
    });
    const abortedPayment = await paymentOf(aborted.invoice.id);
    fake.payments.get(abortedPayment.providerPaymentId!)!.failure = { code: 'aborted', message: 'Annulé' };
    // No notification: the status call fetches it back.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/invoice-payments/${abortedPayment.id}/payment-status`,
      headers: aborted.auth,
    });
    expect(status.json()).toMatchObject({ is_paid: false, status: 'cancelled' });
  });

  it('refuses a notification whose payment PayPlug reports with another amount', async () => {
    const { agency, invoice, auth } = await invoiceToPay();
    await t.app.inject({ method: 'POST', url: `/api/agency-contract-invoices/${invoice.id}:initialize-payment`, headers: auth });
    const payment = await paymentOf(invoice.id);
    Object.assign(fake.payments.get(payment.providerPaymentId!)!, { is_paid: true, amount: 100 });
    expect((await notify({ id: payment.providerPaymentId })).statusCode).toBe(200);
    expect((await paymentOf(invoice.id)).status).toBe('pending');
    expect(await paidContactsOf(agency.id)).toEqual([]);
  });

  it('has no sandbox page with PayPlug, even outside production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment-sandbox/sbx_AAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^Aucune route/);
  });
});

describe('PayPlug in production', () => {
  it('has no sandbox page and ignores sandbox notifications', async () => {
    // The same database, a production configuration.
    const config = { ...t.config, NODE_ENV: 'production' as const, PAYMENT_PROVIDER: 'payplug' as const };
    expect(isSandboxEnabled(config)).toBe(false);
    expect(createPaymentProviders(config, t.db).get('sandbox')).toBeNull();
    const database = {
      db: t.db,
      kind: 'pglite' as const,
      migrate: async () => {},
      ping: async () => true,
      close: async () => {},
      withConnection: () => Promise.reject(new Error('not used by this app')),
      listen: () => Promise.reject(new Error('not used by this app')),
    };
    const prod = await buildApp({ config, database, storage: t.storage, logger: false });
    try {
      const page = await prod.inject({ method: 'GET', url: '/api/payment-sandbox/sbx_AAAAAAAAAAAAAAAAAAAAAAAA' });
      expect(page.statusCode).toBe(404);
      expect(page.json().message).toMatch(/^Aucune route/);
      const notification = await prod.inject({
        method: 'POST',
        url: '/api/payment-notifications/sandbox',
        payload: { id: 'sbx_AAAAAAAAAAAAAAAAAAAAAAAA' },
      });
      expect(notification.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
