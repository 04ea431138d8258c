import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildContract, buildQuotation, pdfBytes, storeFile } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { agencyContractQuotations, contacts, esignSandboxRequests, quotationSignatures } from '../../db/schema/index.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];

async function call(who: Who | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url: `/api${url}`, headers: who ? await t.authHeader(who) : {}, payload: payload as never });
}

/** A customer of one agency with one contract. */
async function customer() {
  const agency = await t.buildAgency();
  const client = await t.buildClient({ agencyIds: [agency.id] });
  const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
  return { agency, client, contract };
}

const quotationRow = async (id: number) =>
  (await t.db.select().from(agencyContractQuotations).where(eq(agencyContractQuotations.id, id)))[0]!;
const contactsOf = (agencyId: number, type: string) =>
  t.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.agencyId, agencyId), eq(contacts.type, type)));
const signaturesOf = (quotationId: number) =>
  t.db.select().from(quotationSignatures).where(eq(quotationSignatures.quotationId, quotationId));

const staff = async () => t.buildAdmin({ roleId: 1 });
const extranetPath = (contractId: number) => `/extranet/contract/${contractId}?tab=quote&signed=true`;

describe('GET /api/agency-contract-quotations/mine', () => {
  it('lists the caller’s quotes newest first, with the spec’s fields', async () => {
    const me = await customer();
    const second = await buildContract(t, { clientId: me.client.id, agencyId: me.agency.id });
    const old = await buildQuotation(t, {
      agencyContractId: me.contract.id,
      issueDate: '2025-03-01',
      amountIncludingTax: 45_000,
    });
    const recent = await buildQuotation(t, { agencyContractId: second.id, issueDate: '2026-02-01', withFile: true });
    const stranger = await customer();
    await buildQuotation(t, { agencyContractId: stranger.contract.id });

    const res = await call(me.client, 'GET', '/agency-contract-quotations/mine');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      agencyContractQuotations: [
        {
          id: recent.id,
          number: recent.number,
          amountIncludingTax: 125_000,
          issueDate: '2026-02-01',
          hasFile: true,
          fileId: recent.fileId,
          isAccepted: false,
          isAcceptedLocally: false,
          isRefusedLocally: false,
          envelopeFileId: null,
          agencyContractId: second.id,
        },
        {
          id: old.id,
          number: old.number,
          amountIncludingTax: 45_000,
          issueDate: '2025-03-01',
          hasFile: false,
          fileId: null,
          isAccepted: false,
          isAcceptedLocally: false,
          isRefusedLocally: false,
          envelopeFileId: null,
          agencyContractId: me.contract.id,
        },
      ],
    });
  });

  it('filters by contract and by agency', async () => {
    const agency = await t.buildAgency();
    const otherAgency = await t.buildAgency();
    const client = await t.buildClient({ agencyIds: [agency.id, otherAgency.id] });
    const here = await buildContract(t, { clientId: client.id, agencyId: agency.id });
    const there = await buildContract(t, { clientId: client.id, agencyId: otherAgency.id });
    const a = await buildQuotation(t, { agencyContractId: here.id });
    const b = await buildQuotation(t, { agencyContractId: there.id });

    const ids = async (query: string) =>
      (await call(client, 'GET', `/agency-contract-quotations/mine?${query}`))
        .json()
        .agencyContractQuotations.map((q: { id: number }) => q.id);
    expect(await ids(`agencyContractId=${here.id}`)).toEqual([a.id]);
    expect(await ids(`agencyId=${otherAgency.id}`)).toEqual([b.id]);
    expect(await ids(`agencyContractId=${here.id}&agencyId=${otherAgency.id}`)).toEqual([]);
  });

  it('answers 404 for another customer’s contract, 401, 403 and 400', async () => {
    const me = await customer();
    const stranger = await customer();
    expect(
      (await call(me.client, 'GET', `/agency-contract-quotations/mine?agencyContractId=${stranger.contract.id}`)).statusCode,
    ).toBe(404);
    expect((await call(null, 'GET', '/agency-contract-quotations/mine')).statusCode).toBe(401);
    expect((await call(await staff(), 'GET', '/agency-contract-quotations/mine')).statusCode).toBe(403);
    const bad = await call(me.client, 'GET', '/agency-contract-quotations/mine?agencyContractId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });
});

describe('GET /api/agency-contract-quotations/{id}/file and /envelope', () => {
  it('sends the quote’s PDF with the download headers to its customer only', async () => {
    const me = await customer();
    const quotation = await buildQuotation(t, { agencyContractId: me.contract.id, withFile: true, number: 'DE-2026-042' });
    const res = await call(me.client, 'GET', `/agency-contract-quotations/${quotation.id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers['x-file-name']))).toBe('Devis DE-2026-042.pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const stranger = await customer();
    expect((await call(stranger.client, 'GET', `/agency-contract-quotations/${quotation.id}/file`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/agency-contract-quotations/${quotation.id}/file`)).statusCode).toBe(401);
    expect((await call(await staff(), 'GET', `/agency-contract-quotations/${quotation.id}/file`)).statusCode).toBe(403);
    expect((await call(me.client, 'GET', '/agency-contract-quotations/0/file')).statusCode).toBe(400);
  });

  it('sends the signed envelope, and 404 while there is none', async () => {
    const me = await customer();
    const unsigned = await buildQuotation(t, { agencyContractId: me.contract.id, withFile: true });
    const signed = await buildQuotation(t, { agencyContractId: me.contract.id, withFile: true, withEnvelope: true });
    const none = await call(me.client, 'GET', `/agency-contract-quotations/${unsigned.id}/envelope`);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('not_found');
    const res = await call(me.client, 'GET', `/agency-contract-quotations/${signed.id}/envelope`);
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['x-file-name']))).toBe(`Devis ${signed.number} signé.pdf`);
    const stranger = await customer();
    expect((await call(stranger.client, 'GET', `/agency-contract-quotations/${signed.id}/envelope`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/agency-contract-quotations/${signed.id}/envelope`)).statusCode).toBe(401);
    expect((await call(await staff(), 'GET', `/agency-contract-quotations/${signed.id}/envelope`)).statusCode).toBe(403);
  });
});

describe('POST /api/agency-contract-quotations/{id}:accept', () => {
  it('accepts a quote without a file and records one contact for the agency', async () => {
    const me = await customer();
    const quotation = await buildQuotation(t, { agencyContractId: me.contract.id, amountIncludingTax: 32_050 });
    const res = await call(me.client, 'POST', `/agency-contract-quotations/${quotation.id}:accept`);
    expect(res.statusCode).toBe(204);
    expect(await quotationRow(quotation.id)).toMatchObject({ isAcceptedLocally: true, isRefusedLocally: false });
    const [contact, ...more] = await contactsOf(me.agency.id, 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT');
    expect(more).toHaveLength(0);
    expect(contact).toMatchObject({
      clientId: me.client.id,
      isClientKnown: true,
      data: {
        agencyContractId: me.contract.id,
        quotationNumber: quotation.number,
        amountIncludingTax: 32_050,
        quotationState: 'accepted',
        quotationFileId: null,
      },
    });

    const again = await call(me.client, 'POST', `/agency-contract-quotations/${quotation.id}:accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', message: 'Ce devis a déjà été accepté.' });
    expect(await contactsOf(me.agency.id, 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT')).toHaveLength(1);
  });

  it('asks for a signature when the quote has a file', async () => {
    const me = await customer();
    const quotation = await buildQuotation(t, { agencyContractId: me.contract.id, withFile: true });
    const res = await call(me.client, 'POST', `/agency-contract-quotations/${quotation.id}:accept`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('signature_required');
    expect(res.json().message).toMatch(/signé électroniquement/);
    expect((await quotationRow(quotation.id)).isAcceptedLocally).toBe(false);
  });

  it('refuses quotes already decided or of unknown status', async () => {
    const me = await customer();
    const cases = [
      [{ isRefusedLocally: true }, 'Ce devis a déjà été refusé.'],
      [{ isAccepted: true }, 'Ce devis a déjà été accepté.'],
      [{ isAccepted: null }, /statut de ce devis est inconnu/],
    ] as const;
    for (const [values, message] of cases) {
      const quotation = await buildQuotation(t, { agencyContractId: me.contract.id, ...values });
      const res = await call(me.client, 'POST', `/agency-contract-quotations/${quotation.id}:accept`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(message);
    }
    expect(await contactsOf(me.agency.id, 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT')).toHaveLength(0);
  });

  it('answers 404 for another customer’s quote, 401, 403 and 400', async () => {
    const me = await customer();
    const stranger = await customer();
    const theirs = await buildQuotation(t, { agencyContractId: stranger.contract.id });
    expect((await call(me.client, 'POST', `/agency-contract-quotations/${theirs.id}:accept`)).statusCode).toBe(404);
    expect((await quotationRow(theirs.id)).isAcceptedLocally).toBe(false);
    expect((await call(null, 'POST', `/agency-contract-quotations/${theirs.id}:accept`)).statusCode).toBe(401);
    expect((await call(await staff(), 'POST', `/agency-contract-quotations/${theirs.id}:accept`)).statusCode).toBe(403);
    expect((await call(me.client, 'POST', '/agency-contract-quotations/0:accept')).statusCode).toBe(400);
  });
});

describe('POST /api/agency-contract-quotations/{id}:refuse', () => {
  it('refuses a quote awaiting decision, once, with one contact', async () => {
    const me = await customer();
    const quotation = await buildQuotation(t, { agencyContractId: me.contract.id, withFile: true });
    const res = await call(me.client, 'POST', `/agency-contract-quotations/${quotation.id}:refuse`);
    expect(res.statusCode).toBe(204);
    expect(await quotationRow(quotation.id)).toMatchObject({ isRefusedLocally: true, isAcceptedLocally: false });
    const refused = await contactsOf(me.agency.id, 'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.data).toEqual({
      agencyContractId: me.contract.id,
      quotationNumber: quotation.number,
      amountIncludingTax: 125_000,
      quotationState: 'refused',
      quotationFileId: quotation.fileId,
    });

    const again = await call(me.client, 'POST', `/agency-contract-quotations/${quotation.id}:refuse`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', message: 'Ce devis a déjà été refusé.' });
    expect(await contactsOf(me.agency.id, 'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT')).toHaveLength(1);
  });

  it('cannot refuse a signed or accepted quote', async () => {
    const me = await customer();
    const signed = await buildQuotation(t, { agencyContractId: me.contract.id, withFile: true, withEnvelope: true });
    const accepted = await buildQuotation(t, { agencyContractId: me.contract.id, isAcceptedLocally: true });
    for (const q of [signed, accepted]) {
      const res = await call(me.client, 'POST', `/agency-contract-quotations/${q.id}:refuse`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Ce devis a déjà été accepté.');
      expect((await quotationRow(q.id)).isRefusedLocally).toBe(false);
    }
  });

  it('withdraws a signature request still open', async () => {
    const me = await customer();
    const quotation = await buildQuotation(t, { agencyContractId: me.contract.id, withFile: true });
    const started = await call(me.client, 'POST', `/agency-contract-quotations/${quotation.id}:initialize-signature`, {
      redirectUrl: extranetPath(me.contract.id),
    });
    expect(started.statusCode).toBe(200);
    expect((await call(me.client, 'POST', `/agency-contract-quotations/${quotation.id}:refuse`)).statusCode).toBe(204);
    const [signature] = await signaturesOf(quotation.id);
    expect(signature!.status).toBe('cancelled');
    const [sandbox] = await t.db
      .select()
      .from(esignSandboxRequests)
      .where(eq(esignSandboxRequests.id, signature!.providerRequestId!));
    expect(sandbox!.status).toBe('cancelled');
    // The link no longer signs.
    const sign = await t.app.inject({ method: 'POST', url: `/api/esign-sandbox/${sandbox!.id}:sign` });
    expect(sign.statusCode).toBe(303);
    expect(sign.headers.location).toBe(`/api/esign-sandbox/${sandbox!.id}`);
    expect((await quotationRow(quotation.id)).envelopeFileId).toBeNull();
  });

  it('answers 404 for another customer’s quote, 401, 403 and 400', async () => {
    const me = await customer();
    const stranger = await customer();
    const theirs = await buildQuotation(t, { agencyContractId: stranger.contract.id });
    expect((await call(me.client, 'POST', `/agency-contract-quotations/${theirs.id}:refuse`)).statusCode).toBe(404);
    expect((await quotationRow(theirs.id)).isRefusedLocally).toBe(false);
    expect((await call(null, 'POST', `/agency-contract-quotations/${theirs.id}:refuse`)).statusCode).toBe(401);
    expect((await call(await staff(), 'POST', `/agency-contract-quotations/${theirs.id}:refuse`)).statusCode).toBe(403);
    expect((await call(me.client, 'POST', '/agency-contract-quotations/0:refuse')).statusCode).toBe(400);
  });
});

describe('POST /api/agency-contract-quotations/{id}:initialize-signature', () => {
  const initialize = (who: Who | null, id: number, payload: unknown) =>
    call(who, 'POST', `/agency-contract-quotations/${id}:initialize-signature`, payload);

  it('creates a sandbox request and answers its page; a second call reuses it', async () => {
    const me = await customer();
    const quotation = await buildQuotation(t, { agencyContractId: me.contract.id, withFile: true, number: 'DE-2026-007' });
    const res = await initialize(me.client, quotation.id, { redirectUrl: extranetPath(me.contract.id) });
    expect(res.statusCode).toBe(200);
    const { signatureUrl } = res.json();
    expect(signatureUrl).toMatch(/^\/api\/esign-sandbox\/[0-9a-f-]{36}$/);
    const requestId = signatureUrl.split('/').pop();

    const [signature, ...others] = await signaturesOf(quotation.id);
    expect(others).toHaveLength(0);
    expect(signature).toMatchObject({ provider: 'sandbox', providerRequestId: requestId, status: 'ongoing', signatureUrl });
    const [sandbox] = await t.db.select().from(esignSandboxRequests).where(eq(esignSandboxRequests.id, requestId));
    expect(sandbox).toMatchObject({
      signerFirstName: me.client.firstName,
      signerLastName: me.client.lastName,
      signerEmailAddress: me.client.emailAddress,
      documentName: 'Devis DE-2026-007.pdf',
      successUrl: `http://localhost:3000${extranetPath(me.contract.id)}`,
      declineUrl: `http://localhost:3000/extranet/contract/${me.contract.id}?tab=quote&declined=true`,
      status: 'ongoing',
    });
    expect(sandbox!.name).toMatch(/^Devis DE-2026-007 – 1\s250,00\s€ TTC$/);

    const again = await initialize(me.client, quotation.id, { redirectUrl: extranetPath(me.contract.id) });
    expect(again.json()).toEqual({ signatureUrl });
    expect(await signaturesOf(quotation.id)).toHaveLength(1);
  });

  it('accepts an absolute URL of the extranet', async () => {
    const me = await customer();
    const quotation = await buildQuotation(t, { agencyContractId: me.contract.id, withFile: true });
    const res = await initialize(me.client, quotation.id, {
      redirectUrl: `http://localhost:3000${extranetPath(me.contract.id)}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a PDF older than 1.6 with yousign_obsolete_pdf_version', async () => {
    const me = await customer();
    const bytes = await pdfBytes('Devis ancien');
    expect(bytes.subarray(0, 8).toString()).toBe('%PDF-1.7');
    bytes.write('%PDF-1.4', 0, 'latin1');
    const file = await storeFile(t, bytes, 14, 'devis-ancien.pdf');
    const quotation = await buildQuotation(t, { agencyContractId: me.contract.id, fileId: file.id });
    const res = await initialize(me.client, quotation.id, { redirectUrl: extranetPath(me.contract.id) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'yousign_obsolete_pdf_version', message: expect.stringMatching(/version 1\.6/) });
    expect(await signaturesOf(quotation.id)).toHaveLength(0);
  });

  it('refuses a file that is not a readable PDF with yousign_invalid_document', async () => {
    const me = await customer();
    const garbage = await storeFile(t, Buffer.from('ceci n’est pas un PDF, juste du texte'.repeat(20)), 14, 'devis.pdf');
    const truncated = await storeFile(t, (await pdfBytes('Devis tronqué')).subarray(0, 200), 14, 'devis.pdf');
    for (const file of [garbage, truncated]) {
      const quotation = await buildQuotation(t, { agencyContractId: me.contract.id, fileId: file.id });
      const res = await initialize(me.client, quotation.id, { redirectUrl: extranetPath(me.contract.id) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'yousign_invalid_document', message: expect.stringMatching(/illisible/) });
    }
  });

  it('only signs a quote with a file that awaits decision', async () => {
    const me = await customer();
    const noFile = await buildQuotation(t, { agencyContractId: me.contract.id });
    const res = await initialize(me.client, noFile.id, { redirectUrl: extranetPath(me.contract.id) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    const refused = await buildQuotation(t, { agencyContractId: me.contract.id, withFile: true, isRefusedLocally: true });
    expect((await initialize(me.client, refused.id, { redirectUrl: extranetPath(me.contract.id) })).statusCode).toBe(409);
    const signed = await buildQuotation(t, { agencyContractId: me.contract.id, withFile: true, withEnvelope: true });
    expect((await initialize(me.client, signed.id, { redirectUrl: extranetPath(me.contract.id) })).statusCode).toBe(409);
  });

  it('answers 400 for a missing or foreign redirectUrl', async () => {
    const me = await customer();
    const quotation = await buildQuotation(t, { agencyContractId: me.contract.id, withFile: true });
    for (const payload of [
      {},
      { redirectUrl: '' },
      { redirectUrl: 'https://evil.example/extranet' },
      { redirectUrl: '/intranet' },
    ]) {
      const res = await initialize(me.client, quotation.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { redirectUrl: [expect.any(String)] } });
    }
    expect(await signaturesOf(quotation.id)).toHaveLength(0);
  });

  it('answers 404 for another customer’s quote, 401 and 403', async () => {
    const me = await customer();
    const stranger = await customer();
    const theirs = await buildQuotation(t, { agencyContractId: stranger.contract.id, withFile: true });
    const payload = { redirectUrl: extranetPath(stranger.contract.id) };
    expect((await initialize(me.client, theirs.id, payload)).statusCode).toBe(404);
    expect((await initialize(null, theirs.id, payload)).statusCode).toBe(401);
    expect((await initialize(await staff(), theirs.id, payload)).statusCode).toBe(403);
    expect(await signaturesOf(theirs.id)).toHaveLength(0);
  });
});

describe('OpenAPI', () => {
  it('lists the quote routes and the signature webhook', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    for (const p of [
      '/agency-contract-quotations/mine',
      '/agency-contract-quotations/{id}/file',
      '/agency-contract-quotations/{id}/envelope',
      '/agency-contract-quotations/{id}:accept',
      '/agency-contract-quotations/{id}:refuse',
      '/agency-contract-quotations/{id}:initialize-signature',
      '/signature-notifications/{provider}',
      '/esign-sandbox/{id}',
    ]) {
      expect(paths.some((x) => x.replace(/^\/api/, '') === p)).toBe(true);
    }
  });
});
