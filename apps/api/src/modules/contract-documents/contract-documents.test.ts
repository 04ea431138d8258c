import { FILE_NAME_HEADER } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildContract, buildDocument, pdfBytes, storeFile } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';

const t = await buildTestApp();

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });

async function customer() {
  const agency = await t.buildAgency();
  const client = await t.buildClient({ agencyIds: [agency.id] });
  const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
  return { agency, client, contract, headers: await t.authHeader(client) };
}

describe('GET /agency-contract-documents/mine', () => {
  it('lists the contract’s documents newest first, saying which have a file', async () => {
    const me = await customer();
    const agencyContractId = me.contract.id;
    const old = await buildDocument(t, {
      agencyContractId,
      description: 'Certificat de ramonage',
      date: '2024-11-02',
      withFile: true,
    });
    const recent = await buildDocument(t, {
      agencyContractId,
      description: "Attestation d'entretien",
      date: '2025-10-15',
      withFile: true,
    });
    const paperOnly = await buildDocument(t, { agencyContractId, description: 'Contrat signé (papier)', date: '2023-09-01' });
    const otherContract = await buildContract(t, { clientId: me.client.id, agencyId: me.agency.id });
    await buildDocument(t, { agencyContractId: otherContract.id });

    const res = await get(`/agency-contract-documents/mine?agencyContractId=${agencyContractId}`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      agencyContractDocuments: [
        { id: recent.id, description: "Attestation d'entretien", date: '2025-10-15', hasFile: true, fileId: recent.fileId },
        { id: old.id, description: 'Certificat de ramonage', date: '2024-11-02', hasFile: true, fileId: old.fileId },
        { id: paperOnly.id, description: 'Contrat signé (papier)', date: '2023-09-01', hasFile: false, fileId: null },
      ],
    });
  });

  it('401, 403 for staff, 404 for another customer’s contract, 400 without a contract', async () => {
    const me = await customer();
    const stranger = await customer();
    await buildDocument(t, { agencyContractId: stranger.contract.id, withFile: true });
    const url = `/agency-contract-documents/mine?agencyContractId=${me.contract.id}`;
    expect((await get(url)).statusCode).toBe(401);
    const admin = await t.buildAdmin({ roleId: 7, agencyIds: [me.agency.id] });
    expect((await get(url, await t.authHeader(admin))).statusCode).toBe(403);
    const theirs = await get(`/agency-contract-documents/mine?agencyContractId=${stranger.contract.id}`, me.headers);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('not_found');
    for (const query of ['', '?agencyContractId=abc']) {
      const res = await get(`/agency-contract-documents/mine${query}`, me.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});

describe('GET /agency-contract-documents/{id}/file', () => {
  it('sends the bytes with the same headers as GET /files/{id}', async () => {
    const me = await customer();
    const bytes = await pdfBytes('Attestation');
    const file = await storeFile(t, bytes, 14, 'Attestation d’entretien 2025.pdf');
    const document = await buildDocument(t, { agencyContractId: me.contract.id, fileId: file.id });
    const res = await get(`/agency-contract-documents/${document.id}/file`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
    const viaFiles = await get(`/files/${file.id}`, me.headers);
    for (const header of ['content-type', FILE_NAME_HEADER, 'content-disposition', 'cache-control']) {
      expect(res.headers[header], header).toBe(viaFiles.headers[header]);
    }
    expect(res.headers[FILE_NAME_HEADER]).toBe(encodeURIComponent('Attestation d’entretien 2025.pdf'));
  });

  it('404 for another customer’s document, a document without file, an unknown id; 401; 403 for staff; 400 bad id', async () => {
    const me = await customer();
    const stranger = await customer();
    const theirs = await buildDocument(t, { agencyContractId: stranger.contract.id, withFile: true });
    const noFile = await buildDocument(t, { agencyContractId: me.contract.id });
    for (const id of [theirs.id, noFile.id, 999_999]) {
      const res = await get(`/agency-contract-documents/${id}/file`, me.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await get(`/agency-contract-documents/${theirs.id}/file`)).statusCode).toBe(401);
    const admin = await t.buildAdmin({ roleId: 1 });
    expect((await get(`/agency-contract-documents/${theirs.id}/file`, await t.authHeader(admin))).statusCode).toBe(403);
    expect((await get('/agency-contract-documents/abc/file', me.headers)).statusCode).toBe(400);
  });
});
