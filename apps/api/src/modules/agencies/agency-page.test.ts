import { type AgencyDetail, type AgencyUpdateBody, agencyUpdateBodyOf } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { agencies } from '../../db/schema/index.js';

const t = await buildTestApp();
type Who = Parameters<typeof t.authHeader>[0];

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function call(method: 'GET' | 'PUT', url: string, who: Who | null, payload?: unknown) {
  const headers = who ? await t.authHeader(who) : {};
  return t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload: payload as object } : {}) });
}
const stored = async (id: number) => (await t.db.select().from(agencies).where(eq(agencies.id, id)))[0]!;

/** The agency form as the page screen resends it: the stored agency, read back through GET. */
async function formOf(agencyId: number, who: Who): Promise<AgencyUpdateBody> {
  const detail = (await call('GET', `/agencies/${agencyId}`, who)).json() as AgencyDetail;
  if (!detail.settings) throw new Error('no settings for this caller');
  return agencyUpdateBodyOf({ ...detail, settings: detail.settings });
}

async function directorOfNewAgency() {
  const agency = await t.buildAgency({
    description: 'Installateur',
    descriptionIntervention: 'Lyon',
    googleMyBusinessId: 'ChIJ-x',
  });
  const director = await t.buildAdmin({ roleId: 4, adherentId: agency.adherentId, agencyIds: [agency.id] });
  return { agency, director };
}

