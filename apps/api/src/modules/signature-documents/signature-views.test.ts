import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildContract, buildQuotation, storePdf } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { agencyContractQuotations, auditLog, quotationSignatures, signatureDocuments } from '../../db/schema/index.js';
import { callsOf } from './test-kit.js';

const t = await buildTestApp();
const { call, holder, sent } = callsOf(t);

/** A document of the agency made to look signed at `signedAt` (its envelope a stored PDF). */
async function signedDocument(admin: Parameters<typeof sent>[0], agencyId: number, signedAt: Date, title = 'Contrat signé') {
  const document = await sent(admin, agencyId, { title });
  const envelope = await storePdf(t, title, 'enveloppe.pdf');
  await t.db
    .update(signatureDocuments)
    .set({ status: 'signed', signedAt, envelopeFileId: envelope.id, creationDate: signedAt })
    .where(eq(signatureDocuments.id, document.id));
  return document;
}

/** A customer's quote of the agency, its signature started at `startedAt` and, with `signedAt`, signed. */
async function quotationWithSignature(agencyId: number, startedAt: Date, signedAt: Date | null, lastName = 'Durand') {
  const client = await t.buildClient({ agencyIds: [agencyId], firstName: 'Jeanne', lastName });
  const contract = await buildContract(t, { clientId: client.id, agencyId });
  const quotation = await buildQuotation(t, { agencyContractId: contract.id, withFile: true });
  await t.db.insert(quotationSignatures).values({
    quotationId: quotation.id,
    provider: 'sandbox',
    providerRequestId: `test-${quotation.id}`,
    status: signedAt ? 'signed' : 'ongoing',
    createdAt: startedAt,
    signedAt,
  });
  if (signedAt) {
    const envelope = await storePdf(t, `Devis ${quotation.number}`, 'devis-signe.pdf');
    await t.db
      .update(agencyContractQuotations)
      .set({ envelopeFileId: envelope.id })
      .where(eq(agencyContractQuotations.id, quotation.id));
  }
  return quotation;
}

const at = (iso: string) => new Date(iso);

/** The entry names of a zip's central directory, read as UTF-8 (flag 11 set by the writer). */
function centralDirectoryNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (
    let i = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    i !== -1;
    i = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), i + 1)
  ) {
    expect(zip.readUInt16LE(i + 8) & 0x0800).toBe(0x0800);
    names.push(zip.subarray(i + 46, i + 46 + zip.readUInt16LE(i + 28)).toString('utf8'));
  }
  return names;
}

