import { and, count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildContract, buildQuotation } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import {
  agencyContractQuotations,
  contacts,
  esignSandboxRequests,
  quotationSignatures,
  webhookEvents,
} from '../../db/schema/index.js';
import { STALE_CREATION_MS } from './signature.js';

/** Issue 6 §3 and §6: one open signature request per quote; the anonymous sandbox webhook records only real events. */
const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];

const signedPath = (contractId: number) => `/extranet/contract/${contractId}?tab=quote&signed=true`;

let seq = 0;
async function quoteToSign() {
  const agency = await t.buildAgency();
  const client = await t.buildClient({ agencyIds: [agency.id] });
  const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
  const number = `DE-ONE-${Date.now().toString(36)}-${++seq}`;
  const quotation = await buildQuotation(t, { agencyContractId: contract.id, withFile: true, number });
  return { agency, client, contract, quotation };
}

async function initialize(who: Who, quotationId: number, contractId: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/agency-contract-quotations/${quotationId}:initialize-signature`,
    headers: await t.authHeader(who),
    payload: { redirectUrl: signedPath(contractId) },
  });
}

const signaturesOf = (quotationId: number) =>
  t.db.select().from(quotationSignatures).where(eq(quotationSignatures.quotationId, quotationId));
/** The provider's side: the sandbox requests made for this quote (named after its number). */
const sandboxRequestsOf = (number: string) =>
  t.db
    .select()
    .from(esignSandboxRequests)
    .where(like(esignSandboxRequests.name, `Devis ${number} %`));
const notify = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/signature-notifications/sandbox', payload: payload as never });
const webhookEventCount = async () => (await t.db.select({ n: count() }).from(webhookEvents))[0]!.n;

describe('one open signature request per quote', () => {
  it('50 concurrent starts make one provider request and answer one link', async () => {
    const { client, contract, quotation } = await quoteToSign();
    const answers = await Promise.all(Array.from({ length: 50 }, () => initialize(client, quotation.id, contract.id)));

    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const other of answers.filter((a) => a.statusCode !== 200)) expect(other.json().code).toBe('conflict');
    const links = new Set(ok.map((a) => a.json().signatureUrl as string));
    expect(links.size).toBe(1);

    const atProvider = await sandboxRequestsOf(quotation.number);
    expect(atProvider).toHaveLength(1);
    const rows = await signaturesOf(quotation.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'ongoing', providerRequestId: atProvider[0]!.id });
    expect([...links][0]).toBe(`/api/esign-sandbox/${atProvider[0]!.id}`);
  });

  it('a request left in creation by a crash is marked failed after 2 minutes and replaced', async () => {
    const { client, contract, quotation } = await quoteToSign();
    const [left] = await t.db
      .insert(quotationSignatures)
      .values({
        quotationId: quotation.id,
        provider: 'sandbox',
        status: 'creating',
        createdAt: new Date(Date.now() - STALE_CREATION_MS - 1_000),
      })
      .returning();
    const res = await initialize(client, quotation.id, contract.id);
    expect(res.statusCode).toBe(200);
    const rows = await signaturesOf(quotation.id);
    expect(rows.find((r) => r.id === left!.id)!.status).toBe('failed');
    expect(rows.find((r) => r.id !== left!.id)).toMatchObject({ status: 'ongoing', signatureUrl: res.json().signatureUrl });
  });

  it('answers 409 while another start is still creating the request (after a short wait)', async () => {
    const { client, contract, quotation } = await quoteToSign();
    await t.db.insert(quotationSignatures).values({ quotationId: quotation.id, provider: 'sandbox', status: 'creating' });
    const res = await initialize(client, quotation.id, contract.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'conflict',
      message: 'Une demande de signature de ce devis est en cours de préparation, réessayez dans un instant.',
    });
    expect(await sandboxRequestsOf(quotation.number)).toEqual([]);
  });

  it('an open request of another provider (ESIGN_PROVIDER changed) is superseded by a new one', async () => {
    const { client, contract, quotation } = await quoteToSign();
    const [old] = await t.db
      .insert(quotationSignatures)
      .values({
        quotationId: quotation.id,
        provider: 'yousign',
        providerRequestId: `ys-${quotation.id}`,
        status: 'ongoing',
        signatureUrl: 'https://yousign.app/signatures/x',
      })
      .returning();
    expect((await initialize(client, quotation.id, contract.id)).statusCode).toBe(200);
    const rows = await signaturesOf(quotation.id);
    expect(rows.map((r) => [r.provider, r.status]).sort()).toEqual([
      ['sandbox', 'ongoing'],
      ['yousign', 'superseded'],
    ]);
    expect(rows.find((r) => r.id === old!.id)!.status).toBe('superseded');
  });

  it('a superseded request (migration 0004) that the customer signs still signs the quote', async () => {
    const { agency, client, contract, quotation } = await quoteToSign();
    const oldLink = (await initialize(client, quotation.id, contract.id)).json().signatureUrl as string;
    await t.db.update(quotationSignatures).set({ status: 'superseded' }).where(eq(quotationSignatures.quotationId, quotation.id));
    const newLink = (await initialize(client, quotation.id, contract.id)).json().signatureUrl as string;
    expect(newLink).not.toBe(oldLink);

    const signed = await t.app.inject({ method: 'POST', url: `${oldLink}:sign` });
    expect(signed.statusCode).toBe(303);
    expect(signed.headers.location).toBe(signedPath(contract.id));
    const [row] = await t.db.select().from(agencyContractQuotations).where(eq(agencyContractQuotations.id, quotation.id));
    expect(row).toMatchObject({ isAcceptedLocally: true, envelopeFileId: expect.any(Number) });
    const old = (await signaturesOf(quotation.id)).find((s) => oldLink.endsWith(s.providerRequestId!))!;
    expect(old.status).toBe('signed');
    const accepted = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.agencyId, agency.id), eq(contacts.type, 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT')));
    expect(accepted).toHaveLength(1);
    expect((await initialize(client, quotation.id, contract.id)).statusCode).toBe(409);
  });
});

describe('forged sandbox signature notifications', () => {
  it('record nothing for 20 made-up request ids', async () => {
    const before = await webhookEventCount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        notify({ eventId: `forged-${i}`, requestId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }),
      ),
    );
    expect(answers.map((a) => a.json())).toEqual(answers.map(() => ({ outcome: 'ignored' })));
    expect(await webhookEventCount()).toBe(before);
  });

  it('made-up event ids about a real request add one event per state, not one per call', async () => {
    const { client, contract, quotation } = await quoteToSign();
    const requestId = ((await initialize(client, quotation.id, contract.id)).json().signatureUrl as string).split('/').pop()!;
    const before = await webhookEventCount();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => notify({ eventId: `made-up-${i}`, requestId })));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await webhookEventCount()).toBe(before + 1);
    expect(await t.db.select().from(webhookEvents).where(like(webhookEvents.eventId, 'made-up-%'))).toEqual([]);
    expect((await signaturesOf(quotation.id))[0]!.status).toBe('ongoing');
  });
});