describe('PUT /api/agencies/{id}: the agency page fields (spec 01 §2, §3, §5)', () => {
  it('saves subtitle, sanitized description, illustration, logos and advertisement; GET returns them', async () => {
    const { agency, director } = await directorOfNewAgency();
    const illustration = await t.uploadAs(director, 4, PNG, 'illustration.png');
    const logos = [await t.uploadAs(director, 5, PNG, 'logo-1.png'), await t.uploadAs(director, 5, PNG, 'logo-2.png')];
    const advertisement = await t.uploadAs(director, 17, PNG, 'pub.png');
    const image = await t.uploadAs(director, 4, PNG, 'dans-le-texte.png');
    const res = await call('PUT', `/agencies/${agency.id}`, director, {
      ...(await formOf(agency.id, director)),
      pageTitle: '  Votre chauffagiste à Lyon  ',
      pageDescription: `<p onclick="x()">Depuis 1987<script>alert(1)</script></p><img src="/api/files/${image}">`,
      pageIllustrationFileId: illustration,
      pageLogosFiles: logos.map((fileId) => ({ fileId })),
      publicAdvertisementFileId: advertisement,
    });
    expect(res.statusCode).toBe(204);

    const detail = (await call('GET', `/agencies/${agency.id}`, director)).json() as AgencyDetail;
    expect(detail).toMatchObject({
      pageTitle: 'Votre chauffagiste à Lyon',
      pageIllustrationFileId: illustration,
      pageLogosFiles: logos.map((fileId) => ({ fileId })),
      publicAdvertisementFileId: advertisement,
    });
    expect(detail.pageDescription).toContain('<p>Depuis 1987</p>');
    expect(detail.pageDescription).not.toMatch(/script|onclick/);
    expect((await stored(agency.id)).pageDescriptionImages).toEqual([{ fileId: image }]);
    // The agency form's own fields are untouched by a page save.
    expect(await stored(agency.id)).toMatchObject({ description: 'Installateur', googleMyBusinessId: 'ChIJ-x' });

    // The page is public: its pictures and the description's image open without a token.
    for (const fileId of [illustration, logos[1]!, advertisement, image]) {
      expect((await call('GET', `/files/${fileId}`, null)).statusCode).toBe(200);
    }
  });

  it('leaves the page as stored when a PUT omits its fields (the agency form), and null clears a picture', async () => {
    const { agency, director } = await directorOfNewAgency();
    const logo = await t.uploadAs(director, 5, PNG, 'logo.png');
    const illustration = await t.uploadAs(director, 4, PNG, 'illustration.png');
    const form = await formOf(agency.id, director);
    const page = {
      pageTitle: 'Sous-titre',
      pageDescription: '<p>Qui sommes-nous</p>',
      pageLogosFiles: [{ fileId: logo }],
      pageIllustrationFileId: illustration,
    };
    expect((await call('PUT', `/agencies/${agency.id}`, director, { ...form, ...page })).statusCode).toBe(204);

    expect((await call('PUT', `/agencies/${agency.id}`, director, { ...form, name: 'Nouveau nom' })).statusCode).toBe(204);
    expect(await stored(agency.id)).toMatchObject({ ...page, name: 'Nouveau nom' });

    const cleared = { ...form, pageIllustrationFileId: null, pageLogosFiles: [], pageTitle: '' };
    expect((await call('PUT', `/agencies/${agency.id}`, director, cleared)).statusCode).toBe(204);
    expect(await stored(agency.id)).toMatchObject({
      pageIllustrationFileId: null,
      pageLogosFiles: [],
      pageTitle: null,
      pageDescription: '<p>Qui sommes-nous</p>',
    });
  });

  it("answers 404 for another adherent's agency or one the caller does not act for, 403 without agency_info_administration", async () => {
    const { agency, director } = await directorOfNewAgency();
    const form = { ...(await formOf(agency.id, director)), pageTitle: 'Piraté', pageDescription: '<p>Piraté</p>' };
    const sister = await t.buildAgency({ adherentId: agency.adherentId });
    const stranger = await t.buildAdmin({ roleId: 4 });
    const managerOfSister = await t.buildAdmin({ roleId: 7, adherentId: agency.adherentId, agencyIds: [sister.id] });
    for (const who of [stranger, managerOfSister]) {
      expect((await call('PUT', `/agencies/${agency.id}`, who, form)).statusCode).toBe(404);
    }
    for (const roleId of [3, 6, 9]) {
      const who = await t.buildAdmin({
        roleId,
        ...(roleId > 3 ? { adherentId: agency.adherentId, agencyIds: [agency.id] } : {}),
      });
      expect((await call('PUT', `/agencies/${agency.id}`, who, form)).statusCode).toBe(403);
    }
    expect((await call('PUT', `/agencies/${agency.id}`, await t.buildClient({ agencyIds: [agency.id] }), form)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/agencies/${agency.id}`, null, form)).statusCode).toBe(401);
    expect(await stored(agency.id)).toMatchObject({ pageTitle: null, pageDescription: null });
  });

  it('answers validation_failed per field: empty description, too many or repeated logos, long subtitle', async () => {
    const { agency, director } = await directorOfNewAgency();
    const form = await formOf(agency.id, director);
    const logo = await t.uploadAs(director, 5, PNG, 'logo.png');
    const res = await call('PUT', `/agencies/${agency.id}`, director, {
      ...form,
      pageTitle: 'x'.repeat(201),
      pageDescription: '<p> </p>',
      pageLogosFiles: Array.from({ length: 7 }, (_, i) => ({ fileId: logo + i })),
    });
    expect(res.statusCode).toBe(400);
    const errs = res.json().errors as Record<string, string[]>;
    expect(errs.pageDescription).toEqual(['Veuillez remplir ce champ']);
    expect(errs.pageLogosFiles).toEqual(['Au plus 6 logos']);
    expect(Object.keys(errs)).toContain('pageTitle');

    const repeated = await call('PUT', `/agencies/${agency.id}`, director, {
      ...form,
      pageLogosFiles: [{ fileId: logo }, { fileId: logo }],
    });
    expect(repeated.json().errors.pageLogosFiles).toEqual(['Ce logo est déjà sur la page']);

    // Only refused markup: nothing is left once sanitized, so the description is still empty.
    const onlyScript = await call('PUT', `/agencies/${agency.id}`, director, {
      ...form,
      pageDescription: '<script>alert("x")</script>',
    });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().errors.pageDescription).toEqual(['Veuillez remplir ce champ']);
  });

  it("refuses files of the wrong type or that the writer may not read, and images of someone else's", async () => {
    const { agency, director } = await directorOfNewAgency();
    const form = await formOf(agency.id, director);
    const other = await t.buildAdmin({ roleId: 4 });
    const theirs = await t.uploadAs(other, 5, PNG, 'logo.png');
    const theirImage = await t.uploadAs(other, 4, PNG, 'image.png');
    const agencyLogo = await t.uploadAs(director, 2, PNG, 'logo-agence.png');
    const res = await call('PUT', `/agencies/${agency.id}`, director, {
      ...form,
      pageLogosFiles: [{ fileId: theirs }],
      pageIllustrationFileId: agencyLogo,
      publicAdvertisementFileId: 987654,
    });
    expect(res.statusCode).toBe(400);
    const errs = res.json().errors as Record<string, string[]>;
    for (const f of ['pageLogosFiles', 'pageIllustrationFileId', 'publicAdvertisementFileId']) {
      expect(errs[f]).toEqual(['Le fichier demandé est introuvable']);
    }
    const image = await call('PUT', `/agencies/${agency.id}`, director, {
      ...form,
      pageDescription: `<p>Nous</p><img src="/api/files/${theirImage}">`,
    });
    expect(image.statusCode).toBe(400);
    expect(Object.keys(image.json().errors)).toEqual(['pageDescription']);
    expect(await stored(agency.id)).toMatchObject({ pageLogosFiles: [], pageDescription: null });
  });

  it('lets a network admin save any agency page', async () => {
    const { agency } = await directorOfNewAgency();
    const network = await t.buildAdmin({ roleId: 2 });
    const form = await formOf(agency.id, network);
    const res = await call('PUT', `/agencies/${agency.id}`, network, { ...form, pageDescription: '<p>Le réseau</p>' });
    expect(res.statusCode).toBe(204);
    expect((await stored(agency.id)).pageDescription).toBe('<p>Le réseau</p>');
  });
});
