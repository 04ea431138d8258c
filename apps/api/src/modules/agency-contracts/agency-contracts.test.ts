import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buildContract,
  buildDocument,
  buildInvoice,
  buildQuotation,
  buildServiceCall,
  pdfBytes,
  storePdf,
} from '../../../test/extranet-factories.js';
import { buildTestApp, tokenFromMail } from '../../../test/helper.js';
import { agencyContracts, contacts } from '../../db/schema/index.js';

const t = await buildTestApp();

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });

/** A customer of two agencies, with a contract in each, and their bearer header. */
async function customer() {
  const first = await t.buildAgency();
  const second = await t.buildAgency();
  const client = await t.buildClient({ agencyIds: [first.id, second.id] });
  const home = await buildContract(t, { clientId: client.id, agencyId: first.id, route: '12 rue de la Paix' });
  const other = await buildContract(t, {
    clientId: client.id,
    agencyId: second.id,
    route: '4 quai de la Citadelle',
    postalCode: '59140',
    locality: 'Dunkerque',
    equipmentType: 'Pompe à chaleur air/eau',
  });
  return { client, first, second, home, other, headers: await t.authHeader(client) };
}

const contactsOf = (agencyContractId: number, type: string) =>
  t.db
    .select()
    .from(contacts)
    .where(eq(contacts.type, type))
    .orderBy(contacts.id)
    .then((rows) => rows.filter((r) => r.data.agencyContractId === agencyContractId));

