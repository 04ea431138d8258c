import {
  ACCOUNT_ERASURE_MESSAGES,
  AGENCY_API_KEY_HEADER,
  ERASED_MESSAGE_TEXT,
  erasedClientEmail,
  IMPORT_MESSAGES,
  type ImportAnswer,
  MESSAGES,
} from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agencyWithKey } from '../../../test/agency-keys.js';
import { buildContract, buildInvoice, buildQuotation } from '../../../test/extranet-factories.js';
import { buildTestApp, PASSWORD } from '../../../test/helper.js';
import { virtualPasskey } from '../../../test/virtual-passkey.js';
import {
  agencyContractInvoices,
  agencyContracts,
  auditLog,
  clients,
  contacts,
  importRefs,
  invoicePayments,
  mailOutbox,
  quotationSignatures,
} from '../../db/schema/index.js';
import { relyingParty } from '../passkeys/relying-party.js';

const t = await buildTestApp();
const { rpID, origin } = relyingParty(t.config);

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
const erase = async (who: Parameters<typeof t.authHeader>[0], password = PASSWORD) =>
  post('/clients/me:erase', { password }, await t.authHeader(who, 'extranet'));

/** A customer of two agencies, a contract (and an invoice) at each, a demand with a message, signed in once. */
async function customerWithHistory() {
  const [a, b] = [await t.buildAgency(), await t.buildAgency()];
  const client = await t.buildClient({ agencyIds: [a.id, b.id], firstName: 'Lucie', lastName: 'Bernard' });
  const contractA = await buildContract(t, { clientId: client.id, agencyId: a.id });
  const contractB = await buildContract(t, { clientId: client.id, agencyId: b.id });
  const invoice = await buildInvoice(t, { agencyContractId: contractA.id, leftToPayIncludingTax: 0 });
  await t.db.insert(contacts).values({
    agencyId: a.id,
    type: 'EXTRANET_AGENCY_CONTACT',
    clientId: client.id,
    fullName: 'Lucie Bernard',
    emailAddress: client.emailAddress,
    phone: '06 11 22 33 44',
    address: '3 rue des Lilas',
    data: { subject: 1, message: 'Ma chaudière fuit, je suis au 06 11 22 33 44' },
  });
  await t.db.insert(mailOutbox).values({
    to: client.emailAddress,
    subject: 'Une nouvelle facture est disponible',
    text: 'Bonjour Lucie',
    html: '<p>Bonjour Lucie</p>',
  });
  const signIn = await post('/auth/client', { emailAddress: client.emailAddress, password: PASSWORD });
  expect(signIn.statusCode).toBe(200);
  return { client, agencies: [a, b], contracts: [contractA, contractB], invoice, tokens: signIn.json() };
}

