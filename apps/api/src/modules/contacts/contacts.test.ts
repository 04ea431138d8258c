import { CONTACT_TYPE_GROUPS, type Contact, type ContactType, IMPERSONATION_HEADER, MESSAGES } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildContract, buildQuotation } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { contacts } from '../../db/schema/index.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];

async function call(who: Who | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url: `/api${url}`, payload: payload as object, headers: who ? await t.authHeader(who) : {} });
}

const list = async (who: Who, query: string) => (await call(who, 'GET', `/contacts?${query}`)).json().contacts as Contact[];

let n = 0;
/** A contact of the agency, created `minutesAgo` before now (newest first in lists). */
async function contact(
  agencyId: number,
  values: Partial<typeof contacts.$inferInsert> & { type?: ContactType; minutesAgo?: number } = {},
) {
  const { minutesAgo = ++n, ...rest } = values;
  const [row] = await t.db
    .insert(contacts)
    .values({
      agencyId,
      type: 'SITE_CONTACT',
      fullName: 'Nathalie Bernard',
      emailAddress: 'n.bernard@exemple.fr',
      phone: '06 11 42 87 30',
      city: 'Lille',
      data: { message: 'Un devis pour une pompe à chaleur', source: 'site', optInNewsletter: true },
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      ...rest,
    })
    .returning();
  return row!;
}

/** An adherent with two agencies, a director of both and a collaborator of the first. */
async function adherentTeam() {
  const first = await t.buildAgency();
  const second = await t.buildAgency({ adherentId: first.adherentId });
  const director = await t.buildAdmin({ roleId: 4, adherentId: first.adherentId, agencyIds: [first.id, second.id] });
  const collaborator = await t.buildAdmin({ roleId: 9, adherentId: first.adherentId, agencyIds: [first.id] });
  return { first, second, director, collaborator };
}

const demands = `contactTypes=${CONTACT_TYPE_GROUPS.external.join(',')}`;

