import { and, eq, like } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildContract, buildQuotation } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import {
  agencyContractQuotations,
  contacts,
  esignSandboxRequests,
  files,
  quotationSignatures,
  webhookEvents,
} from '../../db/schema/index.js';
import { createSandboxSignatureStore } from '../../integrations/esign/sandbox.js';
import { sha256Hex } from '../../integrations/esign/stamp.js';
import { formatEuros } from '../../lib/french.js';

const t = await buildTestApp();
const store = createSandboxSignatureStore(t.db, t.storage);

type Who = Parameters<typeof t.authHeader>[0];

async function call(who: Who | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url: `/api${url}`, headers: who ? await t.authHeader(who) : {}, payload: payload as never });
}

/** What the page's HTML forms send. */
const submitForm = (url: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

const signedPath = (contractId: number) => `/extranet/contract/${contractId}?tab=quote&signed=true`;

/** A customer with a quote to sign (a real one-page PDF) and its signature started. */
async function startedSignature(amountIncludingTax = 248_990) {
  const agency = await t.buildAgency();
  const client = await t.buildClient({ agencyIds: [agency.id], firstName: 'Hélène', lastName: 'Lefèvre' });
  const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
  const quotation = await buildQuotation(t, { agencyContractId: contract.id, withFile: true, amountIncludingTax });
  const res = await call(client, 'POST', `/agency-contract-quotations/${quotation.id}:initialize-signature`, {
    redirectUrl: signedPath(contract.id),
  });
  expect(res.statusCode).toBe(200);
  const signatureUrl: string = res.json().signatureUrl;
  return { agency, client, contract, quotation, signatureUrl, requestId: signatureUrl.split('/').pop()! };
}

const quotationRow = async (id: number) =>
  (await t.db.select().from(agencyContractQuotations).where(eq(agencyContractQuotations.id, id)))[0]!;
const signatureRow = async (quotationId: number) =>
  (await t.db.select().from(quotationSignatures).where(eq(quotationSignatures.quotationId, quotationId)))[0]!;
const contactsOf = (agencyId: number, type: string) =>
  t.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.agencyId, agencyId), eq(contacts.type, type)));
const envelopesOf = (number: string) =>
  t.db
    .select()
    .from(files)
    .where(like(files.fileName, `Devis ${number} signé%`));
const notify = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/signature-notifications/sandbox', payload: payload as never });