describe('POST /clients/me:erase', () => {
  it('erases: no sign-in, no refresh, data anonymised, invoices kept, each agency told, mail to the old address', async () => {
    const { client, agencies, contracts, invoice, tokens } = await customerWithHistory();
    const res = await post('/clients/me:erase', { password: PASSWORD }, { authorization: `Bearer ${tokens.accessToken}` });
    expect(res.statusCode).toBe(204);

    // Sign-in refused exactly like an unknown account; the refresh token and the access token are dead.
    const signIn = await post('/auth/client', { emailAddress: client.emailAddress, password: PASSWORD });
    const unknown = await post('/auth/client', { emailAddress: 'personne-inconnue@test.fr', password: PASSWORD });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual(unknown.json());
    expect((await post('/auth/refresh', { refreshToken: tokens.refreshToken })).statusCode).toBe(400);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/agency-contracts/mine',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(me.statusCode).toBe(401);

    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({
      firstName: 'Client',
      lastName: 'anonymisé',
      emailAddress: erasedClientEmail(client.id),
      passwordHash: null,
      isActive: false,
    });
    expect(row?.erasedAt).toBeInstanceOf(Date);
    const kept = await t.db.select().from(agencyContracts).where(eq(agencyContracts.clientId, client.id));
    expect(kept).toHaveLength(2);
    for (const c of kept) expect(c).toMatchObject({ emailAddress: null, mobilePhoneNumber: null, landlinePhoneNumber: null });
    const [bill] = await t.db.select().from(agencyContractInvoices).where(eq(agencyContractInvoices.id, invoice.id));
    expect(bill?.agencyContractId).toBe(contracts[0]!.id);

    const [demand] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.clientId, client.id), eq(contacts.type, 'EXTRANET_AGENCY_CONTACT')));
    expect(demand).toMatchObject({ fullName: 'Client anonymisé', emailAddress: null, phone: null, address: null });
    expect(demand?.data).toMatchObject({ subject: 1, message: ERASED_MESSAGE_TEXT });

    const told = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.clientId, client.id), eq(contacts.type, 'CLIENT_ACCOUNT_ERASED_CONTACT')));
    expect(told.map((c) => c.agencyId).sort()).toEqual(agencies.map((a) => a.id).sort());
    const toA = told.find((c) => c.agencyId === agencies[0]!.id);
    expect(toA?.data).toMatchObject({ contractReferences: [contracts[0]!.reference], clientReferences: [] });
    expect(JSON.stringify(told)).not.toContain('Bernard');

    // The mails delivered before are gone from the outbox (they held the name); the confirmation goes.
    const mails = await t.mailsTo(client.emailAddress);
    expect(mails.map((m) => m.subject)).toEqual(['Votre compte client a été supprimé']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.erased'), eq(auditLog.actorClientId, client.id)));
    expect(entry).toBeDefined();
  });

  it('refuses a wrong password and changes nothing', async () => {
    const client = await t.buildClient();
    const res = await erase(client, 'PasLeBon123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { password: [MESSAGES.wrongCurrentPassword] } });
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.erasedAt).toBeNull();
  });

  it('refuses a missing password (validation_failed)', async () => {
    const client = await t.buildClient();
    const res = await post('/clients/me:erase', {}, await t.authHeader(client, 'extranet'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { password: [MESSAGES.required] } });
  });

  it('erases only the caller: another customer’s password does not erase anyone', async () => {
    const [mine, other] = [await t.buildClient({ passwordHash: null }), await t.buildClient()];
    // `mine` has no password: the other customer's (the shared test password) is not it.
    expect((await erase(mine, PASSWORD)).statusCode).toBe(400);
    const rows = await t.db.select().from(clients).where(eq(clients.id, other.id));
    expect(rows[0]?.erasedAt).toBeNull();
  });

  it('is refused to staff and to anonymous callers', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    expect((await post('/clients/me:erase', { password: PASSWORD }, await t.authHeader(admin))).statusCode).toBe(403);
    expect((await post('/clients/me:erase', { password: PASSWORD })).statusCode).toBe(401);
  });

  it('is refused while an online payment is in progress', async () => {
    const client = await t.buildClient();
    const contract = await buildContract(t, { clientId: client.id, agencyId: client.agencyIds[0]! });
    const invoice = await buildInvoice(t, { agencyContractId: contract.id, leftToPayIncludingTax: 10_000 });
    await t.db
      .insert(invoicePayments)
      .values({ invoiceId: invoice.id, provider: 'sandbox', amount: 10_000, emailAddress: client.emailAddress });
    const res = await erase(client);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'payment_in_progress', message: ACCOUNT_ERASURE_MESSAGES.paymentInProgress });
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({ erasedAt: null, emailAddress: client.emailAddress });
  });

  it('is refused while a quote’s signature is in progress', async () => {
    const client = await t.buildClient();
    const contract = await buildContract(t, { clientId: client.id, agencyId: client.agencyIds[0]! });
    const quotation = await buildQuotation(t, { agencyContractId: contract.id });
    await t.db.insert(quotationSignatures).values({ quotationId: quotation.id, provider: 'sandbox', status: 'ongoing' });
    const res = await erase(client);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'signature_in_progress', message: ACCOUNT_ERASURE_MESSAGES.signatureInProgress });
  });

  it('two erasures at once: one erases, the other finds the account gone', async () => {
    const client = await t.buildClient();
    const headers = await t.authHeader(client, 'extranet');
    const answers = await Promise.all([
      post('/clients/me:erase', { password: PASSWORD }, headers),
      post('/clients/me:erase', { password: PASSWORD }, headers),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 401]);
    const told = await t.db.select().from(contacts).where(eq(contacts.clientId, client.id));
    expect(told).toHaveLength(1);
    expect((await t.mailsTo(client.emailAddress)).filter((m) => m.subject === 'Votre compte client a été supprimé')).toHaveLength(
      1,
    );
  });
});

