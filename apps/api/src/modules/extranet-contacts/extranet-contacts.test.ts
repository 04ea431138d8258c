import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildContract } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { contacts } from '../../db/schema/index.js';

const t = await buildTestApp();

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });

async function customer() {
  const agency = await t.buildAgency();
  const client = await t.buildClient({ agencyIds: [agency.id], firstName: 'Hélène', lastName: 'Vasseur' });
  const contract = await buildContract(t, {
    clientId: client.id,
    agencyId: agency.id,
    route: '27 rue Gambetta',
    postalCode: '59000',
    locality: 'Lille',
    emailAddress: 'helene.vasseur@test.fr',
    mobilePhoneNumber: '06 71 42 18 93',
  });
  return { agency, client, contract, headers: await t.authHeader(client) };
}

const valid = (agencyContractId: number) => ({
  agencyContractId,
  extranetAgencyContactSubjectId: 1,
  source: 'extranet_contracts_page',
  message: "La chaudière s'arrête toutes les heures avec le code F28.",
  isAvailableInTheMorning: true,
  isAvailableInTheAfternoon: false,
  isAvailableAtMidday: false,
  isAvailableAllDay: false,
});

describe('GET /extranet-agency-contact-subjects', () => {
  it('lists the three subjects', async () => {
    const me = await customer();
    const res = await call('GET', '/extranet-agency-contact-subjects', me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      extranetAgencyContactSubjects: [
        { id: 1, name: 'Panne' },
        { id: 2, name: "Rendez-vous d'entretien" },
        { id: 3, name: 'Déménagement ou autre demande' },
      ],
    });
  });

  it('401 without a token, 403 for staff', async () => {
    expect((await call('GET', '/extranet-agency-contact-subjects')).statusCode).toBe(401);
    const admin = await t.buildAdmin({ roleId: 1 });
    expect((await call('GET', '/extranet-agency-contact-subjects', await t.authHeader(admin))).statusCode).toBe(403);
  });
});

describe('POST /extranet-agency-contacts', () => {
  it('records the request for the contract’s agency (201 with its id)', async () => {
    const me = await customer();
    const res = await call('POST', '/extranet-agency-contacts', me.headers, {
      ...valid(me.contract.id),
      extranetAgencyContactSubjectId: 2,
      source: 'extranet_quotes_tab',
      isAvailableAllDay: true,
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row).toMatchObject({
      agencyId: me.agency.id,
      type: 'EXTRANET_AGENCY_CONTACT',
      clientId: me.client.id,
      fullName: 'Hélène Vasseur',
      emailAddress: 'helene.vasseur@test.fr',
      phone: '06 71 42 18 93',
      address: '27 rue Gambetta',
      postalCode: '59000',
      city: 'Lille',
      isClientKnown: true,
      isProcessed: false,
      data: {
        agencyContractId: me.contract.id,
        subjectId: 2,
        subject: "Rendez-vous d'entretien",
        message: "La chaudière s'arrête toutes les heures avec le code F28.",
        source: 'extranet_quotes_tab',
        isAvailableInTheMorning: true,
        isAvailableAtMidday: false,
        isAvailableInTheAfternoon: false,
        isAvailableAllDay: true,
      },
    });
  });

  it('400 validation_failed with the spec’s message when something is missing', async () => {
    const me = await customer();
    const base = valid(me.contract.id);
    const noAvailability = {
      ...base,
      isAvailableInTheMorning: false,
      isAvailableInTheAfternoon: false,
      isAvailableAtMidday: false,
      isAvailableAllDay: false,
    };
    const { agencyContractId: _c, ...noContract } = base;
    const { extranetAgencyContactSubjectId: _s, ...noSubject } = base;
    const cases: [object, string][] = [
      [noContract, 'agencyContractId'],
      [noSubject, 'extranetAgencyContactSubjectId'],
      [{ ...base, message: '   ' }, 'message'],
      [{ ...base, message: 'x'.repeat(2001) }, 'message'],
      [noAvailability, 'availability'],
      [{ ...base, source: 'ailleurs' }, 'source'],
      [{ ...base, extranetAgencyContactSubjectId: 9 }, 'extranetAgencyContactSubjectId'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/extranet-agency-contacts', me.headers, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: 'Merci de compléter les informations manquantes.' });
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    // Issue 25: the cap is the spec's over-length message (00 §5), not a silent cut.
    const long = await call('POST', '/extranet-agency-contacts', me.headers, { ...base, message: 'x'.repeat(2001) });
    expect(long.json().errors).toEqual({ message: ['Limite de caractères dépassée'] });
    const empty = await call('POST', '/extranet-agency-contacts', me.headers, {});
    expect(empty.json().message).toBe('Merci de compléter les informations manquantes.');
    const rows = await t.db.select().from(contacts).where(eq(contacts.clientId, me.client.id));
    expect(rows).toHaveLength(0);
    // A message of exactly 2 000 characters is fine.
    expect((await call('POST', '/extranet-agency-contacts', me.headers, { ...base, message: 'x'.repeat(2000) })).statusCode).toBe(
      201,
    );
  });

  it('401, 403 for staff, 404 on another customer’s contract', async () => {
    const me = await customer();
    const stranger = await customer();
    expect((await call('POST', '/extranet-agency-contacts', {}, valid(me.contract.id))).statusCode).toBe(401);
    const admin = await t.buildAdmin({ roleId: 7, agencyIds: [me.agency.id] });
    expect((await call('POST', '/extranet-agency-contacts', await t.authHeader(admin), valid(me.contract.id))).statusCode).toBe(
      403,
    );
    const res = await call('POST', '/extranet-agency-contacts', me.headers, valid(stranger.contract.id));
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(contacts).where(eq(contacts.agencyId, stranger.agency.id))).toHaveLength(0);
  });
});
