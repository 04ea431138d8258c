import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildContract, buildInvoice, buildQuotation } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { type ReceivedEvent, readEvents } from '../../../test/sse.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { contacts, sessions } from '../../db/schema/index.js';
import { notify } from '../../kernel/notify.js';
import type { ZApp } from '../../lib/http.js';
import { pdf17 } from '../signature-documents/test-kit.js';

/** Issue 31 §2: one authenticated stream per tab, events to their audience only, across instances. */
const MODULES = [
  'live-events',
  'contacts',
  'invoices',
  'payment-sandbox',
  'notifications',
  'files',
  'signature-documents',
  'quotations',
  'esign-sandbox',
] as const;
const t = await buildTestApp({}, { modules: [...MODULES] });
const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
// After a stream it aborted, the test's fetch client (undici) leaves a connection that never sends
// a request: Node's server.close waits for its headers timeout (60 s), so the tests cut it.
// Run before buildTestApp's own afterAll, which closes the app (hooks run in reverse order).
afterAll(() => t.app.server.closeAllConnections());

/** A stream read as the web app reads it (fetch, not EventSource: the token is a header). */
async function openStream(headers: Record<string, string>, on = base) {
  const abort = new AbortController();
  const res = await fetch(`${on}/api/live-events`, { headers, signal: abort.signal });
  const events: ReceivedEvent[] = [];
  const state = { ended: false };
  const reading = (async () => {
    if (res.ok && res.body) await readEvents(res.body, events);
    state.ended = true;
  })();
  const stream = {
    res,
    events,
    kinds: () => events.map((e) => e.event).filter((kind) => kind !== 'ready'),
    get ended() {
      return state.ended;
    },
    close: async () => {
      abort.abort();
      await reading;
    },
  };
  if (res.ok) await expect.poll(() => events.some((e) => e.event === 'ready')).toBe(true);
  return stream;
}

const within1s = { timeout: 1000, interval: 20 };

