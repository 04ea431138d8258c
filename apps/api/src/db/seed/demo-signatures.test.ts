import type { SignatureCountList, SignatureDocument } from '@reseau/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoApp, DEMO_SEED_TIMEOUT, demoStaffGet, type TestApp } from '../../../test/demo-app.js';

/** The demo's signatures as the signature screen asks them (GET /signature-documents and the counts). */
describe('demo seed: signatures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildDemoApp();
  }, DEMO_SEED_TIMEOUT);

  const as = (email: string) => demoStaffGet(t, email);

  it('shows the director documents in every status, the signed ones with a readable stamped envelope', async () => {
    const director = await as('dirigeant@demo.fr');
    const list = (await director('/signature-documents?limit=100')).json() as { signatureDocuments: SignatureDocument[] };
    const statuses = new Set(list.signatureDocuments.map((d) => d.status));
    expect([...statuses].sort()).toEqual(['created', 'declined', 'expired', 'ongoing', 'signed']);
    const signed = list.signatureDocuments.find((d) => d.status === 'signed')!;
    expect(signed.openingTime).not.toBeNull();
    const envelope = await director(`/files/${signed.envelopeFileId}`);
    expect(envelope.statusCode).toBe(200);
    expect(envelope.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const quotations = (await director('/agency-contract-quotations?hasSignatureInitiated=true')).json();
    expect(quotations.agencyContractQuotations.map((q: { status: string }) => q.status).sort()).toEqual([
      'ongoing',
      'signed',
      'signed',
      'signed',
    ]);
  });

  it('counts signatures for the network overview of several adherents', async () => {
    const animator = await as('animateur@demo.fr');
    const { signatureCounts } = (await animator('/signature-counts-by-agency')).json() as SignatureCountList;
    expect(new Set(signatureCounts.map((c) => c.adherentName)).size).toBeGreaterThanOrEqual(3);
    expect(signatureCounts.every((c) => c.signatureCount > 0)).toBe(true);
  });
});
