import type { AgencyDetail, AgencySummary } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { adminAgencies } from '../../db/schema/index.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];

async function list(who: Who | null, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/agencies${query}`, headers: who ? await t.authHeader(who) : {} });
}
async function detail(who: Who | null, id: number | string) {
  return t.app.inject({ method: 'GET', url: `/api/agencies/${id}`, headers: who ? await t.authHeader(who) : {} });
}
const names = (res: { json(): unknown }) => (res.json() as { agencies: AgencySummary[] }).agencies.map((a) => a.name);

describe('GET /api/agencies', () => {
  it('shows a network admin every agency of an adherent, by name, with the logo path', async () => {
    const adherent = await t.buildAdherent();
    await t.buildAgency({ adherentId: adherent.id, name: 'Énergie Bordeaux' });
    const lyon = await t.buildAgency({ adherentId: adherent.id, name: 'Chauffage Lyon', logoFileId: 41 });
    await t.buildAgency({ adherentId: adherent.id, name: 'Agence Nantes' });
    await t.buildAgency({ name: "Ailleurs d'un autre adhérent" });
    const network = await t.buildAdmin({ roleId: 3 });

    const res = await list(network, `?adherentId=${adherent.id}`);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Agence Nantes', 'Chauffage Lyon', 'Énergie Bordeaux']);
    const summary = (res.json() as { agencies: AgencySummary[] }).agencies[1]!;
    expect(summary).toEqual({
      id: lyon.id,
      name: 'Chauffage Lyon',
      adherentId: adherent.id,
      adminId: null,
      isActive: true,
      city: 'Lyon',
      postalCode: '69003',
      logoFileId: 41,
      logoFilePath: '/api/files/41',
    });
  });

  it('shows an adherent-level admin only the agencies they act for', async () => {
    const adherent = await t.buildAdherent();
    const mine = await t.buildAgency({ adherentId: adherent.id, name: 'Mon agence' });
    const alsoMine = await t.buildAgency({ adherentId: adherent.id, name: 'Mon autre agence' });
    await t.buildAgency({ adherentId: adherent.id, name: 'Agence sœur non attribuée' });
    const user = await t.buildAdmin({ roleId: 9, adherentId: adherent.id, agencyIds: [mine.id, alsoMine.id] });

    expect(names(await list(user))).toEqual(['Mon agence', 'Mon autre agence']);
    // A filter never widens what the caller may see.
    expect(names(await list(user, `?adherentId=${adherent.id}`))).toEqual(['Mon agence', 'Mon autre agence']);
  });

  it('shows nothing to an adherent-level admin attached to no agency', async () => {
    await t.buildAgency();
    const user = await t.buildAdmin({ roleId: 9, adherentId: (await t.buildAdherent()).id, agencyIds: [] });
    expect(names(await list(user))).toEqual([]);
  });

  it('filters by admin: agencies linked to them or that they run', async () => {
    const adherent = await t.buildAdherent();
    const director = await t.buildAdmin({ roleId: 4, adherentId: adherent.id, agencyIds: [] });
    const linked = await t.buildAgency({ adherentId: adherent.id, name: 'Liée' });
    await t.db.insert(adminAgencies).values({ adminId: director.id, agencyId: linked.id });
    await t.buildAgency({ adherentId: adherent.id, name: 'Dirigée', adminId: director.id });
    await t.buildAgency({ adherentId: adherent.id, name: 'Autre' });
    const network = await t.buildAdmin({ roleId: 1 });

    expect(names(await list(network, `?adminId=${director.id}`))).toEqual(['Dirigée', 'Liée']);
  });

  it('filters by isActive', async () => {
    const adherent = await t.buildAdherent();
    await t.buildAgency({ adherentId: adherent.id, name: 'Ouverte' });
    await t.buildAgency({ adherentId: adherent.id, name: 'Fermée', isActive: false });
    const network = await t.buildAdmin({ roleId: 2 });
    expect(names(await list(network, `?adherentId=${adherent.id}&isActive=false`))).toEqual(['Fermée']);
    expect(names(await list(network, `?adherentId=${adherent.id}&isActive=true`))).toEqual(['Ouverte']);
  });

  it('shows a customer only the agencies they are a customer of', async () => {
    const first = await t.buildAgency({ name: 'Agence du client A' });
    const second = await t.buildAgency({ name: 'Agence du client B' });
    await t.buildAgency({ name: 'Agence étrangère' });
    const customer = await t.buildClient({ agencyIds: [second.id, first.id] });
    expect(names(await list(customer))).toEqual(['Agence du client A', 'Agence du client B']);
  });

  it('keeps each caller to their own agencies when callers of every kind ask at once (prepared once per shape)', async () => {
    const adherent = await t.buildAdherent();
    const a = await t.buildAgency({ adherentId: adherent.id, name: 'Simultanée A' });
    const b = await t.buildAgency({ adherentId: adherent.id, name: 'Simultanée B', isActive: false });
    const userA = await t.buildAdmin({ roleId: 9, adherentId: adherent.id, agencyIds: [a.id] });
    const userB = await t.buildAdmin({ roleId: 9, adherentId: adherent.id, agencyIds: [b.id] });
    const nobody = await t.buildAdmin({ roleId: 9, adherentId: adherent.id, agencyIds: [] });
    const customerB = await t.buildClient({ agencyIds: [b.id] });
    const network = await t.buildAdmin({ roleId: 1 });
    const asked = [
      [userA, '', ['Simultanée A']],
      [userB, '', ['Simultanée B']],
      [nobody, '', []],
      [customerB, '', ['Simultanée B']],
      [network, `?adherentId=${adherent.id}`, ['Simultanée A', 'Simultanée B']],
      [network, `?adherentId=${adherent.id}&isActive=false`, ['Simultanée B']],
      [userA, `?adherentId=${adherent.id}&isActive=false`, []],
    ] as const;
    const answers = await Promise.all([...asked, ...asked].map(([who, query]) => list(who, query)));
    expect(answers.map(names)).toEqual([...asked, ...asked].map(([, , expected]) => expected));
  });

  it('answers 400 validation_failed to bad filters, 401 to an anonymous caller', async () => {
    const network = await t.buildAdmin({ roleId: 1 });
    for (const query of ['?isActive=peut-être', '?adherentId=abc', '?adminId=-3']) {
      const res = await list(network, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await list(null)).statusCode).toBe(401);
  });
});

describe('GET /api/agencies/{id}', () => {
  const contact = {
    name: 'Thermique Rhône',
    description: 'Installateur depuis 1987',
    descriptionIntervention: 'Lyon et sa métropole',
    address1: '12 rue de la République',
    address2: 'Bâtiment B',
    postalCode: '69002',
    city: 'Lyon',
    latitude: 45.7602,
    longitude: 4.8357,
    openingHours: 'Du lundi au vendredi, 8 h – 18 h',
    phones: [{ phone: '04 78 00 00 00', label: 'Accueil' }],
    emails: [{ emailAddress: 'contact@thermique-rhone.fr', label: 'Contact' }],
    socialLinks: [{ socialLinkLabelId: 1, link: 'https://www.facebook.com/thermique' }],
    sirenNumber: '552100554',
    legalOfficer: 'Marie Lefèvre',
    businessName: 'Thermique Rhône SAS',
    generalTermsFileId: 7,
    extranetAdvertisementFileId: 8,
    payPlugSecretKey: 'sk_live_ne_doit_jamais_sortir',
  };

  it('gives a customer of the agency its detail and infos, never the PayPlug key', async () => {
    const agency = await t.buildAgency(contact);
    const customer = await t.buildClient({ agencyIds: [agency.id] });
    const res = await detail(customer, agency.id);
    expect(res.statusCode).toBe(200);
    expect(res.payload).not.toContain('sk_live');
    expect(res.payload).not.toContain('payPlug');
    const body = res.json() as AgencyDetail;
    expect(body).toMatchObject({
      id: agency.id,
      name: 'Thermique Rhône',
      logoFilePath: null,
      description: 'Installateur depuis 1987',
      descriptionIntervention: 'Lyon et sa métropole',
      extranetAdvertisementFileId: 8,
      extranetAdvertisementFilePath: '/api/files/8',
    });
    const {
      description: _d,
      descriptionIntervention: _i,
      extranetAdvertisementFileId: _e,
      payPlugSecretKey: _k,
      ...infos
    } = contact;
    expect(body.infos).toEqual(infos);
  });

  it('gives any agency to a network admin and their own to an adherent-level admin', async () => {
    const agency = await t.buildAgency({ name: 'Visible' });
    expect((await detail(await t.buildAdmin({ roleId: 1 }), agency.id)).json()).toMatchObject({ id: agency.id, name: 'Visible' });
    const user = await t.buildAdmin({ roleId: 7, adherentId: agency.adherentId, agencyIds: [agency.id] });
    expect((await detail(user, agency.id)).statusCode).toBe(200);
  });

  it('answers 404 to an admin of another agency and to a customer of another agency', async () => {
    const agency = await t.buildAgency();
    const strangers = [await t.buildAdmin({ roleId: 4 }), await t.buildClient()];
    for (const who of strangers) {
      const res = await detail(who, agency.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: "L'agence demandée est introuvable." });
    }
  });

  it('answers 404 for an unknown id, 400 for a non-numeric one, 401 anonymous', async () => {
    const network = await t.buildAdmin({ roleId: 1 });
    expect((await detail(network, 999999)).statusCode).toBe(404);
    const bad = await detail(network, 'lyon');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect((await detail(null, 1)).statusCode).toBe(401);
  });
});
