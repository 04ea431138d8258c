import { AGENCY_API_KEY_HEADER, type ImportChanges } from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agencyWithKey } from '../../../test/agency-keys.js';
import { buildTestApp } from '../../../test/helper.js';
import { clients, importRefs } from '../../db/schema/index.js';
import { recordContractContact } from '../contacts/service.js';

const t = await buildTestApp();

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

async function agencyWithImport() {
  const { agencyId, apiKey } = await agencyWithKey(t);
  const email = `feed-${unique()}@test.fr`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { [AGENCY_API_KEY_HEADER]: apiKey },
    payload: {
      items: [
        { type: 'client', externalRef: 'K', email, firstName: 'Léa', lastName: 'Roy' },
        { type: 'contract', externalRef: 'CTR-1', clientEmail: email, route: '1 rue', postalCode: '69001', locality: 'Lyon' },
        {
          type: 'quotation',
          externalRef: 'Q-REF',
          contractRef: 'CTR-1',
          number: 'DEV-7',
          amountIncludingTax: 9900,
          issueDate: '2026-01-01',
          isAccepted: false,
        },
        {
          type: 'invoice',
          externalRef: 'I-REF',
          contractRef: 'CTR-1',
          number: 'FAC-3',
          amountIncludingTax: 5000,
          leftToPayIncludingTax: 5000,
          issueDate: '2026-01-01',
        },
      ],
    },
  });
  expect(res.statusCode).toBe(200);
  const [customer] = await t.db.select().from(clients).where(sql`lower(${clients.emailAddress}) = ${email}`);
  const idOf = async (type: string, ref: string) =>
    (
      await t.db
        .select({ id: importRefs.entityId })
        .from(importRefs)
        .where(and(eq(importRefs.agencyId, agencyId), eq(importRefs.type, type), eq(importRefs.externalRef, ref)))
    )[0]!.id!;
  return {
    agencyId,
    apiKey,
    customer: customer!,
    contractId: await idOf('contract', 'CTR-1'),
    quotationId: await idOf('quotation', 'Q-REF'),
  };
}

const feed = (apiKey: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/imports/changes?${query}`, headers: { [AGENCY_API_KEY_HEADER]: apiKey } });

describe('GET /api/imports/changes', () => {
  it('gives the agency’s software what its customers did, named by its own references, page after page', async () => {
    const { apiKey, customer, contractId, quotationId } = await agencyWithImport();
    const since = new Date(Date.now() - 60_000).toISOString();
    const asCustomer = await t.authHeader(customer);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/agency-contract-quotations/${quotationId}:accept`,
      headers: asCustomer,
    });
    expect(accepted.statusCode).toBe(204);
    const phones = await t.app.inject({
      method: 'POST',
      url: `/api/agency-contracts/${contractId}:change-phones`,
      headers: asCustomer,
      payload: { mobilePhoneNumber: '0611223344', landlinePhoneNumber: null },
    });
    expect(phones.statusCode).toBeLessThan(300);
    // The payment provider's confirmation records the payment the same way.
    await recordContractContact(t.db, {
      agencyContractId: contractId,
      type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
      data: { invoiceNumber: 'FAC-3', amountIncludingTax: 5000, paymentDate: '2026-11-25', invoiceFileId: null },
    });

    const res = await feed(apiKey, `since=${encodeURIComponent(since)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ImportChanges;
    expect(
      body.changes.map(({ kind, contractRef, quotationRef, invoiceRef, data }) => ({
        kind,
        contractRef,
        quotationRef,
        invoiceRef,
        data,
      })),
    ).toEqual([
      {
        kind: 'quotation_accepted',
        contractRef: 'CTR-1',
        quotationRef: 'Q-REF',
        invoiceRef: null,
        data: { number: 'DEV-7', amountIncludingTax: 9900 },
      },
      {
        kind: 'contract_phones_changed',
        contractRef: 'CTR-1',
        quotationRef: null,
        invoiceRef: null,
        data: { mobilePhoneNumber: '06 11 22 33 44', landlinePhoneNumber: null },
      },
      {
        kind: 'invoice_paid',
        contractRef: 'CTR-1',
        quotationRef: null,
        invoiceRef: 'I-REF',
        data: { number: 'FAC-3', amountIncludingTax: 5000, paymentDate: '2026-11-25' },
      },
    ]);
    expect(body.hasMore).toBe(false);
    const next = (await feed(apiKey, `since=${encodeURIComponent(since)}&cursor=${body.nextCursor}`)).json() as ImportChanges;
    expect(next).toEqual({ changes: [], nextCursor: body.nextCursor, hasMore: false });
    const later = (
      await feed(apiKey, `since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)
    ).json() as ImportChanges;
    expect(later.changes).toEqual([]);
  });

  it('shows nothing of another agency, and refuses a bad date or no key', async () => {
    const { contractId } = await agencyWithImport();
    await recordContractContact(t.db, {
      agencyContractId: contractId,
      type: 'CLIENT_EMAIL_CHANGE_CONTACT',
      data: { emailAddress: 'n@test.fr' },
    });
    const other = await agencyWithImport();
    const since = encodeURIComponent(new Date(Date.now() - 60_000).toISOString());
    expect(((await feed(other.apiKey, `since=${since}`)).json() as ImportChanges).changes).toEqual([]);
    const bad = await feed(other.apiKey, 'since=hier');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: { since: [expect.stringContaining('ISO 8601')] } });
    expect((await t.app.inject({ method: 'GET', url: `/api/imports/changes?since=${since}` })).statusCode).toBe(401);
  });
});