describe('POST /clients/me:erase with a passkey instead of the password', () => {
  async function withPasskey(client: Parameters<typeof t.authHeader>[0]) {
    const authenticator = virtualPasskey({ rpId: rpID, origin });
    const headers = await t.authHeader(client, 'extranet');
    const start = await post('/me/passkeys/registration-options', undefined, headers);
    const { challengeId, options } = start.json();
    const made = await post(
      '/me/passkeys',
      { challengeId, name: 'Téléphone', response: authenticator.register(options) },
      headers,
    );
    expect(made.statusCode).toBe(201);
    return authenticator;
  }
  async function answer(authenticator: ReturnType<typeof virtualPasskey>) {
    const { challengeId, options } = (await post('/auth/client/passkey-options')).json();
    return { challengeId, response: authenticator.authenticate(options) };
  }

  it('erases with the answer of one of the customer’s passkeys', async () => {
    const client = await t.buildClient();
    const authenticator = await withPasskey(client);
    const res = await post('/clients/me:erase', { passkey: await answer(authenticator) }, await t.authHeader(client, 'extranet'));
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.erasedAt).toBeInstanceOf(Date);
  });

  it('refuses another customer’s passkey (400) and both proofs or none (validation_failed)', async () => {
    const [client, other] = [await t.buildClient(), await t.buildClient()];
    const theirs = await withPasskey(other);
    const headers = await t.authHeader(client, 'extranet');
    const res = await post('/clients/me:erase', { passkey: await answer(theirs) }, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('passkey_rejected');
    const both = await post('/clients/me:erase', { password: PASSWORD, passkey: await answer(theirs) }, headers);
    expect(both.json()).toMatchObject({ code: 'validation_failed', errors: { password: [MESSAGES.required] } });
    for (const id of [client.id, other.id]) {
      const [row] = await t.db.select().from(clients).where(eq(clients.id, id));
      expect(row?.erasedAt).toBeNull();
    }
  });
});

describe('imports after an erasure', () => {
  const send = (apiKey: string, items: unknown[]) =>
    t.app.inject({ method: 'POST', url: '/api/imports', headers: { [AGENCY_API_KEY_HEADER]: apiKey }, payload: { items } });

  it('never re-creates the erased customer from the same reference, unless sent as a new customer', async () => {
    const { apiKey, agencyId } = await agencyWithKey(t);
    const email = `erase-import-${Date.now().toString(36)}@test.fr`;
    const line = { type: 'client', externalRef: 'CLI-ERASE', email, firstName: 'Marc', lastName: 'Petit' };
    expect((await send(apiKey, [line])).statusCode).toBe(200);
    const [made] = await t.db.select().from(clients).where(eq(clients.emailAddress, email));
    const signedUp = await t.buildClient({ agencyIds: [agencyId] });
    // The imported customer signs in with a known password: give it the test one.
    await t.db
      .update(clients)
      .set({ passwordHash: signedUp.passwordHash, emailVerifiedAt: new Date() })
      .where(eq(clients.id, made!.id));
    expect((await erase(made!)).statusCode).toBe(204);
    const [told] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.clientId, made!.id), eq(contacts.type, 'CLIENT_ACCOUNT_ERASED_CONTACT')));
    expect(told?.data).toMatchObject({ clientReferences: ['CLI-ERASE'] });

    for (const again of [line, { ...line, firstName: 'Marc-Antoine' }, { ...line, isNewCustomer: false }]) {
      const res = await send(apiKey, [again]);
      expect(res.statusCode).toBe(200);
      expect((res.json() as ImportAnswer).results[0]).toMatchObject({
        status: 'error',
        errors: { externalRef: [IMPORT_MESSAGES.erasedClient] },
      });
    }
    expect(await t.db.select().from(clients).where(eq(clients.emailAddress, email))).toHaveLength(0);

    const res = await send(apiKey, [{ ...line, isNewCustomer: true }]);
    expect((res.json() as ImportAnswer).results[0]).toMatchObject({ status: 'created' });
    const [fresh] = await t.db.select().from(clients).where(eq(clients.emailAddress, email));
    expect(fresh?.id).not.toBe(made!.id);
    expect(fresh?.erasedAt).toBeNull();
    const [ref] = await t.db
      .select()
      .from(importRefs)
      .where(and(eq(importRefs.agencyId, agencyId), eq(importRefs.type, 'client'), eq(importRefs.externalRef, 'CLI-ERASE')));
    expect(ref?.entityId).toBe(fresh!.id);
    // The new customer is then an ordinary reference: resent as it is, unchanged.
    expect(((await send(apiKey, [line])).json() as ImportAnswer).results[0]?.status).toBe('unchanged');
  });
});