describe('GET /agency-contracts/mine', () => {
  it('lists only the caller’s contracts, of all agencies or of one', async () => {
    const me = await customer();
    const stranger = await customer();
    const res = await call('GET', '/agency-contracts/mine', me.headers);
    expect(res.statusCode).toBe(200);
    const { agencyContracts: list } = res.json();
    expect(list.map((c: { id: number }) => c.id).sort()).toEqual([me.home.id, me.other.id].sort());
    expect(list.find((c: { id: number }) => c.id === me.other.id)).toEqual({
      id: me.other.id,
      route: '4 quai de la Citadelle',
      postalCode: '59140',
      locality: 'Dunkerque',
      equipmentType: 'Pompe à chaleur air/eau',
      equipmentModel: 'Saunier Duval ThemaPlus Condens',
      reference: me.other.reference,
      renewalDate: '2027-01-01',
      lastMaintenanceDate: '2025-10-15',
      emailAddress: me.other.emailAddress,
      mobilePhoneNumber: '06 12 34 56 78',
      landlinePhoneNumber: null,
      agencyId: me.second.id,
    });

    const one = await call('GET', `/agency-contracts/mine?agencyId=${me.first.id}`, me.headers);
    expect(one.json().agencyContracts.map((c: { id: number }) => c.id)).toEqual([me.home.id]);
    // Another customer's agency gives nothing of theirs.
    const theirs = await call('GET', `/agency-contracts/mine?agencyId=${stranger.first.id}`, me.headers);
    expect(theirs.json()).toEqual({ agencyContracts: [] });
  });

  it('401 without a token, 403 for staff, 400 on a bad agencyId', async () => {
    expect((await call('GET', '/agency-contracts/mine')).statusCode).toBe(401);
    const admin = await t.buildAdmin({ roleId: 1 });
    expect((await call('GET', '/agency-contracts/mine', await t.authHeader(admin))).statusCode).toBe(403);
    const me = await customer();
    const bad = await call('GET', '/agency-contracts/mine?agencyId=abc', me.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });
});

describe('POST /agency-contracts/{id}:change-phones', () => {
  it('normalizes French numbers, clears an empty one and tells the agency', async () => {
    const me = await customer();
    const res = await call('POST', `/agency-contracts/${me.home.id}:change-phones`, me.headers, {
      mobilePhoneNumber: '+33 7 81.22.33.44',
      landlinePhoneNumber: '03-20-12-34-56',
    });
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(agencyContracts).where(eq(agencyContracts.id, me.home.id));
    expect(row).toMatchObject({ mobilePhoneNumber: '07 81 22 33 44', landlinePhoneNumber: '03 20 12 34 56' });

    const cleared = await call('POST', `/agency-contracts/${me.home.id}:change-phones`, me.headers, {
      mobilePhoneNumber: '',
      landlinePhoneNumber: '0320123456',
    });
    expect(cleared.statusCode).toBe(204);
    const [after] = await t.db.select().from(agencyContracts).where(eq(agencyContracts.id, me.home.id));
    expect(after).toMatchObject({ mobilePhoneNumber: null, landlinePhoneNumber: '03 20 12 34 56' });

    const recorded = await contactsOf(me.home.id, 'CLIENT_PHONES_CHANGE_CONTACT');
    expect(recorded).toHaveLength(2);
    expect(recorded.map((c) => c.agencyId)).toEqual([me.first.id, me.first.id]);
    expect(recorded.at(-1)?.data).toMatchObject({ mobilePhoneNumber: null, landlinePhoneNumber: '03 20 12 34 56' });
  });

  it('refuses numbers that are not French ones, a landline as mobile, and no number at all', async () => {
    const me = await customer();
    const url = `/agency-contracts/${me.home.id}:change-phones`;
    for (const payload of [
      { mobilePhoneNumber: '12345', landlinePhoneNumber: null },
      { mobilePhoneNumber: '03 20 12 34 56', landlinePhoneNumber: null },
      { mobilePhoneNumber: null, landlinePhoneNumber: '06 12 34 56 78 90' },
      { mobilePhoneNumber: null, landlinePhoneNumber: null },
      { mobilePhoneNumber: '', landlinePhoneNumber: '' },
      {},
    ]) {
      const res = await call('POST', url, me.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const none = await call('POST', url, me.headers, {});
    expect(none.json().errors.mobilePhoneNumber).toEqual(['Veuillez saisir au moins un numéro de téléphone']);
    expect(await contactsOf(me.home.id, 'CLIENT_PHONES_CHANGE_CONTACT')).toHaveLength(0);
  });

  it('401, 403 for staff, 404 on another customer’s contract (unchanged)', async () => {
    const me = await customer();
    const stranger = await customer();
    const payload = { mobilePhoneNumber: '0611223344', landlinePhoneNumber: null };
    expect((await call('POST', `/agency-contracts/${me.home.id}:change-phones`, {}, payload)).statusCode).toBe(401);
    const admin = await t.buildAdmin({ roleId: 4, agencyIds: [me.first.id] });
    expect(
      (await call('POST', `/agency-contracts/${me.home.id}:change-phones`, await t.authHeader(admin), payload)).statusCode,
    ).toBe(403);
    const res = await call('POST', `/agency-contracts/${stranger.home.id}:change-phones`, me.headers, payload);
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(agencyContracts).where(eq(agencyContracts.id, stranger.home.id));
    expect(row?.mobilePhoneNumber).toBe('06 12 34 56 78');
    expect((await call('POST', '/agency-contracts/999999:change-phones', me.headers, payload)).statusCode).toBe(404);
  });
});

describe('POST /agency-contracts/{id}:open-email-address-change', () => {
  it('applies the customer’s own verified address at once (204) and tells the agency', async () => {
    const me = await customer();
    const res = await call('POST', `/agency-contracts/${me.home.id}:open-email-address-change`, me.headers, {
      emailAddress: me.client.emailAddress.toUpperCase(),
      redirectUrl: 'http://localhost:3000/extranet/contract/1',
    });
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(agencyContracts).where(eq(agencyContracts.id, me.home.id));
    expect(row?.emailAddress).toBe(me.client.emailAddress.toUpperCase());
    const [recorded] = await contactsOf(me.home.id, 'CLIENT_EMAIL_CHANGE_CONTACT');
    expect(recorded).toMatchObject({ agencyId: me.first.id, data: { emailAddress: me.client.emailAddress.toUpperCase() } });
    expect(await t.mailsTo(me.client.emailAddress.toUpperCase())).toHaveLength(0);
  });

  it('mails a link to any other address (202); following it applies the change and redirects to the contract', async () => {
    const me = await customer();
    const res = await call('POST', `/agency-contracts/${me.home.id}:open-email-address-change`, me.headers, {
      emailAddress: 'nouvelle.adresse@test.fr',
      redirectUrl: 'https://evil.example/phish',
    });
    expect(res.statusCode).toBe(202);
    // Nothing changes before the link is followed.
    const [before] = await t.db.select().from(agencyContracts).where(eq(agencyContracts.id, me.home.id));
    expect(before?.emailAddress).toBe(me.home.emailAddress);
    expect(await contactsOf(me.home.id, 'CLIENT_EMAIL_CHANGE_CONTACT')).toHaveLength(0);

    const [mail] = await t.mailsTo('nouvelle.adresse@test.fr');
    expect(mail?.subject).toBe("Confirmez l'adresse email de votre contrat");
    expect(mail?.text).toContain(me.home.reference);
    expect(mail?.text).toContain('http://localhost:3000/extranet/verify-email?token=');
    const token = tokenFromMail(mail!.text);
    const close = await call('POST', `/clients/${token}:close-email-verification`);
    expect(close.statusCode).toBe(200);
    // The foreign redirect was dropped for the contract's contact tab.
    expect(close.json()).toEqual({
      purpose: 'contract_email_change',
      redirectUrl: `/extranet/contract/${me.home.id}?tab=contact_info&emailModified=true`,
    });
    const [after] = await t.db.select().from(agencyContracts).where(eq(agencyContracts.id, me.home.id));
    expect(after?.emailAddress).toBe('nouvelle.adresse@test.fr');
    const [recorded] = await contactsOf(me.home.id, 'CLIENT_EMAIL_CHANGE_CONTACT');
    expect(recorded?.data).toMatchObject({ emailAddress: 'nouvelle.adresse@test.fr' });
    // Single use.
    expect((await call('POST', `/clients/${token}:close-email-verification`)).json().code).toBe('invalid_token');
  });

  it('keeps a redirect of our own extranet', async () => {
    const me = await customer();
    await call('POST', `/agency-contracts/${me.other.id}:open-email-address-change`, me.headers, {
      emailAddress: 'autre@test.fr',
      redirectUrl: `http://localhost:3000/extranet/contract/${me.other.id}?tab=contact_info&emailModified=true`,
    });
    const token = tokenFromMail((await t.mailsTo('autre@test.fr'))[0]!.text);
    const close = await call('POST', `/clients/${token}:close-email-verification`);
    expect(close.json().redirectUrl).toBe(`/extranet/contract/${me.other.id}?tab=contact_info&emailModified=true`);
  });

  it('an unverified account address is mailed a link like any other', async () => {
    const agency = await t.buildAgency();
    const client = await t.buildClient({ agencyIds: [agency.id], emailVerifiedAt: null });
    const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
    const res = await call('POST', `/agency-contracts/${contract.id}:open-email-address-change`, await t.authHeader(client), {
      emailAddress: client.emailAddress,
    });
    expect(res.statusCode).toBe(202);
    expect(await t.mailsTo(client.emailAddress)).toHaveLength(1);
  });

  it('same_email when unchanged, validation_failed on a bad address', async () => {
    const me = await customer();
    const url = `/agency-contracts/${me.home.id}:open-email-address-change`;
    const same = await call('POST', url, me.headers, { emailAddress: me.home.emailAddress!.toUpperCase() });
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('same_email');
    for (const payload of [{ emailAddress: 'pas-une-adresse' }, { emailAddress: '' }, {}]) {
      const res = await call('POST', url, me.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('401, 403 for staff, 404 on another customer’s contract', async () => {
    const me = await customer();
    const stranger = await customer();
    const payload = { emailAddress: 'x@test.fr' };
    expect((await call('POST', `/agency-contracts/${me.home.id}:open-email-address-change`, {}, payload)).statusCode).toBe(401);
    const admin = await t.buildAdmin({ roleId: 1 });
    expect(
      (await call('POST', `/agency-contracts/${me.home.id}:open-email-address-change`, await t.authHeader(admin), payload))
        .statusCode,
    ).toBe(403);
    const res = await call('POST', `/agency-contracts/${stranger.home.id}:open-email-address-change`, me.headers, payload);
    expect(res.statusCode).toBe(404);
    expect(await t.mailsTo('x@test.fr')).toHaveLength(0);
  });
});

describe('files hanging on a contract (GET /files/{id})', () => {
  it('the contract’s customer and its agency’s admins may read them; nobody else', async () => {
    const me = await customer();
    const stranger = await customer();
    const quotation = await buildQuotation(t, { agencyContractId: me.home.id, withFile: true, withEnvelope: true });
    const invoice = await buildInvoice(t, { agencyContractId: me.home.id, leftToPayIncludingTax: 18_900, withFile: true });
    const call_ = await buildServiceCall(t, { agencyContractId: me.home.id, withVoucher: true });
    const document = await buildDocument(t, { agencyContractId: me.home.id, withFile: true });
    const fileIds = [quotation.fileId, quotation.envelopeFileId, invoice.fileId, call_.voucherId, document.fileId] as number[];

    const agencyAdmin = await t.buildAdmin({ roleId: 7, agencyIds: [me.first.id] });
    const otherAgencyAdmin = await t.buildAdmin({ roleId: 7, agencyIds: [me.second.id] });
    const networkAdmin = await t.buildAdmin({ roleId: 1 });
    for (const fileId of fileIds) {
      const mine = await call('GET', `/files/${fileId}`, me.headers);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('application/pdf');
      expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await call('GET', `/files/${fileId}`, await t.authHeader(agencyAdmin))).statusCode).toBe(200);
      expect((await call('GET', `/files/${fileId}`, await t.authHeader(networkAdmin))).statusCode).toBe(200);
      expect((await call('GET', `/files/${fileId}`, stranger.headers)).statusCode).toBe(404);
      expect((await call('GET', `/files/${fileId}`, await t.authHeader(otherAgencyAdmin))).statusCode).toBe(404);
    }
    // A file on no contract stays closed.
    const loose = await storePdf(t);
    expect((await call('GET', `/files/${loose.id}`, me.headers)).statusCode).toBe(404);
  });

  it('staff of the agency without contact_administration (technician, role 6) get 404 for each kind', async () => {
    const me = await customer();
    const quotation = await buildQuotation(t, { agencyContractId: me.home.id, withFile: true, withEnvelope: true });
    const invoice = await buildInvoice(t, { agencyContractId: me.home.id, leftToPayIncludingTax: 18_900, withFile: true });
    const call_ = await buildServiceCall(t, { agencyContractId: me.home.id, withVoucher: true });
    const document = await buildDocument(t, { agencyContractId: me.home.id, withFile: true });
    const fileIds = [quotation.fileId, quotation.envelopeFileId, invoice.fileId, call_.voucherId, document.fileId] as number[];

    const technician = await t.authHeader(await t.buildAdmin({ roleId: 6, agencyIds: [me.first.id] }));
    // Assistant (5), accountant (8) and collaborator (9) hold contact_administration.
    const allowed = await Promise.all(
      [5, 8, 9].map(async (roleId) => t.authHeader(await t.buildAdmin({ roleId, agencyIds: [me.first.id] }))),
    );
    for (const fileId of fileIds) {
      const refused = await call('GET', `/files/${fileId}`, technician);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 'not_found', message: 'Le fichier demandé est introuvable' });
      for (const headers of allowed) expect((await call('GET', `/files/${fileId}`, headers)).statusCode).toBe(200);
    }
  });

  it('a technician who uploaded a file does not keep reading it once it hangs on a customer’s contract', async () => {
    const me = await customer();
    const technician = await t.buildAdmin({ roleId: 6, agencyIds: [me.first.id] });
    const form = new FormData();
    form.append('typeId', '14');
    form.append('file', new Blob([await pdfBytes('Facture')], { type: 'application/pdf' }), 'facture.pdf');
    const encoded = new Response(form);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, ...(await t.authHeader(technician)) },
    });
    expect(uploaded.statusCode).toBe(201);
    const fileId = uploaded.json().id as number;
    expect((await call('GET', `/files/${fileId}`, await t.authHeader(technician))).statusCode).toBe(200);

    await buildInvoice(t, { agencyContractId: me.home.id, leftToPayIncludingTax: 0, fileId });
    expect((await call('GET', `/files/${fileId}`, await t.authHeader(technician))).statusCode).toBe(404);
    expect((await call('GET', `/files/${fileId}`, me.headers)).statusCode).toBe(200);
  });
});
