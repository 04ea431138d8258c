import { describe, expect, it } from 'vitest';
import { buildContract, buildInvoice, buildQuotation } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { invoicePayments, quotationSignatures } from '../../db/schema/index.js';

const t = await buildTestApp();

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });

async function customer() {
  const agency = await t.buildAgency();
  const client = await t.buildClient({ agencyIds: [agency.id] });
  const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
  return { agency, client, contract, headers: await t.authHeader(client) };
}

describe('GET /my-to-do-list', () => {
  it('lists the quotes awaiting a decision and the invoices to pay, with their files', async () => {
    const me = await customer();
    const agencyContractId = me.contract.id;
    const toSign = await buildQuotation(t, { agencyContractId, withFile: true, number: 'DE-1', amountIncludingTax: 245_000 });
    const toPay = await buildInvoice(t, {
      agencyContractId,
      withFile: true,
      number: 'FA-1',
      amountIncludingTax: 30_000,
      leftToPayIncludingTax: 18_900,
    });
    // None of these is something to do.
    await buildQuotation(t, { agencyContractId, withFile: false });
    await buildQuotation(t, { agencyContractId, withFile: true, isAccepted: true });
    await buildQuotation(t, { agencyContractId, withFile: true, isAccepted: null });
    await buildQuotation(t, { agencyContractId, withFile: true, isAcceptedLocally: true });
    await buildQuotation(t, { agencyContractId, withFile: true, isRefusedLocally: true });
    await buildQuotation(t, { agencyContractId, withFile: true, withEnvelope: true });
    const signedAtProvider = await buildQuotation(t, { agencyContractId, withFile: true });
    await t.db.insert(quotationSignatures).values({
      quotationId: signedAtProvider.id,
      provider: 'sandbox',
      providerRequestId: `req-${signedAtProvider.id}`,
      status: 'signed',
      signatureUrl: 'http://localhost:3000/sandbox',
    });
    await buildInvoice(t, { agencyContractId, withFile: false, leftToPayIncludingTax: 5_000 });
    await buildInvoice(t, { agencyContractId, withFile: true, leftToPayIncludingTax: 0 });
    await buildInvoice(t, { agencyContractId, withFile: true, leftToPayIncludingTax: 5_000, isPaidLocally: true });
    const paidByCard = await buildInvoice(t, { agencyContractId, withFile: true, leftToPayIncludingTax: 5_000 });
    await t.db.insert(invoicePayments).values({
      invoiceId: paidByCard.id,
      provider: 'sandbox',
      providerPaymentId: `pay-${paidByCard.id}`,
      amount: 5_000,
      emailAddress: me.client.emailAddress,
      status: 'paid',
    });

    const res = await get(`/my-to-do-list?agencyId=${me.agency.id}`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      toDoList: [
        {
          type: 'quotation',
          id: toSign.id,
          number: 'DE-1',
          amountIncludingTax: 245_000,
          fileId: toSign.fileId,
          agencyContractId,
        },
        { type: 'invoice', id: toPay.id, number: 'FA-1', amountIncludingTax: 18_900, fileId: toPay.fileId, agencyContractId },
      ],
    });
    // Its files download.
    for (const item of res.json().toDoList) {
      expect((await get(`/files/${item.fileId}`, me.headers)).statusCode).toBe(200);
    }
  });

  it('only the given agency, only the caller’s contracts', async () => {
    const me = await customer();
    const otherAgency = await t.buildAgency();
    const elsewhere = await buildContract(t, { clientId: me.client.id, agencyId: otherAgency.id });
    await buildQuotation(t, { agencyContractId: elsewhere.id, withFile: true });
    const stranger = await customer();
    await buildQuotation(t, { agencyContractId: stranger.contract.id, withFile: true });
    expect((await get(`/my-to-do-list?agencyId=${me.agency.id}`, me.headers)).json()).toEqual({ toDoList: [] });
    expect((await get(`/my-to-do-list?agencyId=${otherAgency.id}`, me.headers)).json().toDoList).toHaveLength(1);
    // Another customer's agency: nothing of theirs leaks.
    expect((await get(`/my-to-do-list?agencyId=${stranger.agency.id}`, me.headers)).json()).toEqual({ toDoList: [] });
  });

  it('401, 403 for staff, 400 without or with a bad agencyId', async () => {
    const me = await customer();
    expect((await get(`/my-to-do-list?agencyId=${me.agency.id}`)).statusCode).toBe(401);
    const admin = await t.buildAdmin({ roleId: 7, agencyIds: [me.agency.id] });
    expect((await get(`/my-to-do-list?agencyId=${me.agency.id}`, await t.authHeader(admin))).statusCode).toBe(403);
    for (const query of ['', '?agencyId=', '?agencyId=x', '?agencyId=-1']) {
      const res = await get(`/my-to-do-list${query}`, me.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});
