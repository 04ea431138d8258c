import { describe, expect, it } from 'vitest';
import { buildContract, buildInvoice, buildQuotation, buildServiceCall } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';

const t = await buildTestApp();

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });

async function customer() {
  const agency = await t.buildAgency();
  const client = await t.buildClient({ agencyIds: [agency.id] });
  const contract = await buildContract(t, {
    clientId: client.id,
    agencyId: agency.id,
    route: '8 rue Esquermoise',
    equipmentType: 'Chaudière gaz à condensation',
  });
  return { agency, client, contract, headers: await t.authHeader(client) };
}

describe('GET /agency-contract-service-calls/mine', () => {
  it('lists the caller’s service calls, newest first, with the contract’s equipment and address', async () => {
    const me = await customer();
    const agencyContractId = me.contract.id;
    const quotation = await buildQuotation(t, { agencyContractId });
    const invoice = await buildInvoice(t, { agencyContractId, leftToPayIncludingTax: 18_900, withFile: true });
    const requested = await buildServiceCall(t, { agencyContractId, requestDate: '2026-03-01' });
    const done = await buildServiceCall(t, {
      agencyContractId,
      requestDate: '2026-01-10',
      appointmentDate: '2026-01-14',
      appointmentTime: '08:30',
      quotationId: quotation.id,
      invoiceId: invoice.id,
      withVoucher: true,
      isFinished: true,
    });

    const res = await get('/agency-contract-service-calls/mine', me.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json().agencyContractServiceCalls;
    expect(list.map((c: { id: number }) => c.id)).toEqual([requested.id, done.id]);
    expect(list[1]).toEqual({
      id: done.id,
      requestDate: '2026-01-10',
      isFinished: true,
      appointmentDate: '2026-01-14',
      appointmentTime: '08:30',
      quotationId: quotation.id,
      invoiceId: invoice.id,
      voucherId: done.voucherId,
      agencyContractId,
      equipmentType: 'Chaudière gaz à condensation',
      equipmentModel: 'Saunier Duval ThemaPlus Condens',
      route: '8 rue Esquermoise',
      postalCode: '59000',
      locality: 'Lille',
    });
    expect(list[0]).toMatchObject({ isFinished: false, appointmentDate: null, appointmentTime: null, voucherId: null });
    // The voucher downloads.
    expect((await get(`/files/${done.voucherId}`, me.headers)).statusCode).toBe(200);

    const open = await get('/agency-contract-service-calls/mine?isFinished=false', me.headers);
    expect(open.json().agencyContractServiceCalls.map((c: { id: number }) => c.id)).toEqual([requested.id]);
    const finished = await get(`/agency-contract-service-calls/mine?isFinished=true&agencyId=${me.agency.id}`, me.headers);
    expect(finished.json().agencyContractServiceCalls.map((c: { id: number }) => c.id)).toEqual([done.id]);
  });

  it('never shows another customer’s calls', async () => {
    const me = await customer();
    const stranger = await customer();
    await buildServiceCall(t, { agencyContractId: stranger.contract.id });
    expect((await get('/agency-contract-service-calls/mine', me.headers)).json()).toEqual({ agencyContractServiceCalls: [] });
    const theirs = await get(`/agency-contract-service-calls/mine?agencyId=${stranger.agency.id}`, me.headers);
    expect(theirs.json()).toEqual({ agencyContractServiceCalls: [] });
  });

  it('401, 403 for staff, 400 on bad filters', async () => {
    expect((await get('/agency-contract-service-calls/mine')).statusCode).toBe(401);
    const admin = await t.buildAdmin({ roleId: 1 });
    expect((await get('/agency-contract-service-calls/mine', await t.authHeader(admin))).statusCode).toBe(403);
    const me = await customer();
    for (const query of ['?isFinished=oui', '?agencyId=abc']) {
      const res = await get(`/agency-contract-service-calls/mine${query}`, me.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});
