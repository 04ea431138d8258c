import {
  AGENCY_API_KEY_HEADER,
  FILE_MESSAGES,
  IMPORT_FILE_MESSAGES,
  type ImportAnswer,
  type ImportFileAnswer,
} from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agencyWithKey } from '../../../test/agency-keys.js';
import { pdfBytes } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import {
  agencyContractDocuments,
  agencyContractQuotations,
  agencyContractServiceCalls,
  clients,
  files,
  importRefs,
} from '../../db/schema/index.js';

const t = await buildTestApp();

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

/** A key of a fresh agency, with one customer, contract, quotation, invoice, service call and document imported. */
async function importedFamily() {
  const { agencyId, apiKey } = await agencyWithKey(t);
  const tag = unique();
  const email = `pdf-${tag}@test.fr`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { [AGENCY_API_KEY_HEADER]: apiKey },
    payload: {
      items: [
        { type: 'client', externalRef: 'K', email, firstName: 'Léa', lastName: 'Roy' },
        { type: 'contract', externalRef: 'C', clientEmail: email, route: '1 rue', postalCode: '69001', locality: 'Lyon' },
        { type: 'quotation', externalRef: 'Q', contractRef: 'C', amountIncludingTax: 1000, issueDate: '2026-01-01' },
        {
          type: 'invoice',
          externalRef: 'I',
          contractRef: 'C',
          amountIncludingTax: 1000,
          leftToPayIncludingTax: 0,
          issueDate: '2026-01-01',
        },
        { type: 'serviceCall', externalRef: 'S', contractRef: 'C', requestDate: '2026-01-01' },
        { type: 'document', externalRef: 'D', contractRef: 'C', description: 'Attestation', date: '2026-01-01' },
      ],
    },
  });
  expect(res.statusCode).toBe(200);
  return { agencyId, apiKey, email };
}

const put = (apiKey: string, type: string, ref: string, bytes: Buffer, contentType = 'application/pdf') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/imports/files/${type}/${encodeURIComponent(ref)}`,
    headers: { [AGENCY_API_KEY_HEADER]: apiKey, 'content-type': contentType },
    payload: bytes,
  });

async function entityOf(agencyId: number, type: string, ref: string) {
  const [row] = await t.db
    .select({ entityId: importRefs.entityId })
    .from(importRefs)
    .where(and(eq(importRefs.agencyId, agencyId), eq(importRefs.type, type), eq(importRefs.externalRef, ref)));
  return row!.entityId!;
}

describe('PUT /api/imports/files/{type}/{externalRef}', () => {
  it('attaches a PDF (type 14) to a quotation, which its customer then downloads', async () => {
    const { agencyId, apiKey, email } = await importedFamily();
    const bytes = await pdfBytes('Devis Q');
    const res = await put(apiKey, 'quotation', 'Q', bytes);
    expect(res.statusCode).toBe(200);
    const { fileId, status } = res.json() as ImportFileAnswer;
    expect(status).toBe('created');
    const [quote] = await t.db
      .select()
      .from(agencyContractQuotations)
      .where(eq(agencyContractQuotations.id, await entityOf(agencyId, 'quotation', 'Q')));
    expect(quote?.fileId).toBe(fileId);
    const [file] = await t.db.select().from(files).where(eq(files.id, fileId));
    expect(file).toMatchObject({ typeId: 14, mimeType: 'application/pdf', size: bytes.length, fileName: 'Q.pdf' });

    // The customer signs up with the email the import gave them, then reads the file.
    await t.db
      .update(clients)
      .set({ passwordHash: 'x', emailVerifiedAt: new Date() })
      .where(sql`lower(${clients.emailAddress}) = ${email}`);
    const [customer] = await t.db.select().from(clients).where(sql`lower(${clients.emailAddress}) = ${email}`);
    const download = await t.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: await t.authHeader(customer!) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it('finds an item by the longest reference allowed, accents and spaces encoded in the path', async () => {
    const { apiKey } = await importedFamily();
    const ref = 'Attestation d’entretien n° 2026/€ – éèàù '.padEnd(100, 'é');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { [AGENCY_API_KEY_HEADER]: apiKey },
      payload: {
        items: [{ type: 'document', externalRef: ref, contractRef: 'C', description: 'Attestation', date: '2026-01-01' }],
      },
    });
    expect((sent.json() as ImportAnswer).results[0]?.status).toBe('created');
    const res = await put(apiKey, 'document', ref, await pdfBytes('Attestation'));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ImportFileAnswer).status).toBe('created');
  });

  it('keeps one file for the same bytes sent twice, even at once, and replaces it with other bytes', async () => {
    const { agencyId, apiKey } = await importedFamily();
    const bytes = await pdfBytes('Bon S');
    const filesBefore = (await t.db.select({ id: files.id }).from(files)).length;
    const answers = await Promise.all([put(apiKey, 'serviceCall', 'S', bytes), put(apiKey, 'serviceCall', 'S', bytes)]);
    const bodies = answers.map((r) => r.json() as ImportFileAnswer);
    expect(bodies.map((b) => b.status).sort()).toEqual(['created', 'unchanged']);
    expect(bodies[0]?.fileId).toBe(bodies[1]?.fileId);
    const again = (await put(apiKey, 'serviceCall', 'S', bytes)).json() as ImportFileAnswer;
    expect(again).toEqual({ fileId: bodies[0]?.fileId, status: 'unchanged' });
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(filesBefore + 1);

    const other = (await put(apiKey, 'serviceCall', 'S', await pdfBytes('Bon S, corrigé'))).json() as ImportFileAnswer;
    expect(other.status).toBe('updated');
    const [call] = await t.db
      .select()
      .from(agencyContractServiceCalls)
      .where(eq(agencyContractServiceCalls.id, await entityOf(agencyId, 'serviceCall', 'S')));
    expect(call?.voucherId).toBe(other.fileId);
    // The replaced PDF is gone, row and bytes: one file per item, however often it is corrected.
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, bodies[0]!.fileId))).toEqual([]);
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(filesBefore + 1);
  });

  it('refuses what is not a PDF, an empty body, an unknown reference or type, another agency’s item, and no key', async () => {
    const { agencyId, apiKey } = await importedFamily();
    const stranger = await importedFamily();
    const notPdf = await put(apiKey, 'document', 'D', Buffer.from('pas un pdf, juste du texte'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({ code: 'file_type_not_allowed' });
    const empty = await put(apiKey, 'document', 'D', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation_failed', errors: { file: [FILE_MESSAGES.empty] } });
    const pdf = await pdfBytes();
    const unknown = await put(apiKey, 'document', 'inconnu', pdf);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: IMPORT_FILE_MESSAGES.unknownItem });
    const badType = await put(apiKey, 'contract', 'C', pdf);
    expect(badType.json()).toMatchObject({ code: 'validation_failed', errors: { type: [IMPORT_FILE_MESSAGES.unknownType] } });
    // The stranger's key does not reach this agency's document of the same reference: it writes its own.
    const theirs = (await put(stranger.apiKey, 'document', 'D', pdf)).json() as ImportFileAnswer;
    const [mine] = await t.db
      .select()
      .from(agencyContractDocuments)
      .where(eq(agencyContractDocuments.id, await entityOf(agencyId, 'document', 'D')));
    expect(mine?.fileId).toBeNull();
    expect(theirs.status).toBe('created');
    const noKey = await t.app.inject({
      method: 'PUT',
      url: '/api/imports/files/document/D',
      headers: { 'content-type': 'application/pdf' },
      payload: pdf,
    });
    expect(noKey.statusCode).toBe(401);
  });
});
