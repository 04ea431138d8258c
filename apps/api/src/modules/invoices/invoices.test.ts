import { FILE_NAME_HEADER } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildContract, buildInvoice, pdfBytes } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];

async function get(who: Who | null, url: string) {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers: who ? await t.authHeader(who) : {} });
}

/** A customer of one agency with one contract. */
async function customer() {
  const agency = await t.buildAgency();
  const client = await t.buildClient({ agencyIds: [agency.id] });
  const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
  return { agency, client, contract };
}

describe('GET /api/agency-contract-invoices/mine', () => {
  it("lists the caller's invoices newest first with every field", async () => {
    const { agency, client, contract } = await customer();
    const older = await buildInvoice(t, {
      agencyContractId: contract.id,
      number: 'FA-2026-001',
      leftToPayIncludingTax: 0,
      amountIncludingTax: 24_000,
      issueDate: '2026-01-10',
      isPaidLocally: true,
      paymentMean: 'Chèque',
      paymentDate: '2026-01-20',
    });
    const newer = await buildInvoice(t, {
      agencyContractId: contract.id,
      number: 'FA-2026-014',
      leftToPayIncludingTax: 18_900,
      issueDate: '2026-03-02',
      withFile: true,
    });
    // Someone else's invoice, same agency.
    const other = await customer();
    await buildInvoice(t, { agencyContractId: other.contract.id, leftToPayIncludingTax: 5_000 });

    const res = await get(client, '/agency-contract-invoices/mine');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      agencyContractInvoices: [
        {
          id: newer.id,
          number: 'FA-2026-014',
          issueDate: '2026-03-02',
          amountIncludingTax: 18_900,
          leftToPayIncludingTax: 18_900,
          isPaidLocally: false,
          paymentMean: null,
          paymentDate: null,
          hasFile: true,
          fileId: newer.fileId,
          agencyContractId: contract.id,
        },
        {
          id: older.id,
          number: 'FA-2026-001',
          issueDate: '2026-01-10',
          amountIncludingTax: 24_000,
          leftToPayIncludingTax: 0,
          isPaidLocally: true,
          paymentMean: 'Chèque',
          paymentDate: '2026-01-20',
          hasFile: false,
          fileId: null,
          agencyContractId: contract.id,
        },
      ],
    });
    expect(newer.fileId).not.toBeNull();

    // The agency filter keeps them; another agency gives nothing.
    const byAgency = await get(client, `/agency-contract-invoices/mine?agencyId=${agency.id}`);
    expect(byAgency.json().agencyContractInvoices).toHaveLength(2);
    const otherAgency = await t.buildAgency();
    expect((await get(client, `/agency-contract-invoices/mine?agencyId=${otherAgency.id}`)).json()).toEqual({
      agencyContractInvoices: [],
    });
  });

  it('filters by contract, and another customer’s contract gives an empty list', async () => {
    const { agency, client, contract } = await customer();
    const second = await buildContract(t, { clientId: client.id, agencyId: agency.id });
    const a = await buildInvoice(t, { agencyContractId: contract.id, leftToPayIncludingTax: 1_000 });
    const b = await buildInvoice(t, { agencyContractId: second.id, leftToPayIncludingTax: 2_000 });

    const first = await get(client, `/agency-contract-invoices/mine?agencyContractId=${contract.id}`);
    expect(first.json().agencyContractInvoices.map((i: { id: number }) => i.id)).toEqual([a.id]);
    const both = await get(client, `/agency-contract-invoices/mine?agencyContractId=${second.id}&agencyId=${agency.id}`);
    expect(both.json().agencyContractInvoices.map((i: { id: number }) => i.id)).toEqual([b.id]);

    const other = await customer();
    const res = await get(other.client, `/agency-contract-invoices/mine?agencyContractId=${contract.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ agencyContractInvoices: [] });
  });

  it('answers validation_failed to a bad filter', async () => {
    const { client } = await customer();
    const res = await get(client, '/agency-contract-invoices/mine?agencyContractId=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { agencyContractId: [expect.any(String)] } });
  });

  it('refuses staff with 403 and an anonymous caller with 401', async () => {
    expect((await get(await t.buildAdmin({ roleId: 1 }), '/agency-contract-invoices/mine')).statusCode).toBe(403);
    const anonymous = await get(null, '/agency-contract-invoices/mine');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');
  });
});

describe('GET /api/agency-contract-invoices/{id}/file', () => {
  it('sends the invoice PDF with the download headers', async () => {
    const { client, contract } = await customer();
    const invoice = await buildInvoice(t, {
      agencyContractId: contract.id,
      number: 'FA-77',
      leftToPayIncludingTax: 100,
      withFile: true,
    });

    const res = await get(client, `/agency-contract-invoices/${invoice.id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers[FILE_NAME_HEADER]).toBe('facture-FA-77.pdf');
    expect(res.headers['content-disposition']).toContain('facture-FA-77.pdf');
    expect(res.rawPayload.equals(await pdfBytes('Facture FA-77'))).toBe(true);
  });

  it('answers 404 for an invoice without a file, another customer’s invoice and an unknown id', async () => {
    const { client, contract } = await customer();
    const noFile = await buildInvoice(t, { agencyContractId: contract.id, leftToPayIncludingTax: 100 });
    const other = await customer();
    const theirs = await buildInvoice(t, { agencyContractId: other.contract.id, leftToPayIncludingTax: 100, withFile: true });

    for (const id of [noFile.id, theirs.id, 999_999]) {
      const res = await get(client, `/agency-contract-invoices/${id}/file`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('refuses staff with 403 and an anonymous caller with 401', async () => {
    const { contract } = await customer();
    const invoice = await buildInvoice(t, { agencyContractId: contract.id, leftToPayIncludingTax: 100, withFile: true });
    expect((await get(await t.buildAdmin({ roleId: 1 }), `/agency-contract-invoices/${invoice.id}/file`)).statusCode).toBe(403);
    expect((await get(null, `/agency-contract-invoices/${invoice.id}/file`)).statusCode).toBe(401);
  });
});