describe('GET /api/contacts', () => {
  it("lists one of the caller's agencies, newest first, by state and types, with every field of the type", async () => {
    const { first, second, director } = await adherentTeam();
    const older = await contact(first.id, { minutesAgo: 30 });
    const newer = await contact(first.id, {
      minutesAgo: 5,
      type: 'EXTRANET_AGENCY_CONTACT',
      isClientKnown: true,
      data: {
        agencyContractId: 12,
        subjectId: 1,
        subject: 'Panne',
        message: "Plus d'eau chaude",
        source: 'extranet_contracts_page',
        isAvailableInTheMorning: true,
        isAvailableAtMidday: false,
        isAvailableInTheAfternoon: false,
        isAvailableAllDay: false,
      },
    });
    await contact(first.id, { isProcessed: true, processedAt: new Date() });
    await contact(first.id, {
      type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
      data: { invoiceNumber: 'FA-1', amountIncludingTax: 18_900 },
    });
    await contact(second.id); // the other agency

    const res = await call(director, 'GET', `/contacts?agencyId=${first.id}&isProcessed=false&${demands}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.contacts.map((c: Contact) => c.id)).toEqual([newer.id, older.id]);
    expect(body.pageCount).toBe(1);
    expect(body.contacts[0]).toEqual({
      id: newer.id,
      type: 'EXTRANET_AGENCY_CONTACT',
      fullName: 'Nathalie Bernard',
      emailAddress: 'n.bernard@exemple.fr',
      phone: '06 11 42 87 30',
      address: null,
      postalCode: null,
      city: 'Lille',
      isClientKnown: true,
      clientId: null,
      isProcessed: false,
      creationDate: newer.createdAt.toISOString(),
      processedAt: null,
      agencyId: first.id,
      agencyName: first.name,
      adherentName: expect.any(String),
      // Only the type's fields: the contract and subject ids stay on the server.
      data: {
        subject: 'Panne',
        message: "Plus d'eau chaude",
        source: 'extranet_contracts_page',
        isAvailableInTheMorning: true,
        isAvailableAtMidday: false,
        isAvailableInTheAfternoon: false,
        isAvailableAllDay: false,
      },
    });
  });

  it('lists the handled ones and the quotation and invoice types apart', async () => {
    const { first, collaborator } = await adherentTeam();
    const handled = await contact(first.id, { isProcessed: true, processedAt: new Date() });
    const quote = await contact(first.id, {
      type: 'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT',
      data: {
        agencyContractId: 3,
        quotationNumber: 'DE-2026-1',
        amountIncludingTax: 125_000,
        quotationState: 'refused',
        quotationFileId: 9,
      },
    });
    const invoice = await contact(first.id, {
      type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
      data: {
        invoiceNumber: 'FA-2026-7',
        amountIncludingTax: 18_900,
        paymentDate: '2026-11-20',
        invoiceFileId: 4,
        providerPaymentId: 'pay_1',
      },
    });
    expect((await list(collaborator, `agencyId=${first.id}&isProcessed=true`)).map((c) => c.id)).toEqual([handled.id]);
    const quotes = await list(collaborator, `agencyId=${first.id}&contactTypes=${CONTACT_TYPE_GROUPS.quotation.join(',')}`);
    expect(quotes.map((c) => [c.id, c.data])).toEqual([
      [quote.id, { quotationNumber: 'DE-2026-1', amountIncludingTax: 125_000, quotationState: 'refused', quotationFileId: 9 }],
    ]);
    // The key repeated works as well as a comma-separated list.
    const invoices = await list(
      collaborator,
      `agencyId=${first.id}&contactTypes=AGENCY_CONTRACT_INVOICE_PAID_CONTACT&contactTypes=FREE_INVOICE_PAYMENT_CONTACT`,
    );
    expect(invoices.map((c) => [c.id, c.data])).toEqual([
      [invoice.id, { invoiceNumber: 'FA-2026-7', amountIncludingTax: 18_900, paymentDate: '2026-11-20', invoiceFileId: 4 }],
    ]);
  });

  it('searches name, email, phone, city and the quotation or invoice number, ignoring case and accents', async () => {
    const { first, director } = await adherentTeam();
    const helene = await contact(first.id, {
      fullName: 'Hélène Faure',
      emailAddress: 'hf@exemple.fr',
      phone: '07 62 18 44 95',
      city: 'Roubaix',
    });
    const quote = await contact(first.id, {
      fullName: 'Marc Petit',
      city: 'Villeneuve-d’Ascq',
      type: 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT',
      data: { quotationNumber: 'DE-2026-0042', amountIncludingTax: 99_000, quotationState: 'accepted' },
    });
    const invoice = await contact(first.id, {
      fullName: 'Luc Morel',
      type: 'FREE_INVOICE_PAYMENT_CONTACT',
      data: { invoiceNumber: 'FA-2026-0777', amountIncludingTax: 5_000, paymentDate: '2026-11-02' },
    });
    const ids = async (search: string) =>
      (await list(director, `agencyId=${first.id}&search=${encodeURIComponent(search)}`)).map((c) => c.id);
    expect(await ids('HELENE')).toEqual([helene.id]);
    expect(await ids('hf@exemple')).toEqual([helene.id]);
    expect(await ids('0762 18')).toEqual([helene.id]);
    expect(await ids('roubaix')).toEqual([helene.id]);
    expect(await ids('de-2026-0042')).toEqual([quote.id]);
    expect(await ids('FA-2026-0777')).toEqual([invoice.id]);
    // Plain text: the pattern characters of LIKE match only themselves.
    expect(await ids('%')).toEqual([]);
  });

  it('pages when asked, and answers the newest 100 by default', async () => {
    const { first, director } = await adherentTeam();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await contact(first.id, { minutesAgo: 100 - i }));
    const page2 = (await call(director, 'GET', `/contacts?agencyId=${first.id}&pageSize=2&pageNumber=2`)).json();
    expect(page2.pageCount).toBe(3);
    expect(page2.contacts.map((c: Contact) => c.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect((await list(director, `agencyId=${first.id}`)).length).toBe(5);
  });

  it('gives role 1 the whole network without agencyId, and any agency with it', async () => {
    const a = await t.buildAgency();
    const b = await t.buildAgency();
    const ca = await contact(a.id, { fullName: 'Réseau Un' });
    const cb = await contact(b.id, { fullName: 'Réseau Un' });
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const network = await list(superAdmin, 'search=reseau%20un');
    expect(network.map((c) => c.id)).toEqual([ca.id, cb.id]);
    expect((await list(superAdmin, `agencyId=${a.id}&search=reseau%20un`)).map((c) => c.id)).toEqual([ca.id]);
  });

  it('refuses the network-wide list to roles 2 to 9 (403), and another agency (403)', async () => {
    const { second, director, collaborator } = await adherentTeam();
    const other = await t.buildAgency();
    for (const roleId of [2, 3]) expect((await call(await t.buildAdmin({ roleId }), 'GET', '/contacts')).statusCode).toBe(403);
    for (const who of [director, collaborator]) expect((await call(who, 'GET', '/contacts')).statusCode).toBe(403);
    expect((await call(director, 'GET', `/contacts?agencyId=${other.id}`)).statusCode).toBe(403);
    // The collaborator holds only the first agency of the adherent.
    expect((await call(collaborator, 'GET', `/contacts?agencyId=${second.id}`)).statusCode).toBe(403);
  });

  it('acts as the impersonated user: their agency only, no network view', async () => {
    const { first, second, collaborator } = await adherentTeam();
    const mine = await contact(first.id);
    await contact(second.id);
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const as = async (url: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api${url}`,
        headers: { ...(await t.authHeader(superAdmin)), [IMPERSONATION_HEADER]: String(collaborator.id) },
      });
    expect((await as('/contacts')).statusCode).toBe(403);
    expect((await as(`/contacts?agencyId=${second.id}`)).statusCode).toBe(403);
    const res = await as(`/contacts?agencyId=${first.id}`);
    expect(res.json().contacts.map((c: Contact) => c.id)).toEqual([mine.id]);
  });

  it('refuses a role without contact_administration, a customer (403) and no token (401)', async () => {
    const technician = await t.buildAdmin({ roleId: 6 });
    expect((await call(technician, 'GET', `/contacts?agencyId=${technician.agencyIds[0]}`)).statusCode).toBe(403);
    const customer = await t.buildClient();
    expect((await call(customer, 'GET', `/contacts?agencyId=${customer.agencyIds[0]}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/contacts')).statusCode).toBe(401);
  });

  it('answers validation_failed per field, in French, for bad query values', async () => {
    const { first, director } = await adherentTeam();
    const res = await call(
      director,
      'GET',
      `/contacts?agencyId=abc&isProcessed=maybe&contactTypes=SITE_CONTACT,UNKNOWN&pageSize=500&search=${'x'.repeat(101)}`,
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.errors).sort()).toEqual(['agencyId', 'contactTypes', 'isProcessed', 'pageSize', 'search']);
    expect(body.errors.search).toEqual([MESSAGES.tooLong]);
    expect(body.errors.contactTypes).toEqual(['Type de contact inconnu']);
    expect(body.message).toMatch(/[éè]|invalide/);
    const empty = await call(director, 'GET', `/contacts?agencyId=${first.id}&contactTypes=`);
    expect(empty.json().errors).toEqual({ contactTypes: ['Choisissez au moins un type de contact'] });
  });
});

describe('PUT /api/contacts/{id}:set-processed and :set-to-process', () => {
  it('marks a contact handled (dated) then to handle again (undated)', async () => {
    const { first, collaborator } = await adherentTeam();
    const c = await contact(first.id);
    const res = await call(collaborator, 'PUT', `/contacts/${c.id}:set-processed`);
    expect(res.statusCode).toBe(204);
    let [row] = await t.db.select().from(contacts).where(eq(contacts.id, c.id));
    expect(row!.isProcessed).toBe(true);
    expect(row!.processedAt).toBeInstanceOf(Date);
    const firstDate = row!.processedAt!.getTime();
    // Marked again: still handled, the date of the first time kept.
    expect((await call(collaborator, 'PUT', `/contacts/${c.id}:set-processed`)).statusCode).toBe(204);
    [row] = await t.db.select().from(contacts).where(eq(contacts.id, c.id));
    expect(row!.processedAt!.getTime()).toBe(firstDate);

    expect((await call(collaborator, 'PUT', `/contacts/${c.id}:set-to-process`)).statusCode).toBe(204);
    [row] = await t.db.select().from(contacts).where(eq(contacts.id, c.id));
    expect(row).toMatchObject({ isProcessed: false, processedAt: null });
    expect((await list(collaborator, `agencyId=${first.id}&isProcessed=false`)).map((x) => x.id)).toEqual([c.id]);
  });

  it("answers 404 for another agency's contact and for an unknown id, and changes nothing", async () => {
    const { second, collaborator } = await adherentTeam();
    const elsewhere = await contact(second.id);
    const otherAdherent = await contact((await t.buildAgency()).id);
    for (const id of [elsewhere.id, otherAdherent.id, 2_000_000_000]) {
      for (const method of ['set-processed', 'set-to-process']) {
        const res = await call(collaborator, 'PUT', `/contacts/${id}:${method}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
    }
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, elsewhere.id));
    expect(row!.isProcessed).toBe(false);
  });

  it('lets network roles toggle any agency, and refuses role 6, a customer and no token', async () => {
    const agency = await t.buildAgency();
    const c = await contact(agency.id);
    expect((await call(await t.buildAdmin({ roleId: 1 }), 'PUT', `/contacts/${c.id}:set-processed`)).statusCode).toBe(204);
    expect((await call(await t.buildAdmin({ roleId: 2 }), 'PUT', `/contacts/${c.id}:set-to-process`)).statusCode).toBe(204);
    const technician = await t.buildAdmin({ roleId: 6, agencyIds: [agency.id], adherentId: agency.adherentId });
    expect((await call(technician, 'PUT', `/contacts/${c.id}:set-processed`)).statusCode).toBe(403);
    expect(
      (await call(await t.buildClient({ agencyIds: [agency.id] }), 'PUT', `/contacts/${c.id}:set-processed`)).statusCode,
    ).toBe(403);
    expect((await call(null, 'PUT', `/contacts/${c.id}:set-processed`)).statusCode).toBe(401);
    expect((await call(await t.buildAdmin({ roleId: 1 }), 'PUT', '/contacts/abc:set-processed')).statusCode).toBe(404);
  });

  it('ends concurrent toggles in a consistent state: handled with a date, or to handle without', async () => {
    const { first, director, collaborator } = await adherentTeam();
    const c = await contact(first.id);
    const same = await Promise.all([
      call(director, 'PUT', `/contacts/${c.id}:set-processed`),
      call(collaborator, 'PUT', `/contacts/${c.id}:set-processed`),
    ]);
    expect(same.map((r) => r.statusCode)).toEqual([204, 204]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(i % 2 ? director : collaborator, 'PUT', `/contacts/${c.id}:${i % 2 ? 'set-processed' : 'set-to-process'}`),
      ),
    );
    expect(answers.every((r) => r.statusCode === 204)).toBe(true);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, c.id));
    expect(row!.processedAt !== null).toBe(row!.isProcessed);
  });
});

