import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildContract, buildQuotation, pdfBytes, storeFile } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { agencyContractQuotations, contacts, files, quotationSignatures } from '../../db/schema/index.js';
import { startFakeYousign } from '../../integrations/esign/testing/fake-yousign.js';

const yousign = await startFakeYousign();
afterAll(() => yousign.close());
const t = await buildTestApp({
  ESIGN_PROVIDER: 'yousign',
  YOUSIGN_API_URL: yousign.url,
  YOUSIGN_API_KEY: yousign.apiKey,
  YOUSIGN_WEBHOOK_SECRET: yousign.webhookSecret,
});

const signedPath = (contractId: number) => `/extranet/contract/${contractId}?tab=quote&signed=true`;

async function startedSignature() {
  const agency = await t.buildAgency();
  const client = await t.buildClient({ agencyIds: [agency.id], firstName: 'Paul', lastName: 'Mercier' });
  const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
  const quotation = await buildQuotation(t, { agencyContractId: contract.id, withFile: true, number: `DE-Y-${contract.id}` });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/agency-contract-quotations/${quotation.id}:initialize-signature`,
    headers: await t.authHeader(client),
    payload: { redirectUrl: signedPath(contract.id) },
  });
  return { agency, client, contract, quotation, res };
}

/** A webhook body as Yousign sends it, signed with the subscription's secret unless told. */
function webhook(eventId: string, requestId: string, eventName = 'signature_request.done', signature?: string) {
  const raw = JSON.stringify({
    event_id: eventId,
    event_name: eventName,
    event_time: '1795350000',
    subscription_id: 'sub-1',
    sandbox: true,
    data: { signature_request: { id: requestId, status: 'done' } },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/signature-notifications/yousign',
    headers: { 'content-type': 'application/json', 'x-yousign-signature-256': signature ?? yousign.sign(raw) },
    payload: raw,
  });
}

const quotationRow = async (id: number) =>
  (await t.db.select().from(agencyContractQuotations).where(eq(agencyContractQuotations.id, id)))[0]!;
const acceptedContacts = (agencyId: number) =>
  t.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.agencyId, agencyId), eq(contacts.type, 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT')));

describe('Yousign v3 adapter (against a fake Yousign)', () => {
  it('creates the request, uploads the PDF, adds the signer, activates and answers the signing link', async () => {
    const { client, contract, quotation, res } = await startedSignature();
    expect(res.statusCode).toBe(200);
    const [signature] = await t.db.select().from(quotationSignatures).where(eq(quotationSignatures.quotationId, quotation.id));
    expect(signature).toMatchObject({ provider: 'yousign', status: 'ongoing' });
    const request = yousign.requests.get(signature!.providerRequestId!)!;
    expect(res.json().signatureUrl).toMatch(new RegExp(`^https://yousign\\.app/signatures/${request.id}\\?k=`));
    expect(request).toMatchObject({ status: 'ongoing', externalId: `quotation-${quotation.id}` });
    expect(request.name).toMatch(new RegExp(`^Devis ${quotation.number} – 1\\s250,00\\s€ TTC$`));

    expect(request.documentUpload!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.documentUpload!.body).toMatch(/name="nature"\r\n\r\nsignable_document/);
    expect(request.documentUpload!.body).toMatch(/name="file"; filename="Devis DE-Y-\d+\.pdf"\r\nContent-Type: application\/pdf/);
    expect(request.documentUpload!.body).toContain('%PDF-1.7');

    expect(request.signerBody).toEqual({
      info: { first_name: 'Paul', last_name: 'Mercier', email: client.emailAddress, locale: 'fr' },
      signature_level: 'electronic_signature',
      signature_authentication_mode: 'otp_email',
      fields: [{ document_id: `doc-${request.id}`, type: 'signature', page: 1, width: 180, height: 70, x: 375, y: 712 }],
      redirect_urls: {
        success: `http://localhost:3000${signedPath(contract.id)}`,
        decline: `http://localhost:3000/extranet/contract/${contract.id}?tab=quote&declined=true`,
      },
    });
    expect(yousign.calls.filter((c) => c.startsWith('POST')).slice(-4)).toEqual([
      'POST /signature_requests',
      `POST /signature_requests/${request.id}/documents`,
      `POST /signature_requests/${request.id}/signers`,
      `POST /signature_requests/${request.id}/activate`,
    ]);
  });

  it('reuses the ongoing request with a fresh link instead of creating another', async () => {
    const { client, contract, quotation, res } = await startedSignature();
    const before = yousign.requests.size;
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/agency-contract-quotations/${quotation.id}:initialize-signature`,
      headers: await t.authHeader(client),
      payload: { redirectUrl: signedPath(contract.id) },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().signatureUrl).toMatch(/^https:\/\/yousign\.app\/signatures\//);
    expect(yousign.requests.size).toBe(before);
    expect(res.statusCode).toBe(200);
  });

  it('maps Yousign refusing the document to yousign_invalid_document', async () => {
    yousign.rejectDocuments = { status: 400, body: { type: 'invalid_request_error', detail: 'The file is corrupted.' } };
    try {
      const { res } = await startedSignature();
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('yousign_invalid_document');
    } finally {
      yousign.rejectDocuments = null;
    }
  });

  it('answers 502 when Yousign fails', async () => {
    yousign.rejectDocuments = { status: 503, body: { detail: 'Service unavailable' } };
    try {
      const { res } = await startedSignature();
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/service de signature/);
    } finally {
      yousign.rejectDocuments = null;
    }
  });

  it('applies a signed request once, whatever the number of notifications', async () => {
    const { agency, quotation } = await startedSignature();
    const [signature] = await t.db.select().from(quotationSignatures).where(eq(quotationSignatures.quotationId, quotation.id));
    const request = yousign.requests.get(signature!.providerRequestId!)!;

    // Signed webhook while Yousign says it is still ongoing: a forgery, nothing changes.
    expect((await webhook('evt-early', request.id)).statusCode).toBe(200);
    expect(await quotationRow(quotation.id)).toMatchObject({ envelopeFileId: null, isAcceptedLocally: false });

    // The customer opened the link: "document seen".
    request.signerStatus = 'consent_given';
    await webhook('evt-open', request.id, 'signer.link_opened');
    expect((await t.db.select().from(quotationSignatures).where(eq(quotationSignatures.id, signature!.id)))[0]).toMatchObject({
      status: 'document_seen',
      openingTime: expect.any(Date),
    });

    request.status = 'done';
    request.signerStatus = 'signed';
    request.signedPdf = await pdfBytes('Devis signé chez Yousign');
    const first = await webhook('evt-done', request.id);
    expect(first.json()).toEqual({ outcome: 'applied' });
    expect((await webhook('evt-done', request.id)).json()).toEqual({ outcome: 'duplicate' });
    expect((await webhook('evt-signer-done', request.id, 'signer.done')).json()).toEqual({ outcome: 'applied' });

    const row = await quotationRow(quotation.id);
    expect(row.isAcceptedLocally).toBe(true);
    const [envelope] = await t.db.select().from(files).where(eq(files.id, row.envelopeFileId!));
    expect(envelope).toMatchObject({ typeId: 14, mimeType: 'application/pdf', fileName: `Devis ${quotation.number} signé.pdf` });
    expect(await t.storage.get(envelope!.storageKey)).toEqual(request.signedPdf);
    expect(await acceptedContacts(agency.id)).toHaveLength(1);
    expect(yousign.calls.filter((c) => c.includes('/documents/download'))).toHaveLength(1);
  });

  it('refuses webhooks without a valid signature', async () => {
    const { quotation } = await startedSignature();
    const [signature] = await t.db.select().from(quotationSignatures).where(eq(quotationSignatures.quotationId, quotation.id));
    const request = yousign.requests.get(signature!.providerRequestId!)!;
    request.status = 'done';
    request.signedPdf = await pdfBytes('x');
    expect((await webhook('evt-forged', request.id, 'signature_request.done', 'sha256=00')).statusCode).toBe(401);
    expect((await webhook('evt-forged', request.id, 'signature_request.done', yousign.sign('other body'))).statusCode).toBe(401);
    expect((await quotationRow(quotation.id)).envelopeFileId).toBeNull();
  });

  it('a declined request refuses the quote; a refusal cancels the request at Yousign', async () => {
    const declined = await startedSignature();
    const [s1] = await t.db.select().from(quotationSignatures).where(eq(quotationSignatures.quotationId, declined.quotation.id));
    yousign.requests.get(s1!.providerRequestId!)!.status = 'declined';
    await webhook('evt-declined', s1!.providerRequestId!, 'signature_request.declined');
    expect((await quotationRow(declined.quotation.id)).isRefusedLocally).toBe(true);

    const refused = await startedSignature();
    const [s2] = await t.db.select().from(quotationSignatures).where(eq(quotationSignatures.quotationId, refused.quotation.id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/agency-contract-quotations/${refused.quotation.id}:refuse`,
      headers: await t.authHeader(refused.client),
    });
    expect(res.statusCode).toBe(204);
    expect(yousign.requests.get(s2!.providerRequestId!)!.status).toBe('canceled');
  });

  it('checks the PDF version before calling Yousign', async () => {
    const agency = await t.buildAgency();
    const client = await t.buildClient({ agencyIds: [agency.id] });
    const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
    const bytes = await pdfBytes('Ancien');
    bytes.write('%PDF-1.3', 0, 'latin1');
    const file = await storeFile(t, bytes);
    const quotation = await buildQuotation(t, { agencyContractId: contract.id, fileId: file.id });
    const before = yousign.calls.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/agency-contract-quotations/${quotation.id}:initialize-signature`,
      headers: await t.authHeader(client),
      payload: { redirectUrl: signedPath(contract.id) },
    });
    expect(res.json().code).toBe('yousign_obsolete_pdf_version');
    expect(yousign.calls.length).toBe(before);
  });

  it('does not serve the sandbox pages nor accept sandbox notifications', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/esign-sandbox/00000000-0000-4000-8000-000000000000' });
    expect(page.statusCode).toBe(404);
    expect(page.json().code).toBe('not_found');
    const sandbox = await t.app.inject({ method: 'POST', url: '/api/signature-notifications/sandbox', payload: {} });
    expect(sandbox.statusCode).toBe(404);
  });
});
