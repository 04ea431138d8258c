import { SIGNATURE_MESSAGES } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { esignSandboxRequests, files, signatureDocuments, webhookEvents } from '../../db/schema/index.js';
import { createSandboxSignatureProvider } from '../../integrations/esign/sandbox.js';
import { callsOf, pdf14, pdf17 } from './test-kit.js';

const t = await buildTestApp();
const { call, submitForm, holder, body, sent } = callsOf(t);

const documentRow = async (id: number) => (await t.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, id)))[0]!;
const notify = (requestId: string) =>
  t.app.inject({ method: 'POST', url: '/api/signature-notifications/sandbox', payload: { eventId: 'evt-1', requestId } });

/** The signing link the recipient was mailed (the sandbox mails it as Yousign would). */
async function mailedLink(emailAddress: string): Promise<string> {
  const [mail] = await t.mailsTo(emailAddress);
  const match = mail?.text.match(/http:\/\/localhost:3000(\/api\/esign-sandbox\/[0-9a-f-]{36})/);
  if (!match?.[1]) throw new Error(`no signing link mailed to ${emailAddress}`);
  return match[1];
}

describe('POST /signature-documents', () => {
  it('sends the PDFs merged into one envelope and mails the recipient the signing link', async () => {
    const { agency, admin } = await holder();
    const first = await t.uploadAs(admin, 19, await pdf17('Page un'), 'un.pdf');
    const second = await t.uploadAs(admin, 19, await pdf17('Page deux'), 'deux.pdf');
    const email = `destinataire-${agency.id}@exemple.fr`;
    const res = await call(
      admin,
      'POST',
      '/signature-documents',
      body(agency.id, [first, second], { clientEmailAddress: email }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      clientFirstName: 'Hélène',
      clientLastName: 'Le Gall',
      clientEmailAddress: email,
      title: 'Contrat de maintenance 2027',
      agencyId: agency.id,
      agencyName: agency.name,
      pdfFiles: [{ pdfFileId: first }, { pdfFileId: second }],
      status: 'ongoing',
      envelopeFileId: null,
      openingTime: null,
    });
    const link = await mailedLink(email);
    const row = await documentRow(res.json().id);
    expect(row).toMatchObject({ provider: 'sandbox', authorId: admin.id, providerRequestId: link.split('/').pop() });
    // One document of both PDFs' pages.
    const original = await t.app.inject({ method: 'GET', url: `${link}/document` });
    expect((await PDFDocument.load(original.rawPayload)).getPageCount()).toBe(2);
    // No way back to an extranet: the page itself is where the recipient ends.
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.body).toContain('Contrat de maintenance 2027');
    expect(page.body).not.toContain('Revenir à mon espace client');
  });

  it('lets a network role send for any agency', async () => {
    const agency = await t.buildAgency();
    const network = await t.buildAdmin({ roleId: 2 });
    expect((await sent(network, agency.id)).status).toBe('ongoing');
  });

  it('refuses callers without the permission, another adherent’s agency, customers and anonymous callers', async () => {
    const { agency, admin } = await holder();
    const fileId = await t.uploadAs(admin, 19, await pdf17(), 'contrat.pdf');
    const technician = await t.buildAdmin({ roleId: 6, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const animator = await t.buildAdmin({ roleId: 3 });
    const other = await t.buildAgency();
    const customer = await t.buildClient({ agencyIds: [agency.id] });
    expect((await call(technician, 'POST', '/signature-documents', body(agency.id, [fileId]))).statusCode).toBe(403);
    expect((await call(animator, 'POST', '/signature-documents', body(agency.id, [fileId]))).statusCode).toBe(403);
    expect((await call(admin, 'POST', '/signature-documents', body(other.id, [fileId]))).statusCode).toBe(403);
    expect((await call(customer, 'POST', '/signature-documents', body(agency.id, [fileId]))).statusCode).toBe(403);
    expect((await call(null, 'POST', '/signature-documents', body(agency.id, [fileId]))).statusCode).toBe(401);
    expect(await t.db.select().from(signatureDocuments).where(eq(signatureDocuments.agencyId, other.id))).toHaveLength(0);
  });

  it('answers validation_failed per field, in French', async () => {
    const { agency, admin } = await holder();
    const res = await call(admin, 'POST', '/signature-documents', {
      clientFirstName: 'Jean2',
      clientLastName: 'Dupont_Martin',
      clientEmailAddress: 'pas-une-adresse',
      title: '  ',
      agencyId: agency.id,
      pdfFiles: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        clientFirstName: [SIGNATURE_MESSAGES.nameLetters],
        clientLastName: [SIGNATURE_MESSAGES.nameLetters],
        clientEmailAddress: ['Veuillez saisir une adresse email valide'],
        title: ['Veuillez remplir ce champ'],
        pdfFiles: ['Ajoutez au moins un PDF à signer'],
      },
    });
    // Accents and spaces are letters of a name.
    const fileId = await t.uploadAs(admin, 19, await pdf17(), 'contrat.pdf');
    const accented = await call(
      admin,
      'POST',
      '/signature-documents',
      body(agency.id, [fileId], { clientFirstName: 'Éloïse Anaïs' }),
    );
    expect(accented.statusCode).toBe(201);
  });

  it('takes French names with hyphens and apostrophes, not a lone or leading sign (issue 25)', async () => {
    const { agency, admin } = await holder();
    for (const [clientFirstName, clientLastName] of [
      ['Jean-Pierre', "D'Argent-Lévêque"],
      ['Anne Marie', 'N’Diaye'],
    ]) {
      const fileId = await t.uploadAs(admin, 19, await pdf17(), 'contrat.pdf');
      const res = await call(
        admin,
        'POST',
        '/signature-documents',
        body(agency.id, [fileId], { clientFirstName, clientLastName }),
      );
      expect(res.statusCode, `${clientFirstName} ${clientLastName}`).toBe(201);
    }
    const fileId = await t.uploadAs(admin, 19, await pdf17(), 'contrat.pdf');
    const bad = await call(
      admin,
      'POST',
      '/signature-documents',
      body(agency.id, [fileId], { clientFirstName: '-Jean', clientLastName: "'" }),
    );
    expect(bad.json().errors).toEqual({
      clientFirstName: [SIGNATURE_MESSAGES.nameLetters],
      clientLastName: [SIGNATURE_MESSAGES.nameLetters],
    });
  });

  it('refuses a PDF the caller did not upload, of another type, or given twice', async () => {
    const { agency, admin } = await holder();
    const colleague = await t.buildAdmin({ roleId: 7, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const theirs = await t.uploadAs(colleague, 19, await pdf17(), 'contrat.pdf');
    const forumFile = await t.uploadAs(admin, 13, await pdf17(), 'piece-jointe.pdf');
    const mine = await t.uploadAs(admin, 19, await pdf17(), 'contrat.pdf');
    for (const ids of [[theirs], [forumFile], [mine, mine], [2_000_000_000]]) {
      const res = await call(admin, 'POST', '/signature-documents', body(agency.id, ids));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ pdfFiles: ["Ce PDF est introuvable ou n'est pas un PDF à signer envoyé par vous"] });
    }
  });

  it('refuses a PDF older than 1.6, an unreadable one and one that cannot be cleaned, with their codes', async () => {
    const { agency, admin } = await holder();
    const old = await t.uploadAs(admin, 19, await pdf14(), 'ancien.pdf');
    const obsolete = await call(admin, 'POST', '/signature-documents', body(agency.id, [old]));
    expect(obsolete.statusCode).toBe(400);
    expect(obsolete.json()).toMatchObject({ code: 'yousign_obsolete_pdf_version', message: expect.stringContaining('1.6') });

    const garbage = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(2000, 0x41)]);
    const unreadable = await t.uploadAs(admin, 19, garbage, 'illisible.pdf');
    const invalid = await call(admin, 'POST', '/signature-documents', body(agency.id, [unreadable]));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('yousign_invalid_document');

    // Annotations that are not a list cannot be inspected for scripts: the file is not sent.
    const doc = await PDFDocument.load(await pdf17());
    doc.getPage(0).node.set(doc.context.obj('Annots') as never, doc.context.obj(1));
    const broken = await t.uploadAs(admin, 19, Buffer.from(await doc.save()), 'abime.pdf');
    const unclean = await call(admin, 'POST', '/signature-documents', body(agency.id, [broken]));
    expect(unclean.statusCode).toBe(400);
    expect(unclean.json()).toMatchObject({ code: 'file_sanitization_failed', message: expect.stringContaining('« abime.pdf »') });
    expect(await t.db.select().from(signatureDocuments).where(eq(signatureDocuments.agencyId, agency.id))).toHaveLength(0);
  });

  it('removes the scripts a page would run', async () => {
    const { agency, admin } = await holder();
    const doc = await PDFDocument.load(await pdf17());
    const page = doc.getPage(0);
    const script = doc.context.obj({ S: 'JavaScript', JS: 'app.alert(1)' });
    page.node.set(doc.context.obj('AA') as never, doc.context.obj({ O: script }));
    const link = doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 10, 10], A: script });
    page.node.set(doc.context.obj('Annots') as never, doc.context.obj([doc.context.register(link)]));
    const fileId = await t.uploadAs(admin, 19, Buffer.from(await doc.save()), 'script.pdf');
    const email = `script-${agency.id}@exemple.fr`;
    expect(
      (await call(admin, 'POST', '/signature-documents', body(agency.id, [fileId], { clientEmailAddress: email }))).statusCode,
    ).toBe(201);
    const sentPdf = (await t.app.inject({ method: 'GET', url: `${await mailedLink(email)}/document` })).rawPayload;
    expect(sentPdf.toString('latin1')).not.toContain('JavaScript');
  });

  it('leaves the document created (failed) when the provider fails, and answers 502', async () => {
    const failing = await buildTestApp(
      {},
      {
        signature: {
          ...createSandboxSignatureProvider(undefined as never, undefined as never),
          createRequest: async () => {
            throw new Error('provider down');
          },
        },
      },
    );
    const agency = await failing.buildAgency();
    const admin = await failing.buildAdmin({ roleId: 7, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const fileId = await failing.uploadAs(admin, 19, await pdf17(), 'contrat.pdf');
    const res = await failing.app.inject({
      method: 'POST',
      url: '/api/signature-documents',
      headers: await failing.authHeader(admin),
      payload: body(agency.id, [fileId]),
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain('ne répond pas');
    const rows = await failing.db.select().from(signatureDocuments).where(eq(signatureDocuments.agencyId, agency.id));
    expect(rows).toEqual([expect.objectContaining({ status: 'created', providerRequestId: null })]);
  });
});

describe('the signature of a document, back from the provider', () => {
  it('records the opening, then the signature with its envelope, readable by the agency’s holders only', async () => {
    const { agency, admin } = await holder();
    const email = `signataire-${agency.id}@exemple.fr`;
    const document = await sent(admin, agency.id, { clientEmailAddress: email });
    const link = await mailedLink(email);

    await t.app.inject({ method: 'GET', url: link });
    expect(await documentRow(document.id)).toMatchObject({ status: 'ongoing', openingTime: expect.any(Date) });

    const signed = await submitForm(`${link}:sign`);
    expect(signed.statusCode).toBe(303);
    expect(signed.headers.location).toBe(link);
    const row = await documentRow(document.id);
    expect(row).toMatchObject({ status: 'signed', signedAt: expect.any(Date), envelopeFileId: expect.any(Number) });

    const list = await call(admin, 'GET', `/signature-documents?agencyId=${agency.id}`);
    expect(list.json().signatureDocuments[0]).toMatchObject({
      id: document.id,
      status: 'signed',
      envelopeFileId: row.envelopeFileId,
    });

    const envelope = await call(admin, 'GET', `/files/${row.envelopeFileId}`);
    expect(envelope.statusCode).toBe(200);
    expect(envelope.headers['content-type']).toBe('application/pdf');
    // The sandbox stamps a page of signature after the document's.
    expect((await PDFDocument.load(envelope.rawPayload)).getPageCount()).toBe(2);
    const colleague = await t.buildAdmin({ roleId: 4, adherentId: agency.adherentId, agencyIds: [agency.id] });
    expect((await call(colleague, 'GET', `/files/${row.envelopeFileId}`)).statusCode).toBe(200);
    const stranger = await holder();
    const technician = await t.buildAdmin({ roleId: 6, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const customer = await t.buildClient({ agencyIds: [agency.id] });
    for (const who of [stranger.admin, technician, customer]) {
      expect((await call(who, 'GET', `/files/${row.envelopeFileId}`)).statusCode).toBe(404);
    }
  });

  it('handles a notification once: a repeated or concurrent one changes nothing', async () => {
    const { agency, admin } = await holder();
    const document = await sent(admin, agency.id);
    const requestId = (await documentRow(document.id)).providerRequestId!;
    const [request] = await t.db.select().from(esignSandboxRequests).where(eq(esignSandboxRequests.id, requestId));
    // Signed at the sandbox without its own notification: ours arrive afterwards, three at once.
    const signedAt = new Date();
    await t.db
      .update(esignSandboxRequests)
      .set({ status: 'signed', signedAt, signedDocumentKey: request!.documentKey })
      .where(eq(esignSandboxRequests.id, requestId));
    const outcomes = await Promise.all([notify(requestId), notify(requestId), notify(requestId)]);
    expect(outcomes.map((r) => r.json().outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    const row = await documentRow(document.id);
    expect(row.status).toBe('signed');
    const envelopes = await t.db.select().from(files).where(eq(files.fileName, 'Contrat de maintenance 2027 - signé.pdf'));
    expect(envelopes.filter((f) => f.id === row.envelopeFileId)).toHaveLength(1);
    expect((await notify(requestId)).json().outcome).toBe('duplicate');
    expect(
      await t.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.eventId, `${requestId}:signed:unseen`)),
    ).toHaveLength(1);
    expect(await documentRow(document.id)).toEqual(row);
  });

  it('records a refusal, which a later notification does not undo', async () => {
    const { agency, admin } = await holder();
    const email = `refus-${agency.id}@exemple.fr`;
    const document = await sent(admin, agency.id, { clientEmailAddress: email });
    const link = await mailedLink(email);
    const declined = await submitForm(`${link}:decline`);
    expect(declined.statusCode).toBe(303);
    expect(await documentRow(document.id)).toMatchObject({ status: 'declined', envelopeFileId: null });
    expect((await submitForm(`${link}:sign`)).statusCode).toBe(303);
    expect((await documentRow(document.id)).status).toBe('declined');
  });

  it('ignores a notification about a request that is not ours', async () => {
    const res = await notify('00000000-0000-4000-8000-000000000000');
    expect(res.json().outcome).toBe('ignored');
  });
});