describe('the sandbox signature flow', () => {
  it('shows the quote, signs it, stores the stamped envelope and records one acceptance', async () => {
    const { agency, client, contract, quotation, signatureUrl, requestId } = await startedSignature();

    const page = await t.app.inject({ method: 'GET', url: signatureUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("frame-src 'self'");
    expect(page.body).toContain(formatEuros(248_990));
    expect(page.body).toContain(quotation.number);
    expect(page.body).toContain('Hélène Lefèvre');
    expect(page.body).toContain(`<iframe src="/api/esign-sandbox/${requestId}/document"`);
    expect(page.body).toContain(`action="/api/esign-sandbox/${requestId}:sign"`);
    expect(page.body).toMatch(/>Signer</);
    // "Refuser" only asks to confirm: the decline form is on the confirmation step.
    expect(page.body).toMatch(/>Refuser</);
    expect(page.body).not.toContain(`action="/api/esign-sandbox/${requestId}:decline"`);
    const confirm = await t.app.inject({ method: 'GET', url: `${signatureUrl}?refuser=1` });
    expect(confirm.body).toContain('Refuser définitivement ce document ?');
    expect(confirm.body).toContain(`action="/api/esign-sandbox/${requestId}:decline"`);
    expect(confirm.body).toContain(`href="/api/esign-sandbox/${requestId}">Annuler`);
    expect(confirm.body).not.toContain(`action="/api/esign-sandbox/${requestId}:sign"`);
    expect((await t.app.inject({ method: 'GET', url: `${signatureUrl}?refuser=oui` })).statusCode).toBe(400);

    // Opening the page is the "document seen" of a real provider.
    expect(await signatureRow(quotation.id)).toMatchObject({ status: 'document_seen', openingTime: expect.any(Date) });

    const original = await t.app.inject({ method: 'GET', url: `${signatureUrl}/document` });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('application/pdf');
    const originalPages = (await PDFDocument.load(original.rawPayload)).getPageCount();

    const signed = await submitForm(`${signatureUrl}:sign`);
    expect(signed.statusCode).toBe(303);
    expect(signed.headers.location).toBe(signedPath(contract.id));

    const row = await quotationRow(quotation.id);
    expect(row).toMatchObject({ isAcceptedLocally: true, isRefusedLocally: false, envelopeFileId: expect.any(Number) });
    expect(await signatureRow(quotation.id)).toMatchObject({ status: 'signed', signedAt: expect.any(Date) });

    const envelope = await call(client, 'GET', `/agency-contract-quotations/${quotation.id}/envelope`);
    expect(envelope.statusCode).toBe(200);
    expect(decodeURIComponent(String(envelope.headers['x-file-name']))).toBe(`Devis ${quotation.number} signé.pdf`);
    const envelopePdf = await PDFDocument.load(envelope.rawPayload);
    expect(envelopePdf.getPageCount()).toBe(originalPages + 1);
    // The sandbox kept the SHA-256 of exactly the document that was signed.
    const [sandbox] = await t.db.select().from(esignSandboxRequests).where(eq(esignSandboxRequests.id, requestId));
    expect(sandbox!.documentSha256).toBe(sha256Hex(original.rawPayload));

    // Also through GET /files/{id} (the contract file holder), for the owner only.
    expect((await call(client, 'GET', `/files/${row.envelopeFileId}`)).statusCode).toBe(200);
    const stranger = await t.buildClient();
    expect((await call(stranger, 'GET', `/agency-contract-quotations/${quotation.id}/envelope`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/files/${row.envelopeFileId}`)).statusCode).toBe(404);

    const accepted = await contactsOf(agency.id, 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({
      dedupeKey: `signature:${(await signatureRow(quotation.id)).id}`,
      data: {
        agencyContractId: contract.id,
        quotationNumber: quotation.number,
        amountIncludingTax: 248_990,
        quotationState: 'signed',
        envelopeFileId: row.envelopeFileId,
      },
    });

    // A second click on "Signer" goes back to the extranet and changes nothing.
    const twice = await submitForm(`${signatureUrl}:sign`);
    expect(twice.statusCode).toBe(303);
    expect(twice.headers.location).toBe(signedPath(contract.id));
    expect(await contactsOf(agency.id, 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT')).toHaveLength(1);
    expect(await envelopesOf(quotation.number)).toHaveLength(1);

    // The page now says it is signed, and the quote can no longer be signed or refused.
    expect((await t.app.inject({ method: 'GET', url: signatureUrl })).body).toContain('Document signé');
    expect((await call(client, 'POST', `/agency-contract-quotations/${quotation.id}:refuse`)).statusCode).toBe(409);
    expect(
      (
        await call(client, 'POST', `/agency-contract-quotations/${quotation.id}:initialize-signature`, {
          redirectUrl: '/extranet',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('declines: back to the quote tab, the quote refused once', async () => {
    const { agency, contract, quotation, signatureUrl } = await startedSignature();
    const res = await submitForm(`${signatureUrl}:decline`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/extranet/contract/${contract.id}?tab=quote&declined=true`);
    expect(await quotationRow(quotation.id)).toMatchObject({
      isRefusedLocally: true,
      isAcceptedLocally: false,
      envelopeFileId: null,
    });
    expect((await signatureRow(quotation.id)).status).toBe('declined');
    const refused = await contactsOf(agency.id, 'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.data).toMatchObject({ quotationState: 'refused', quotationFileId: quotation.fileId });

    expect((await submitForm(`${signatureUrl}:decline`)).statusCode).toBe(303);
    expect((await submitForm(`${signatureUrl}:sign`)).headers.location).toBe(
      `/api/esign-sandbox/${signatureUrl.split('/').pop()}`,
    );
    expect(await contactsOf(agency.id, 'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT')).toHaveLength(1);
    expect((await quotationRow(quotation.id)).envelopeFileId).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: signatureUrl })).body).toContain('Vous avez refusé de signer');
  });

  it('answers an HTML 404 for an unknown request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/esign-sandbox/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Demande de signature introuvable');
    expect((await submitForm('/api/esign-sandbox/00000000-0000-4000-8000-000000000000:sign')).statusCode).toBe(404);
  });

  it('starts a new request when the previous one expired', async () => {
    const { client, contract, quotation, requestId } = await startedSignature();
    await t.db
      .update(esignSandboxRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(esignSandboxRequests.id, requestId));
    const res = await call(client, 'POST', `/agency-contract-quotations/${quotation.id}:initialize-signature`, {
      redirectUrl: signedPath(contract.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().signatureUrl).not.toContain(requestId);
    const rows = await t.db.select().from(quotationSignatures).where(eq(quotationSignatures.quotationId, quotation.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['expired', 'ongoing']);
  });

  it('catches up on a lost notification: a request signed meanwhile answers "already accepted"', async () => {
    const { agency, client, contract, quotation, requestId } = await startedSignature();
    const row = (await store.find(requestId))!;
    expect(await store.sign(row)).toBe(true); // signed, but no notification reached us
    const res = await call(client, 'POST', `/agency-contract-quotations/${quotation.id}:initialize-signature`, {
      redirectUrl: signedPath(contract.id),
    });
    expect(res.statusCode).toBe(409);
    expect((await quotationRow(quotation.id)).envelopeFileId).not.toBeNull();
    expect(await contactsOf(agency.id, 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT')).toHaveLength(1);
  });
});

describe('POST /api/signature-notifications/{provider}', () => {
  it('handles the same notification once: one envelope, one contact', async () => {
    const { agency, quotation, requestId } = await startedSignature();
    await store.sign((await store.find(requestId))!);

    const first = await notify({ eventId: 'evt-1', requestId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ outcome: 'applied' });
    const replay = await notify({ eventId: 'evt-1', requestId });
    expect(replay.json()).toEqual({ outcome: 'duplicate' });
    // Anyone may call the sandbox's webhook: its event is the state read back, not the body's id.
    expect((await notify({ eventId: 'evt-2', requestId })).json()).toEqual({ outcome: 'duplicate' });

    expect(await envelopesOf(quotation.number)).toHaveLength(1);
    expect(await contactsOf(agency.id, 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT')).toHaveLength(1);
    const events = await t.db
      .select()
      .from(webhookEvents)
      .where(like(webhookEvents.eventId, `${requestId}:%`));
    expect(events.map((e) => e.eventId)).toEqual([`${requestId}:signed:seen`]);
  });

  it('two notifications at once still store one envelope', async () => {
    const { agency, quotation, requestId } = await startedSignature();
    await store.sign((await store.find(requestId))!);
    const answers = await Promise.all([notify({ eventId: 'race-1', requestId }), notify({ eventId: 'race-2', requestId })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await envelopesOf(quotation.number)).toHaveLength(1);
    expect(await contactsOf(agency.id, 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT')).toHaveLength(1);
  });

  it('never trusts the body: a forged "signed" notification of an ongoing request changes nothing', async () => {
    const { agency, quotation, requestId } = await startedSignature();
    const res = await notify({ eventId: 'forged', requestId, status: 'signed', event_name: 'signature_request.done' });
    expect(res.statusCode).toBe(200);
    expect(await quotationRow(quotation.id)).toMatchObject({ envelopeFileId: null, isAcceptedLocally: false });
    expect((await signatureRow(quotation.id)).status).toBe('ongoing');
    expect(await contactsOf(agency.id, 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT')).toHaveLength(0);
  });

  it('ignores unknown requests without recording them, refuses unreadable bodies and other providers', async () => {
    const unknown = await notify({ eventId: 'evt-unknown', requestId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.json()).toEqual({ outcome: 'ignored' });
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, 'evt-unknown'))).toHaveLength(0);
    expect((await notify({ nothing: true })).statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/signature-notifications/yousign',
      payload: { eventId: 'x', requestId: 'y' },
    });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/signature-notifications/docusign', payload: {} })).statusCode).toBe(
      400,
    );
  });

  it('a notification for a request the customer signed after refusing keeps the signature', async () => {
    const { quotation, requestId } = await startedSignature();
    await store.sign((await store.find(requestId))!);
    await t.db
      .update(agencyContractQuotations)
      .set({ isRefusedLocally: true })
      .where(eq(agencyContractQuotations.id, quotation.id));
    await notify({ eventId: 'late', requestId });
    expect((await quotationRow(quotation.id)).envelopeFileId).not.toBeNull();
  });
});
