import { POSTAL_CODE_CSV_MESSAGES } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { agencyPostalCodes, auditLog } from '../../db/schema/index.js';
import { parsePostalCodeCsv } from './postal-codes.js';

const t = await buildTestApp();
type Who = Parameters<typeof t.authHeader>[0];

async function upload(who: Who | null, agencyId: number | string, csv: string, contentType = 'text/csv') {
  const headers = { ...(who ? await t.authHeader(who) : {}), 'content-type': contentType };
  return t.app.inject({ method: 'POST', url: `/api/agencies/${agencyId}/import-postal-codes`, headers, payload: csv });
}
async function download(who: Who | null, agencyId: number) {
  const headers = who ? await t.authHeader(who) : {};
  return t.app.inject({ method: 'GET', url: `/api/agencies/${agencyId}/export-postal-codes`, headers });
}
const codesOf = async (agencyId: number) =>
  (await t.db.select().from(agencyPostalCodes).where(eq(agencyPostalCodes.agencyId, agencyId))).map((r) => r.postalCode).sort();

describe('parsePostalCodeCsv', () => {
  it('reads the first cell of each line, skips a header and blank lines, dedupes', () => {
    expect(parsePostalCodeCsv('\uFEFFcodePostal;ville\r\n69001;Lyon\n\n"69002",Lyon\r69001\n')).toEqual({
      postalCodes: ['69001', '69002'],
      errors: [],
    });
  });
});

describe('POST /api/agencies/{id}/import-postal-codes', () => {
  it('replaces the set of a director’s agency, and the export gives it back as CSV', async () => {
    const agency = await t.buildAgency();
    await t.db.insert(agencyPostalCodes).values({ agencyId: agency.id, postalCode: '75001' });
    const director = await t.buildAdmin({ roleId: 4, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const res = await upload(director, agency.id, 'codePostal\n69003\n69001\n');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ postalCodes: ['69001', '69003'] });
    expect(await codesOf(agency.id)).toEqual(['69001', '69003']);

    const exported = await download(director, agency.id);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(exported.payload).toBe('codePostal\r\n69001\r\n69003\r\n');
    // Both the import and the export are in the audit log, about the agency (issue 27 §4).
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.agencyId, agency.id)).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.actorAdminId, e.details])).toEqual([
      ['agency.postal_codes_imported', director.id, { count: 2 }],
      ['agency.postal_codes_exported', director.id, { count: 2 }],
    ]);
  });

  it('reports every bad line with its number and saves nothing from that file', async () => {
    const agency = await t.buildAgency();
    await t.db.insert(agencyPostalCodes).values({ agencyId: agency.id, postalCode: '75001' });
    const network = await t.buildAdmin({ roleId: 1 });
    const res = await upload(network, agency.id, 'codePostal\n69001\n6900\n\nLyon\n69002\n1234567\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        file: [
          'Ligne 3 : code postal invalide (5 chiffres attendus).',
          'Ligne 5 : code postal invalide (5 chiffres attendus).',
          'Ligne 7 : code postal invalide (5 chiffres attendus).',
        ],
      },
    });
    expect(await codesOf(agency.id)).toEqual(['75001']);
    const empty = await upload(network, agency.id, 'codePostal\n\n');
    expect(empty.json().errors.file).toEqual(['Le fichier ne contient aucun code postal.']);
  });

  it('says a picture, a PDF or JSON is not a CSV, in French, and keeps the set (issue 25)', async () => {
    const agency = await t.buildAgency();
    await t.db.insert(agencyPostalCodes).values({ agencyId: agency.id, postalCode: '75001' });
    const network = await t.buildAdmin({ roleId: 2 });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex');
    const headers = { ...(await t.authHeader(network)), 'content-type': 'image/png' };
    const url = `/api/agencies/${agency.id}/import-postal-codes`;
    const cases = [
      await t.app.inject({ method: 'POST', url, headers, payload: png }),
      // A PNG sent as text/csv (renamed, or a browser without its type).
      await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'text/csv' }, payload: png }),
      await upload(network, agency.id, '{"a":1}', 'application/json'),
      await upload(network, agency.id, '%PDF-1.7', 'application/pdf'),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { file: [POSTAL_CODE_CSV_MESSAGES.notCsv] } });
    }
    expect(await codesOf(agency.id)).toEqual(['75001']);
  });

  it('refuses another adherent’s agency (404), roles without the permission (403)', async () => {
    const agency = await t.buildAgency();
    const stranger = await t.buildAdmin({ roleId: 7 });
    expect((await upload(stranger, agency.id, '69001\n')).statusCode).toBe(404);
    expect((await download(stranger, agency.id)).statusCode).toBe(404);
    for (const roleId of [3, 6, 9]) {
      const who = await t.buildAdmin({
        roleId,
        ...(roleId > 3 ? { adherentId: agency.adherentId, agencyIds: [agency.id] } : {}),
      });
      expect((await upload(who, agency.id, '69001\n')).statusCode).toBe(403);
      expect((await download(who, agency.id)).statusCode).toBe(403);
    }
    expect((await upload(null, agency.id, '69001\n')).statusCode).toBe(401);
    expect(await codesOf(agency.id)).toEqual([]);
  });

  it('applies two concurrent imports one after the other: the set is one of the two files, whole', async () => {
    const agency = await t.buildAgency();
    const network = await t.buildAdmin({ roleId: 1 });
    const [a, b] = await Promise.all([
      upload(network, agency.id, '69001\n69002\n'),
      upload(network, agency.id, '13001\n13002\n13003\n'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([
      ['13001', '13002', '13003'],
      ['69001', '69002'],
    ]).toContainEqual(await codesOf(agency.id));
  });
});
