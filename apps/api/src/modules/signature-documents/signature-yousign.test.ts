import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { files, signatureDocuments } from '../../db/schema/index.js';
import { startFakeYousign } from '../../integrations/esign/testing/fake-yousign.js';
import { callsOf, pdf17 } from './test-kit.js';

const yousign = await startFakeYousign();
afterAll(() => yousign.close());
const t = await buildTestApp({
  ESIGN_PROVIDER: 'yousign',
  YOUSIGN_API_URL: yousign.url,
  YOUSIGN_API_KEY: yousign.apiKey,
  YOUSIGN_WEBHOOK_SECRET: yousign.webhookSecret,
});
const { call, holder, body, sent } = callsOf(t);

const documentRow = async (id: number) => (await t.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, id)))[0]!;

/** A webhook body as Yousign sends it, signed with the subscription's secret. */
function webhook(eventId: string, requestId: string) {
  const raw = JSON.stringify({
    event_id: eventId,
    event_name: 'signature_request.done',
    data: { signature_request: { id: requestId } },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/signature-notifications/yousign',
    headers: { 'content-type': 'application/json', 'x-yousign-signature-256': yousign.sign(raw) },
    payload: raw,
  });
}

describe('signature documents at Yousign (against a fake Yousign)', () => {
  it('lets Yousign mail the recipient, without a way back, and applies the signature once', async () => {
    const { agency, admin } = await holder();
    const document = await sent(admin, agency.id);
    const row = await documentRow(document.id);
    const request = yousign.requests.get(row.providerRequestId!)!;
    expect(request).toMatchObject({ deliveryMode: 'email', externalId: `signature-document-${document.id}`, status: 'ongoing' });
    expect(request.signerBody).toMatchObject({
      info: { first_name: 'Hélène', last_name: 'Le Gall', email: 'helene.legall@exemple.fr' },
    });
    expect(request.signerBody).not.toHaveProperty('redirect_urls');

    request.status = 'done';
    request.signerStatus = 'signed';
    request.signedPdf = await pdfBytes('Contrat signé chez Yousign');
    expect((await webhook('evt-doc-done', request.id)).json()).toEqual({ outcome: 'applied' });
    expect((await webhook('evt-doc-done', request.id)).json()).toEqual({ outcome: 'duplicate' });
    const signed = await documentRow(document.id);
    expect(signed).toMatchObject({ status: 'signed', envelopeFileId: expect.any(Number), openingTime: expect.any(Date) });
    const [envelope] = await t.db.select().from(files).where(eq(files.id, signed.envelopeFileId!));
    expect(await t.storage.get(envelope!.storageKey)).toEqual(request.signedPdf);
    expect((await call(admin, 'GET', `/files/${signed.envelopeFileId}`)).statusCode).toBe(200);
  });

  it('answers yousign_invalid_document when Yousign refuses the PDF, the document staying failed', async () => {
    const { agency, admin } = await holder();
    const fileId = await t.uploadAs(admin, 19, await pdf17(), 'contrat.pdf');
    yousign.rejectDocuments = { status: 400, body: { type: 'invalid_request_error', detail: 'The file is corrupted.' } };
    try {
      const res = await call(admin, 'POST', '/signature-documents', body(agency.id, [fileId]));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('yousign_invalid_document');
    } finally {
      yousign.rejectDocuments = null;
    }
    const rows = await t.db.select().from(signatureDocuments).where(eq(signatureDocuments.agencyId, agency.id));
    expect(rows).toEqual([expect.objectContaining({ status: 'created', providerRequestId: null })]);
  });
});
