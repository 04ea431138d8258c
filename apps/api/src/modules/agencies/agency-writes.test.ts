import { type AgencyDetail, IDENTIFIER_MESSAGES } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { agencies, auditLog } from '../../db/schema/index.js';

const t = await buildTestApp();
type Who = Parameters<typeof t.authHeader>[0];

async function call(method: 'POST' | 'PUT', url: string, who: Who | null, payload: unknown) {
  const headers = who ? await t.authHeader(who) : {};
  return t.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });
}
const stored = async (id: number) => (await t.db.select().from(agencies).where(eq(agencies.id, id)))[0]!;

const form = {
  name: 'Thermique Rhône',
  description: 'Installateur depuis 1987',
  descriptionIntervention: 'Lyon et sa métropole',
  googleMyBusinessId: 'ChIJ-thermique',
  externalLink: { label: 'Notre site', url: 'https://thermique-rhone.fr' },
  jobType: 'CustomerServiceAndInstall',
  salesFigures: 500,
  activities: ['GAZ', 'PAC'],
  employeeAmount: 6,
  enteredNetworkAt: 2012,
  payPlugSecretKey: 'sk_live_secret_value',
};

describe('POST /api/agencies', () => {
  it('lets a network admin create an agency for an adherent, audited, key never returned', async () => {
    const adherent = await t.buildAdherent();
    const network = await t.buildAdmin({ roleId: 2 });
    const res = await call('POST', '/agencies', network, { ...form, adherentId: adherent.id });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    const row = await stored(id);
    expect(row).toMatchObject({ adherentId: adherent.id, name: 'Thermique Rhône', payPlugSecretKey: 'sk_live_secret_value' });
    expect(row.activities).toEqual(['GAZ', 'PAC']);
    expect(row.isActive).toBe(true);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(entry).toMatchObject({ action: 'agency.created', actorAdminId: network.id });
    expect(JSON.stringify(entry)).not.toContain('sk_live');

    const detail = await t.app.inject({ method: 'GET', url: `/api/agencies/${id}`, headers: await t.authHeader(network) });
    expect(detail.payload).not.toContain('sk_live');
    expect((detail.json() as AgencyDetail).settings).toMatchObject({
      hasPayPlugSecretKey: true,
      googleMyBusinessId: 'ChIJ-thermique',
      googleMyBusinessUrl: 'https://www.google.com/maps/place/?q=place_id:ChIJ-thermique',
      salesFigures: 500,
      jobType: 'CustomerServiceAndInstall',
    });
  });

  it('refuses adherent-level roles (no adherents_administration), role 3 and anonymous callers', async () => {
    const adherent = await t.buildAdherent();
    for (const roleId of [3, 4, 7]) {
      const who = await t.buildAdmin({ roleId, ...(roleId > 3 ? { adherentId: adherent.id } : {}) });
      expect((await call('POST', '/agencies', who, { ...form, adherentId: adherent.id })).statusCode).toBe(403);
    }
    expect((await call('POST', '/agencies', null, { ...form, adherentId: adherent.id })).statusCode).toBe(401);
  });

  it('answers validation_failed per field for the required fields of spec 01 §5 and an unknown adherent', async () => {
    const network = await t.buildAdmin({ roleId: 1 });
    const res = await call('POST', '/agencies', network, {
      adherentId: 1,
      name: ' ',
      description: '',
      descriptionIntervention: '',
      googleMyBusinessId: '',
      enteredNetworkAt: 'deux mille',
      externalLink: { label: 'Site', url: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.keys(res.json().errors);
    for (const f of [
      'name',
      'description',
      'descriptionIntervention',
      'googleMyBusinessId',
      'enteredNetworkAt',
      'externalLink.url',
    ])
      expect(fields).toContain(f);
    expect(res.json().errors.name).toEqual(['Veuillez remplir ce champ']);

    const unknown = await call('POST', '/agencies', network, { ...form, adherentId: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.adherentId).toEqual(["L'adhérent est introuvable."]);
  });

  it('refuses a file id that does not exist or is of another type', async () => {
    const network = await t.buildAdmin({ roleId: 1 });
    const adherent = await t.buildAdherent();
    const res = await call('POST', '/agencies', network, { ...form, adherentId: adherent.id, logoFileId: 987654 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.logoFileId).toEqual(['Le fichier demandé est introuvable']);
  });
});

describe('PUT /api/agencies/{id}', () => {
  it('lets a director edit their agency; an absent PayPlug key keeps the stored one, null removes it', async () => {
    const agency = await t.buildAgency({ payPlugSecretKey: 'sk_old' });
    const director = await t.buildAdmin({ roleId: 4, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const { payPlugSecretKey: _k, ...withoutKey } = form;
    expect((await call('PUT', `/agencies/${agency.id}`, director, { ...withoutKey, externalLink: null })).statusCode).toBe(204);
    expect(await stored(agency.id)).toMatchObject({ name: 'Thermique Rhône', payPlugSecretKey: 'sk_old', externalLink: null });
    expect((await call('PUT', `/agencies/${agency.id}`, director, { ...withoutKey, payPlugSecretKey: null })).statusCode).toBe(
      204,
    );
    expect(await stored(agency.id)).toMatchObject({ payPlugSecretKey: null, isActive: true });
  });

  it('lets a network admin switch an agency off and on; an absent isActive keeps the stored state', async () => {
    const agency = await t.buildAgency();
    const network = await t.buildAdmin({ roleId: 2 });
    expect((await call('PUT', `/agencies/${agency.id}`, network, { ...form, isActive: false })).statusCode).toBe(204);
    expect(await stored(agency.id)).toMatchObject({ isActive: false, name: 'Thermique Rhône' });
    expect((await call('PUT', `/agencies/${agency.id}`, network, { ...form, name: 'Thermique Rhône Sud' })).statusCode).toBe(204);
    expect(await stored(agency.id)).toMatchObject({ isActive: false, name: 'Thermique Rhône Sud' });
    // The listing's url follows the id the form sends; it is never typed.
    await call('PUT', `/agencies/${agency.id}`, network, { ...form, googleMyBusinessId: 'ChIJ autre', googleMyBusinessUrl: 'x' });
    expect((await stored(agency.id)).googleMyBusinessUrl).toBe('https://www.google.com/maps/place/?q=place_id:ChIJ%20autre');
    expect((await call('PUT', `/agencies/${agency.id}`, network, { ...form, isActive: true })).statusCode).toBe(204);
    expect((await stored(agency.id)).isActive).toBe(true);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/agencies?adherentId=${agency.adherentId}&isActive=true`,
      headers: await t.authHeader(network),
    });
    expect((listed.json() as { agencies: { id: number }[] }).agencies.map((a) => a.id)).toEqual([agency.id]);
  });

  it('refuses a state change from adherent-level roles 4 and 7 (403, nothing saved); the same state passes', async () => {
    const agency = await t.buildAgency();
    for (const roleId of [4, 7]) {
      const who = await t.buildAdmin({ roleId, adherentId: agency.adherentId, agencyIds: [agency.id] });
      const off = await call('PUT', `/agencies/${agency.id}`, who, { ...form, name: `Éteinte ${roleId}`, isActive: false });
      expect(off.statusCode).toBe(403);
      expect(await stored(agency.id)).toMatchObject({ isActive: true });
      expect((await stored(agency.id)).name).not.toBe(`Éteinte ${roleId}`);
      expect((await call('PUT', `/agencies/${agency.id}`, who, { ...form, isActive: true })).statusCode).toBe(204);
    }
    // Switched off by the network, a director cannot switch it back on.
    const network = await t.buildAdmin({ roleId: 1 });
    await call('PUT', `/agencies/${agency.id}`, network, { ...form, isActive: false });
    const director = await t.buildAdmin({ roleId: 4, adherentId: agency.adherentId, agencyIds: [agency.id] });
    expect((await call('PUT', `/agencies/${agency.id}`, director, { ...form, isActive: true })).statusCode).toBe(403);
    expect((await stored(agency.id)).isActive).toBe(false);
  });

  it('answers validation_failed for a state that is not a boolean and an employee bucket out of the list', async () => {
    const agency = await t.buildAgency();
    const network = await t.buildAdmin({ roleId: 1 });
    const res = await call('PUT', `/agencies/${agency.id}`, network, { ...form, isActive: 'oui', employeeAmount: 7 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['isActive', 'employeeAmount']));
  });

  it('decides concurrent switches in the database: the row ends in one of the sent states, audited twice', async () => {
    const agency = await t.buildAgency();
    const network = await t.buildAdmin({ roleId: 1 });
    const answers = await Promise.all([
      call('PUT', `/agencies/${agency.id}`, network, { ...form, isActive: false }),
      call('PUT', `/agencies/${agency.id}`, network, { ...form, isActive: true }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([204, 204]);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(agency.id)));
    expect(entries.filter((e) => e.action === 'agency.updated')).toHaveLength(2);
    expect([true, false]).toContain((await stored(agency.id)).isActive);
  });

  it("answers 404 for another adherent's agency, or an agency of the adherent the caller does not act for", async () => {
    const agency = await t.buildAgency();
    const sister = await t.buildAgency({ adherentId: agency.adherentId });
    const stranger = await t.buildAdmin({ roleId: 7 });
    const manager = await t.buildAdmin({ roleId: 7, adherentId: agency.adherentId, agencyIds: [sister.id] });
    for (const who of [stranger, manager]) {
      const res = await call('PUT', `/agencies/${agency.id}`, who, form);
      expect(res.statusCode).toBe(404);
    }
    expect((await stored(agency.id)).name).not.toBe('Thermique Rhône');
  });

  it('refuses roles without agency_info_administration (3, 6, 9) and bad ids', async () => {
    const agency = await t.buildAgency();
    for (const roleId of [3, 6, 9]) {
      const who = await t.buildAdmin({
        roleId,
        ...(roleId > 3 ? { adherentId: agency.adherentId, agencyIds: [agency.id] } : {}),
      });
      expect((await call('PUT', `/agencies/${agency.id}`, who, form)).statusCode).toBe(403);
    }
    const network = await t.buildAdmin({ roleId: 1 });
    expect((await call('PUT', '/agencies/abc', network, form)).statusCode).toBe(400);
    expect((await call('PUT', '/agencies/999999', network, form)).statusCode).toBe(404);
  });
});

const infos = {
  name: 'Thermique Rhône',
  address1: '12 rue de la République',
  postalCode: '69002',
  city: 'Lyon',
  latitude: 45.76,
  longitude: 4.83,
  openingHours: '<p onclick="x()">Lundi–vendredi <script>alert(1)</script>8 h – 18 h</p>',
  phones: [{ phone: '04 78 00 00 00', label: 'Accueil' }],
  emails: [{ emailAddress: 'contact@thermique.fr', label: 'Contact' }],
  socialLinks: [{ socialLinkLabelId: 2, link: 'https://www.linkedin.com/company/thermique' }],
};

describe('spec 01 §3 place fields: agencyName, agencyAddress1, agencyPostalCode, agencyCity, agencyLatitude, agencyLongitude', () => {
  const place = {
    agencyAddress1: '4 quai Perrache',
    agencyPostalCode: '69002',
    agencyCity: 'Lyon',
    agencyLatitude: 45.749,
    agencyLongitude: 4.826,
  };

  it('are written by POST and PUT /agencies and answered by GET /agencies/{id}; absent, they are kept', async () => {
    const adherent = await t.buildAdherent();
    const network = await t.buildAdmin({ roleId: 2 });
    const created = await call('POST', '/agencies', network, {
      ...form,
      adherentId: adherent.id,
      agencyName: form.name,
      ...place,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    expect(await stored(id)).toMatchObject({ address1: '4 quai Perrache', postalCode: '69002', city: 'Lyon', latitude: 45.749 });
    const read = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/agencies/${id}`, headers: await t.authHeader(network) })
      ).json() as AgencyDetail;
    expect(await read()).toMatchObject({ agencyName: form.name, ...place });

    const moved = await call('PUT', `/agencies/${id}`, network, {
      ...form,
      agencyCity: 'Villeurbanne',
      agencyPostalCode: '69100',
    });
    expect(moved.statusCode, moved.body).toBe(204);
    expect(await read()).toMatchObject({ ...place, agencyCity: 'Villeurbanne', agencyPostalCode: '69100' });
    // The agency form without them changes none of them.
    expect((await call('PUT', `/agencies/${id}`, network, form)).statusCode).toBe(204);
    expect((await read()).agencyCity).toBe('Villeurbanne');
    expect((await read()).infos).toMatchObject({ city: 'Villeurbanne', address1: '4 quai Perrache', latitude: 45.749 });
  });

  it('refuses an agencyPostalCode that is not 5 digits (issue 25)', async () => {
    const agency = await t.buildAgency();
    const network = await t.buildAdmin({ roleId: 1 });
    const bad = await call('PUT', `/agencies/${agency.id}`, network, { ...form, agencyPostalCode: 'ABC' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      errors: { agencyPostalCode: [IDENTIFIER_MESSAGES.postalCode] },
    });
  });

  it('refuses an agencyName other than name, a latitude off the globe and a blank city, per field', async () => {
    const agency = await t.buildAgency();
    const network = await t.buildAdmin({ roleId: 1 });
    const other = await call('PUT', `/agencies/${agency.id}`, network, { ...form, agencyName: 'Un autre nom' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'validation_failed', errors: { agencyName: [expect.any(String)] } });
    const bad = await call('PUT', `/agencies/${agency.id}`, network, { ...form, agencyLatitude: 123, agencyCity: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['agencyCity', 'agencyLatitude']);
    expect((await stored(agency.id)).name).toBe(agency.name);
  });
});

describe('PUT /api/agencies/{id}/infos', () => {
  it('saves my agency with sanitized opening hours, audited with both ids when impersonating', async () => {
    const agency = await t.buildAgency();
    const manager = await t.buildAdmin({ roleId: 7, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const network = await t.buildAdmin({ roleId: 1 });
    const headers = { ...(await t.authHeader(network)), 'x-impersonated-admin-id': String(manager.id) };
    const res = await t.app.inject({ method: 'PUT', url: `/api/agencies/${agency.id}/infos`, headers, payload: infos });
    expect(res.statusCode).toBe(204);
    const row = await stored(agency.id);
    expect(row.openingHours).toBe('<p>Lundi–vendredi 8 h – 18 h</p>');
    expect(row).toMatchObject({ address1: '12 rue de la République', latitude: 45.76, socialLinks: infos.socialLinks });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(agency.id)));
    expect(entry).toMatchObject({ entityId: String(agency.id), actorAdminId: network.id, impersonatedAdminId: manager.id });
  });

  it('answers validation_failed for the required fields, numbers, limits and an image in the hours', async () => {
    const agency = await t.buildAgency();
    const director = await t.buildAdmin({ roleId: 4, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const res = await call('PUT', `/agencies/${agency.id}/infos`, director, {
      ...infos,
      address1: '',
      latitude: '45,7 N',
      openingHours: '<p></p>',
      phones: [],
      emails: [{ emailAddress: 'pas-un-mail', label: 'Contact' }],
      socialLinks: Array.from({ length: 5 }, () => infos.socialLinks[0]),
    });
    expect(res.statusCode).toBe(400);
    const errs = res.json().errors as Record<string, string[]>;
    expect(errs.address1).toEqual(['Veuillez remplir ce champ']);
    expect(errs.latitude).toEqual(['Veuillez saisir un nombre']);
    for (const f of ['openingHours', 'phones', 'emails.0.emailAddress', 'socialLinks']) expect(Object.keys(errs)).toContain(f);

    const threePhones = Array.from({ length: 3 }, () => infos.phones[0]);
    expect((await call('PUT', `/agencies/${agency.id}/infos`, director, { ...infos, phones: threePhones })).statusCode).toBe(400);
    const image = await call('PUT', `/agencies/${agency.id}/infos`, director, {
      ...infos,
      openingHours: '<p>a<img src="/api/files/3"></p>',
    });
    expect(image.json().errors.openingHours).toEqual(["Aucune image n'est acceptée dans ce champ."]);
  });

  it('refuses a postal code, phones and a SIREN that are not French ones, each with its message (issue 25)', async () => {
    const agency = await t.buildAgency();
    const director = await t.buildAdmin({ roleId: 4, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const res = await call('PUT', `/agencies/${agency.id}/infos`, director, {
      ...infos,
      postalCode: 'ABC',
      phones: [
        { phone: '😀 appelez-nous', label: 'Accueil' },
        { phone: '12', label: 'Astreinte' },
      ],
      sirenNumber: '12',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        postalCode: [IDENTIFIER_MESSAGES.postalCode],
        'phones.0.phone': [IDENTIFIER_MESSAGES.phone],
        'phones.1.phone': [IDENTIFIER_MESSAGES.phone],
        sirenNumber: [IDENTIFIER_MESSAGES.siren],
      },
    });
    expect((await stored(agency.id)).postalCode).not.toBe('ABC');
    const badKey = await call('PUT', `/agencies/${agency.id}/infos`, director, { ...infos, sirenNumber: '552100555' });
    expect(badKey.json().errors).toEqual({ sirenNumber: [IDENTIFIER_MESSAGES.siren] });
  });

  it('stores the phones as "06 12 34 56 78" and the SIREN without spaces, whatever was typed (issue 25)', async () => {
    const agency = await t.buildAgency();
    const director = await t.buildAdmin({ roleId: 4, adherentId: agency.adherentId, agencyIds: [agency.id] });
    const res = await call('PUT', `/agencies/${agency.id}/infos`, director, {
      ...infos,
      phones: [
        { phone: '+33 4 78 00 00 01', label: 'Accueil' },
        { phone: '06.12.34.56.78', label: 'Astreinte' },
      ],
      sirenNumber: '552 100 554',
    });
    expect(res.statusCode, res.body).toBe(204);
    const row = await stored(agency.id);
    expect(row.phones).toEqual([
      { phone: '04 78 00 00 01', label: 'Accueil' },
      { phone: '06 12 34 56 78', label: 'Astreinte' },
    ]);
    expect(row.sirenNumber).toBe('552100554');
  });

  it("refuses another adherent's agency (404) and roles without the permission (403)", async () => {
    const agency = await t.buildAgency();
    expect((await call('PUT', `/agencies/${agency.id}/infos`, await t.buildAdmin({ roleId: 4 }), infos)).statusCode).toBe(404);
    const tech = await t.buildAdmin({ roleId: 6, adherentId: agency.adherentId, agencyIds: [agency.id] });
    expect((await call('PUT', `/agencies/${agency.id}/infos`, tech, infos)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/agencies/${agency.id}/infos`, await t.buildClient({ agencyIds: [agency.id] }), infos)).statusCode,
    ).toBe(403);
  });
});