describe('GET /api/live-events', () => {
  it('answers 401 without a token, and an event stream with the proxy headers to a signed-in caller', async () => {
    expect((await fetch(`${base}/api/live-events`)).status).toBe(401);
    const admin = await t.buildAdmin({ roleId: 3 });
    const stream = await openStream(await t.authHeader(admin));
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('cache-control')).toContain('no-cache');
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    await stream.close();
  });

  it('is in the OpenAPI document as an event stream', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const get = doc.paths['/live-events'].get;
    expect(Object.keys(get.responses['200'].content)).toEqual(['text/event-stream']);
    expect(get.parameters.map((p: { name: string }) => p.name)).toContain('last-event-id');
  });

  it('refuses a malformed Last-Event-ID', async () => {
    const admin = await t.buildAdmin({ roleId: 3 });
    const res = await fetch(`${base}/api/live-events`, {
      headers: { ...(await t.authHeader(admin)), 'last-event-id': 'x'.repeat(41) },
    });
    expect(res.status).toBe(400);
  });

  it('tells an admin of their own new notification within a second, never of another admin’s', async () => {
    const [me, other] = [await t.buildAdmin({ roleId: 3 }), await t.buildAdmin({ roleId: 3 })];
    const [mine, theirs] = [await openStream(await t.authHeader(me)), await openStream(await t.authHeader(other))];
    await notify(t.db, [me.id], 'NEW_NETWORK_ACTUALITY', { networkActualityId: 1 });
    await expect.poll(() => mine.kinds(), within1s).toEqual(['notifications']);
    // Nothing names the audience: the kind, and an id on the database's clock.
    expect(mine.events.at(-1)).toEqual({
      event: 'notifications',
      data: { kind: 'notifications' },
      id: expect.stringMatching(/^\d{16}$/),
    });
    expect(theirs.kinds()).toEqual([]);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('tells the staff of an agency who may read demands, and role 1, of its demands; no one else', async () => {
    const agency = await t.buildAgency();
    const elsewhere = await t.buildAgency();
    const collaborator = await t.buildAdmin({ roleId: 9, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const otherAgency = await t.buildAdmin({ roleId: 9, adherentId: elsewhere.adherentId, agencyIds: [elsewhere.id] });
    const network = await t.buildAdmin({ roleId: 1 });
    const technician = await t.buildAdmin({ roleId: 6, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const streams = await Promise.all(
      [collaborator, otherAgency, network, technician].map(async (a) => openStream(await t.authHeader(a))),
    );
    const [ofAgency, ofOther, ofNetwork, ofTechnician] = streams;

    const [row] = await t.db
      .insert(contacts)
      .values({ agencyId: agency.id, type: 'SITE_CONTACT', fullName: 'Nathalie Bernard', emailAddress: 'n@exemple.fr', data: {} })
      .returning();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/contacts/${row!.id}:set-processed`,
      headers: await t.authHeader(network),
    });
    expect(res.statusCode).toBe(204);
    await expect.poll(() => ofAgency!.kinds(), within1s).toEqual(['contacts']);
    expect(ofAgency!.events.at(-1)!.data).toEqual({ kind: 'contacts', agencyId: agency.id });
    await expect.poll(() => ofNetwork!.kinds(), within1s).toEqual(['contacts']);
    expect(ofOther!.kinds()).toEqual([]);
    // A technician of the agency may not read its demands (no contact_administration).
    expect(ofTechnician!.kinds()).toEqual([]);
    await Promise.all(streams.map((s) => s.close()));
  });

  it('tells a customer of their invoice paid by the payment webhook, and not another customer', async () => {
    const agency = await t.buildAgency();
    const [payer, bystander] = [await t.buildClient({ agencyIds: [agency.id] }), await t.buildClient({ agencyIds: [agency.id] })];
    const contract = await buildContract(t, { clientId: payer.id, agencyId: agency.id });
    const invoice = await buildInvoice(t, { agencyContractId: contract.id, leftToPayIncludingTax: 18_900, withFile: true });
    const collaborator = await t.buildAdmin({ roleId: 9, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const [ofPayer, ofBystander, ofStaff] = await Promise.all(
      [payer, bystander, collaborator].map(async (who) => openStream(await t.authHeader(who))),
    );

    const started = await t.app.inject({
      method: 'POST',
      url: `/api/agency-contract-invoices/${invoice.id}:initialize-payment`,
      headers: await t.authHeader(payer),
    });
    expect(started.statusCode).toBe(200);
    const page = new URL(started.json().url as string, 'http://localhost').pathname;
    expect((await t.app.inject({ method: 'POST', url: `${page}:pay` })).statusCode).toBe(303);

    await expect.poll(() => ofPayer!.kinds(), within1s).toEqual(['extranet']);
    await expect.poll(() => ofStaff!.kinds(), within1s).toEqual(['contacts']);
    expect(ofBystander!.kinds()).toEqual([]);
    await Promise.all([ofPayer, ofBystander, ofStaff].map((s) => s!.close()));
  });

  it('tells the agency’s signature desks of a document opened, then signed, through the sandbox; not other agencies, not customers', async () => {
    const agency = await t.buildAgency();
    const elsewhere = await t.buildAgency();
    const holder = await t.buildAdmin({ roleId: 7, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const otherAgency = await t.buildAdmin({ roleId: 7, adherentId: elsewhere.adherentId, agencyIds: [elsewhere.id] });
    const network = await t.buildAdmin({ roleId: 1 });
    const customer = await t.buildClient({ agencyIds: [agency.id] });
    const email = `signataire-live-${agency.id}@exemple.fr`;
    const fileId = await t.uploadAs(holder, 19, await pdf17(), 'contrat.pdf');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/signature-documents',
      headers: await t.authHeader(holder),
      payload: {
        clientFirstName: 'Hélène',
        clientLastName: 'Le Gall',
        clientEmailAddress: email,
        title: 'Contrat de maintenance 2027',
        agencyId: agency.id,
        pdfFiles: [{ pdfFileId: fileId }],
      },
    });
    expect(sent.statusCode).toBe(201);
    const link = (await t.mailsTo(email))[0]?.text.match(/http:\/\/localhost:3000(\/api\/esign-sandbox\/[0-9a-f-]{36})/)?.[1];
    expect(link).toBeDefined();
    const streams = await Promise.all(
      [holder, otherAgency, network, customer].map(async (who) => openStream(await t.authHeader(who))),
    );
    const [ofHolder, ofOther, ofNetwork, ofCustomer] = streams;

    // Opened by the recipient: the provider's state "ongoing" reaches the document.
    await t.app.inject({ method: 'GET', url: link! });
    await expect.poll(() => ofHolder!.kinds(), within1s).toEqual(['signatures']);
    expect(ofHolder!.events.at(-1)!.data).toEqual({ kind: 'signatures' });
    await expect.poll(() => ofNetwork!.kinds(), within1s).toEqual(['signatures']);

    const signed = await t.app.inject({
      method: 'POST',
      url: `${link}:sign`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(signed.statusCode).toBe(303);
    await expect.poll(() => ofHolder!.kinds(), within1s).toEqual(['signatures', 'signatures']);
    expect(ofOther!.kinds()).toEqual([]);
    expect(ofCustomer!.kinds()).toEqual([]);
    await Promise.all(streams.map((s) => s!.close()));
  });

  it('tells the customer and their agency’s desks of a quote signed through the sandbox, and no other customer', async () => {
    const agency = await t.buildAgency();
    const elsewhere = await t.buildAgency();
    const [signer, bystander] = [
      await t.buildClient({ agencyIds: [agency.id] }),
      await t.buildClient({ agencyIds: [agency.id] }),
    ];
    const contract = await buildContract(t, { clientId: signer.id, agencyId: agency.id });
    const quotation = await buildQuotation(t, { agencyContractId: contract.id, withFile: true });
    const holder = await t.buildAdmin({ roleId: 7, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const otherAgency = await t.buildAdmin({ roleId: 7, adherentId: elsewhere.adherentId, agencyIds: [elsewhere.id] });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/agency-contract-quotations/${quotation.id}:initialize-signature`,
      headers: await t.authHeader(signer),
      payload: { redirectUrl: `/extranet/contract/${contract.id}?tab=quote&signed=true` },
    });
    expect(started.statusCode).toBe(200);
    const signatureUrl: string = started.json().signatureUrl;
    const streams = await Promise.all(
      [signer, bystander, holder, otherAgency].map(async (who) => openStream(await t.authHeader(who))),
    );
    const [ofSigner, ofBystander, ofHolder, ofOther] = streams;

    const signed = await t.app.inject({
      method: 'POST',
      url: `${signatureUrl}:sign`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(signed.statusCode).toBe(303);
    await expect.poll(() => ofSigner!.kinds().includes('extranet'), within1s).toBe(true);
    expect(new Set(ofSigner!.kinds())).toEqual(new Set(['extranet']));
    await expect.poll(() => ofHolder!.kinds().includes('signatures'), within1s).toBe(true);
    expect(ofBystander!.kinds()).toEqual([]);
    expect(ofOther!.kinds()).toEqual([]);
    await Promise.all(streams.map((s) => s!.close()));
  });

  it('ends the stream of a revoked session at once', async () => {
    const admin = await t.buildAdmin({ roleId: 3 });
    const headers = await t.authHeader(admin);
    const stream = await openStream(headers);
    const open = t.app.liveStreams.openCount;
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.subjectId, admin.id));
    await expect.poll(() => stream.ended, within1s).toBe(true);
    expect(t.app.liveStreams.openCount).toBe(open - 1);
    // And it cannot open again.
    expect((await fetch(`${base}/api/live-events`, { headers })).status).toBe(401);
  });
});

// A second instance on the same data: a pool of its own on PostgreSQL, the same PGlite otherwise.
const url = (t.database as { url?: string }).url;
const secondDatabase = url ? await openDatabase({ url, dataDir: '' }) : t.database;
const second: ZApp = await buildApp({
  config: t.config,
  database: secondDatabase,
  storage: t.storage,
  logger: false,
  modules: [...MODULES],
});
const secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
afterAll(async () => {
  // No stream is left; the fetch client's spare connection is cut as above.
  expect(second.liveStreams.openCount).toBe(0);
  second.server.closeAllConnections();
  await second.close();
  if (url) await secondDatabase.close();
});

describe('live events across instances', () => {
  it('an event made on one instance reaches a stream open on the other within a second', async () => {
    const admin = await t.buildAdmin({ roleId: 3 });
    const stream = await openStream(await t.authHeader(admin), secondBase);
    expect(second.liveStreams.openCount).toBe(1);
    await notify(t.db, [admin.id], 'NEW_NETWORK_ACTUALITY', { networkActualityId: 1 });
    await expect.poll(() => stream.kinds(), within1s).toEqual(['notifications']);
    await stream.close();
  });

  it('closing an instance ends its open streams instead of waiting for them', async () => {
    const admin = await t.buildAdmin({ roleId: 3 });
    const other = await buildApp({
      config: t.config,
      database: secondDatabase,
      storage: t.storage,
      logger: false,
      modules: ['live-events'],
    });
    const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(await t.authHeader(admin), otherBase);
    await other.close();
    await expect.poll(() => stream.ended, within1s).toBe(true);
  });
});