describe('GET /signature-documents', () => {
  it('lists the caller’s agencies’ documents with filters, paging and the total', async () => {
    const { agency, admin } = await holder();
    await sent(admin, agency.id, { title: 'Avenant chaudière', clientLastName: 'Morel' });
    await sent(admin, agency.id, { title: 'Contrat pompe à chaleur' });
    await signedDocument(admin, agency.id, at('2026-03-10T10:00:00Z'), 'Contrat de mars');
    const other = await holder();
    await sent(other.admin, other.agency.id);

    const all = await call(admin, 'GET', '/signature-documents');
    expect(all.statusCode).toBe(200);
    expect(all.json().totalCount).toBe(3);
    expect(all.json().signatureDocuments.map((d: { title: string }) => d.title)).toEqual([
      'Contrat pompe à chaleur',
      'Avenant chaudière',
      'Contrat de mars',
    ]);

    const page = await call(admin, 'GET', '/signature-documents?limit=1&offset=1');
    expect(page.json()).toMatchObject({ totalCount: 3, signatureDocuments: [{ title: 'Avenant chaudière' }] });
    expect((await call(admin, 'GET', '/signature-documents?search=morel')).json().totalCount).toBe(1);
    expect((await call(admin, 'GET', '/signature-documents?search=hélène le')).json().totalCount).toBe(2);
    expect((await call(admin, 'GET', '/signature-documents?status=signed')).json()).toMatchObject({
      totalCount: 1,
      signatureDocuments: [{ title: 'Contrat de mars', status: 'signed' }],
    });
    const march = await call(admin, 'GET', '/signature-documents?startDateIncluded=2026-03-01&endDateExcluded=2026-04-01');
    expect(march.json().totalCount).toBe(1);
    expect((await call(admin, 'GET', `/signature-documents?agencyId=${agency.id}`)).json().totalCount).toBe(3);
  });

  it('refuses another adherent’s agency, callers without the permission, customers and anonymous callers', async () => {
    const { agency, admin } = await holder();
    const other = await t.buildAgency();
    const technician = await t.buildAdmin({ roleId: 6, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const customer = await t.buildClient({ agencyIds: [agency.id] });
    expect((await call(admin, 'GET', `/signature-documents?agencyId=${other.id}`)).statusCode).toBe(403);
    expect((await call(technician, 'GET', '/signature-documents')).statusCode).toBe(403);
    expect((await call(customer, 'GET', '/signature-documents')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/signature-documents')).statusCode).toBe(401);
    const bad = await call(admin, 'GET', '/signature-documents?status=perdu&limit=500&startDateIncluded=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect(Object.keys(bad.json().errors).sort()).toEqual(['limit', 'startDateIncluded', 'status']);
  });
});

describe('GET /agency-contract-quotations (signature view)', () => {
  it('lists the agency’s quotes with a signature, signed or to sign, with filters', async () => {
    const { agency, admin } = await holder();
    const signed = await quotationWithSignature(agency.id, at('2026-02-01T09:00:00Z'), at('2026-02-03T09:00:00Z'), 'Signé');
    const pending = await quotationWithSignature(agency.id, at('2026-02-05T09:00:00Z'), null, 'Attente');
    const client = await t.buildClient({ agencyIds: [agency.id] });
    const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
    const notStarted = await buildQuotation(t, { agencyContractId: contract.id, withFile: true });
    const elsewhere = await t.buildAgency();
    await quotationWithSignature(elsewhere.id, at('2026-02-01T09:00:00Z'), at('2026-02-02T09:00:00Z'));

    const res = await call(admin, 'GET', '/agency-contract-quotations?hasSignatureInitiated=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalCount: 2,
      agencyContractQuotations: [
        {
          id: pending.id,
          number: pending.number,
          agencyContractFullName: 'Jeanne Attente',
          agencyId: agency.id,
          agencyName: agency.name,
          status: 'ongoing',
          signatureTime: null,
          envelopeFileId: null,
        },
        expect.objectContaining({
          id: signed.id,
          status: 'signed',
          signatureTime: '2026-02-03T09:00:00.000Z',
          envelopeFileId: expect.any(Number),
        }),
      ],
    });
    const notInitiated = await call(admin, 'GET', '/agency-contract-quotations?hasSignatureInitiated=false');
    expect(notInitiated.json().agencyContractQuotations.map((q: { id: number }) => q.id)).toEqual([notStarted.id]);
    expect(
      (await call(admin, 'GET', '/agency-contract-quotations?hasSignatureInitiated=true&status=signed')).json().totalCount,
    ).toBe(1);
    expect(
      (await call(admin, 'GET', '/agency-contract-quotations?hasSignatureInitiated=true&search=attente')).json().totalCount,
    ).toBe(1);
    const period = await call(
      admin,
      'GET',
      '/agency-contract-quotations?hasSignatureInitiated=true&startSignatureDateIncluded=2026-02-04&endSignatureDateExcluded=2026-03-01',
    );
    expect(period.json().agencyContractQuotations.map((q: { id: number }) => q.id)).toEqual([pending.id]);
    // The signed quote's envelope is the customer's document: the agency's staff read it.
    const envelopeFileId = res.json().agencyContractQuotations[1].envelopeFileId;
    expect((await call(admin, 'GET', `/files/${envelopeFileId}`)).statusCode).toBe(200);
  });

  it('refuses another adherent’s agency, callers without the permission and customers', async () => {
    const { admin } = await holder();
    const other = await t.buildAgency();
    const accountant = await t.buildAdmin({ roleId: 8 });
    const customer = await t.buildClient();
    expect((await call(admin, 'GET', `/agency-contract-quotations?agencyId=${other.id}`)).statusCode).toBe(403);
    expect((await call(accountant, 'GET', '/agency-contract-quotations')).statusCode).toBe(403);
    expect((await call(customer, 'GET', '/agency-contract-quotations')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/agency-contract-quotations')).statusCode).toBe(401);
    const bad = await call(admin, 'GET', '/agency-contract-quotations?hasSignatureInitiated=oui&status=expired');
    expect(Object.keys(bad.json().errors).sort()).toEqual(['hasSignatureInitiated', 'status']);
  });
});

describe('GET /signature-counts-by-agency', () => {
  it('counts signed documents and signed quotes per agency and Paris month, over the caller’s scope', async () => {
    const { agency, admin } = await holder();
    await signedDocument(admin, agency.id, at('2026-01-15T10:00:00Z'));
    // 31 January 23:30 in Paris is already February there.
    await signedDocument(admin, agency.id, at('2026-01-31T23:30:00Z'));
    await quotationWithSignature(agency.id, at('2026-02-01T09:00:00Z'), at('2026-02-02T09:00:00Z'));
    await quotationWithSignature(agency.id, at('2026-02-01T09:00:00Z'), null);
    await sent(admin, agency.id);
    const other = await holder();
    await signedDocument(other.admin, other.agency.id, at('2026-02-10T10:00:00Z'));

    const mine = await call(admin, 'GET', '/signature-counts-by-agency');
    expect(mine.statusCode).toBe(200);
    const adherentName = expect.any(String);
    expect(mine.json().signatureCounts).toEqual([
      {
        adherentId: agency.adherentId,
        adherentName,
        agencyName: agency.name,
        agencyId: agency.id,
        yearMonth: 202602,
        signatureCount: 2,
      },
      {
        adherentId: agency.adherentId,
        adherentName,
        agencyName: agency.name,
        agencyId: agency.id,
        yearMonth: 202601,
        signatureCount: 1,
      },
    ]);
    // Without the permission a staff user sees the overview of their own agencies.
    const technician = await t.buildAdmin({ roleId: 6, adherentId: agency.adherentId, agencyIds: [agency.id] });
    expect((await call(technician, 'GET', '/signature-counts-by-agency')).json()).toEqual(mine.json());
    // A network role sees the network, filtered by agency, adherent and period.
    const network = await t.buildAdmin({ roleId: 3 });
    const byAgency = await call(network, 'GET', `/signature-counts-by-agency?agencyId=${other.agency.id}`);
    expect(byAgency.json().signatureCounts).toEqual([expect.objectContaining({ agencyId: other.agency.id, signatureCount: 1 })]);
    const byAdherent = await call(
      network,
      'GET',
      `/signature-counts-by-agency?adherentId=${agency.adherentId}&startDateIncluded=2026-01-01&endDateExcluded=2026-02-01`,
    );
    expect(byAdherent.json().signatureCounts).toEqual([
      expect.objectContaining({ agencyId: agency.id, yearMonth: 202601, signatureCount: 1 }),
    ]);
  });

  it('refuses another adherent’s agency, customers and anonymous callers', async () => {
    const { admin } = await holder();
    const other = await t.buildAgency();
    expect((await call(admin, 'GET', `/signature-counts-by-agency?agencyId=${other.id}`)).statusCode).toBe(403);
    expect((await call(await t.buildClient(), 'GET', '/signature-counts-by-agency')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/signature-counts-by-agency')).statusCode).toBe(401);
    const bad = await call(admin, 'GET', '/signature-counts-by-agency?adherentId=abc&endDateExcluded=demain');
    expect(Object.keys(bad.json().errors).sort()).toEqual(['adherentId', 'endDateExcluded']);
  });
});

describe('POST /signature-documents:archive', () => {
  it('zips the period’s signed envelopes of the agency, served as signatures.zip to its maker only', async () => {
    const { agency, admin } = await holder();
    await signedDocument(admin, agency.id, at('2026-03-02T10:00:00Z'), 'Contrat / entretien');
    await signedDocument(admin, agency.id, at('2026-03-02T10:00:00Z'), 'Contrat / entretien');
    const quote = await quotationWithSignature(agency.id, at('2026-03-01T09:00:00Z'), at('2026-03-05T09:00:00Z'));
    await signedDocument(admin, agency.id, at('2026-05-02T10:00:00Z'), 'Hors période');

    const res = await call(admin, 'POST', '/signature-documents:archive', {
      agencyId: agency.id,
      startDateIncluded: '2026-03-01',
      endDateExcluded: '2026-04-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ fileId: expect.any(Number), envelopeCount: 3 });
    const zip = await call(admin, 'GET', `/files/${res.json().fileId}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(String(zip.headers['content-disposition'])).toContain('signatures.zip');
    const dir = mkdtempSync(join(tmpdir(), 'signatures-'));
    writeFileSync(join(dir, 'signatures.zip'), zip.rawPayload);
    // The archive is a valid zip (unzip tests every CRC) with unique, safe names.
    const listing = execFileSync('unzip', ['-t', join(dir, 'signatures.zip')]).toString();
    expect(listing).toContain('No errors detected');
    const names = centralDirectoryNames(zip.rawPayload);
    expect(names.sort()).toEqual([
      `devis/2026-03-05 Devis ${quote.number} - Jeanne Durand.pdf`,
      'documents/2026-03-02 Contrat entretien - Hélène Le Gall (2).pdf',
      'documents/2026-03-02 Contrat entretien - Hélène Le Gall.pdf',
    ]);
    const colleague = await t.buildAdmin({ roleId: 7, adherentId: agency.adherentId, agencyIds: [agency.id] });
    expect((await call(colleague, 'GET', `/files/${res.json().fileId}`)).statusCode).toBe(404);
    // An export of customers' signed documents is in the audit log (issue 27 §4).
    const [exported] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(res.json().fileId)));
    expect(exported).toMatchObject({
      action: 'signature_document.archive_exported',
      actorAdminId: admin.id,
      agencyId: agency.id,
      adherentId: agency.adherentId,
      details: { envelopeCount: 3 },
    });
  });

  it('refuses an empty period, a bad period, another adherent’s agency and callers without the permission', async () => {
    const { agency, admin } = await holder();
    const body = { agencyId: agency.id, startDateIncluded: '2025-01-01', endDateExcluded: '2025-02-01' };
    const empty = await call(admin, 'POST', '/signature-documents:archive', body);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe('Aucun document signé sur cette période');
    const reversed = await call(admin, 'POST', '/signature-documents:archive', { ...body, endDateExcluded: '2024-12-01' });
    expect(reversed.json()).toMatchObject({
      code: 'validation_failed',
      errors: { endDateExcluded: ['La fin de la période doit suivre son début'] },
    });
    const tooLong = await call(admin, 'POST', '/signature-documents:archive', { ...body, endDateExcluded: '2026-06-01' });
    expect(tooLong.json().errors.endDateExcluded).toEqual(['Une archive couvre au plus 370 jours']);
    const missing = await call(admin, 'POST', '/signature-documents:archive', { agencyId: agency.id });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['endDateExcluded', 'startDateIncluded']);
    const other = await t.buildAgency();
    expect((await call(admin, 'POST', '/signature-documents:archive', { ...body, agencyId: other.id })).statusCode).toBe(403);
    const technician = await t.buildAdmin({ roleId: 6, adherentId: agency.adherentId, agencyIds: [agency.id] });
    expect((await call(technician, 'POST', '/signature-documents:archive', body)).statusCode).toBe(403);
    expect((await call(await t.buildClient(), 'POST', '/signature-documents:archive', body)).statusCode).toBe(403);
    expect((await call(null, 'POST', '/signature-documents:archive', body)).statusCode).toBe(401);
  });
});