describe('GET /api/unprocessed-contact-count-by-contact-types', () => {
  it('counts what is to handle per group for one agency, and the network for role 1', async () => {
    const { first, second, director } = await adherentTeam();
    await contact(first.id);
    await contact(first.id, { type: 'CLIENT_EMAIL_CHANGE_CONTACT' });
    await contact(first.id, { type: 'SITE_CONTACT', isProcessed: true, processedAt: new Date() });
    await contact(first.id, { type: 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT' });
    await contact(first.id, { type: 'FREE_INVOICE_PAYMENT_CONTACT' });
    await contact(first.id, { type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT' });
    await contact(second.id, { type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT' });
    const res = await call(director, 'GET', `/unprocessed-contact-count-by-contact-types?agencyId=${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ external: 2, quotation: 1, invoice: 2 });

    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const network = (await call(superAdmin, 'GET', '/unprocessed-contact-count-by-contact-types')).json();
    expect(network.invoice).toBeGreaterThanOrEqual(3);
  });

  it('goes down when a contact is marked handled', async () => {
    const { first, collaborator } = await adherentTeam();
    const c = await contact(first.id, { type: 'SOLUTIONS_CONTACT' });
    const url = `/unprocessed-contact-count-by-contact-types?agencyId=${first.id}`;
    expect((await call(collaborator, 'GET', url)).json().external).toBe(1);
    await call(collaborator, 'PUT', `/contacts/${c.id}:set-processed`);
    expect((await call(collaborator, 'GET', url)).json().external).toBe(0);
  });

  it('refuses the network counts to roles 2 to 9, another agency, a customer, no token and a bad agencyId', async () => {
    const { director } = await adherentTeam();
    expect((await call(await t.buildAdmin({ roleId: 2 }), 'GET', '/unprocessed-contact-count-by-contact-types')).statusCode).toBe(
      403,
    );
    expect((await call(director, 'GET', '/unprocessed-contact-count-by-contact-types')).statusCode).toBe(403);
    const other = await t.buildAgency();
    expect((await call(director, 'GET', `/unprocessed-contact-count-by-contact-types?agencyId=${other.id}`)).statusCode).toBe(
      403,
    );
    expect((await call(await t.buildClient(), 'GET', '/unprocessed-contact-count-by-contact-types')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/unprocessed-contact-count-by-contact-types')).statusCode).toBe(401);
    const bad = await call(director, 'GET', '/unprocessed-contact-count-by-contact-types?agencyId=-1');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['agencyId']);
  });
});

describe('the files of quotation and invoice contacts', () => {
  it("are downloadable by the agency's staff with contact_administration, not by another agency's", async () => {
    const { first, collaborator } = await adherentTeam();
    const customer = await t.buildClient({ agencyIds: [first.id] });
    const contract = await buildContract(t, { clientId: customer.id, agencyId: first.id });
    const quotation = await buildQuotation(t, { agencyContractId: contract.id, withFile: true });
    // The customer refuses the quote in the extranet: the agency gets the contact.
    const refused = await call(customer, 'POST', `/agency-contract-quotations/${quotation.id}:refuse`);
    expect(refused.statusCode).toBe(204);
    const [card] = await list(collaborator, `agencyId=${first.id}&contactTypes=${CONTACT_TYPE_GROUPS.quotation.join(',')}`);
    expect(card).toMatchObject({ isClientKnown: true, data: { quotationNumber: quotation.number, quotationState: 'refused' } });
    const fileId = card!.data.quotationFileId;
    expect(fileId).toBe(quotation.fileId);

    const download = await call(collaborator, 'GET', `/files/${fileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    const stranger = await t.buildAdmin({ roleId: 4 });
    expect((await call(stranger, 'GET', `/files/${fileId}`)).statusCode).toBe(404);
    const technician = await t.buildAdmin({ roleId: 6, agencyIds: [first.id], adherentId: first.adherentId });
    expect((await call(technician, 'GET', `/files/${fileId}`)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('lists the contacts routes under the spec paths', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    for (const p of [
      '/contacts',
      '/contacts/{id}:set-processed',
      '/contacts/{id}:set-to-process',
      '/unprocessed-contact-count-by-contact-types',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
