import { CONTACT_TYPE_GROUPS, CONTACT_TYPES, type Contact, type ContactList } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoApp, DEMO_SEED_TIMEOUT, demoStaffGet, type TestApp } from '../../../test/demo-app.js';
import { agencies } from '../schema/index.js';

/** The demo's demands, quotations and invoices as their screens ask for them. */
describe('demo seed: contacts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildDemoApp();
  }, DEMO_SEED_TIMEOUT);

  const as = (email: string) => demoStaffGet(t, email);

  const lilleId = async () =>
    (await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, "Thermi'Nord Lille")))[0]!.id;

  it("gives the director's agency every group to handle and handled, and the network every type", async () => {
    const director = await as('dirigeant@demo.fr');
    const lille = await lilleId();
    for (const types of Object.values(CONTACT_TYPE_GROUPS)) {
      for (const isProcessed of [false, true]) {
        const list = (
          await director(`/contacts?agencyId=${lille}&isProcessed=${isProcessed}&contactTypes=${types.join(',')}`)
        ).json() as ContactList;
        expect(list.contacts.length, `${types[0]} processed=${isProcessed}`).toBeGreaterThan(0);
      }
    }
    const counts = (await director(`/unprocessed-contact-count-by-contact-types?agencyId=${lille}`)).json();
    expect(counts.external).toBeGreaterThan(0);
    expect(counts.quotation).toBeGreaterThan(0);
    expect(counts.invoice).toBeGreaterThan(0);

    const network = (await (await as('admin@demo.fr'))('/contacts')).json() as ContactList;
    expect(new Set(network.contacts.map((c) => c.type))).toEqual(new Set(CONTACT_TYPES));
    expect(new Set(network.contacts.map((c) => c.agencyId)).size).toBeGreaterThan(4);
  });

  it("names client@demo.fr's signed quote and paid invoice with their numbers and downloadable PDFs", async () => {
    const director = await as('dirigeant@demo.fr');
    const lille = await lilleId();
    const handled = async (search: string) =>
      ((await director(`/contacts?agencyId=${lille}&isProcessed=true&search=${search}`)).json() as ContactList).contacts;
    const [signed] = (await handled('0981')) as Contact[];
    expect(signed).toMatchObject({ fullName: 'Sophie Lefèvre', data: { quotationState: 'signed' } });
    const [paid] = (await handled('1187')).filter((c) => c.type === 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT');
    expect(paid!.data.amountIncludingTax).toBeGreaterThan(0);
    for (const fileId of [signed!.data.envelopeFileId, paid!.data.invoiceFileId]) {
      expect(fileId).toEqual(expect.any(Number));
      expect((await director(`/files/${fileId}`)).statusCode).toBe(200);
    }
  });
});
