import { describe, expect, it } from 'vitest';
import { buildContract } from '../../test/extranet-factories.js';
import { buildTestApp } from '../../test/helper.js';
import { documentBaseItemCategories } from '../db/schema/index.js';
import { UNSTORABLE_CHARACTER_MESSAGE } from './unstorable-characters.js';

/**
 * The write routes issue 24 found answering 500 to a lone surrogate (it reached a jsonb column or
 * `encodeURIComponent`). Each body is otherwise valid, so only the surrogate can refuse it.
 */
const t = await buildTestApp();
type Who = Parameters<typeof t.authHeader>[0];

const MARK = '@surrogate@';
/** The JSON text a client sends: `MARK` becomes the escape `\ud800` (JSON.parse makes it a lone surrogate). */
async function postWithSurrogate(who: Who, url: string, body: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...(await t.authHeader(who)), 'content-type': 'application/json' },
    payload: JSON.stringify(body).replace(MARK, '\\ud800'),
  });
}

function expectRefused(res: Awaited<ReturnType<typeof postWithSurrogate>>, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    code: 'validation_failed',
    message: UNSTORABLE_CHARACTER_MESSAGE,
    errors: { [field]: [UNSTORABLE_CHARACTER_MESSAGE] },
  });
}

describe('a lone surrogate on the write routes the review named: 400 validation_failed, not 500', () => {
  it('network news title', async () => {
    const writer = await t.buildAdmin({ roleId: 3 });
    const res = await postWithSurrogate(writer, '/network-actualities', {
      title: `Nouvelle gamme ${MARK}`,
      content: '<p>Une bonne nouvelle</p>',
      illustrationFiles: [],
      joinedFiles: [],
      isPublic: 1,
      categoryId: 2,
    });
    expectRefused(res, 'title');
  });

  it('forum thread title', async () => {
    const writer = await t.buildAdmin({ roleId: 6 });
    const res = await postWithSurrogate(writer, '/forum-threads', {
      forumId: 2,
      forumThemeId: 4,
      title: `Code défaut ${MARK}`,
      content: '<p>Une question</p>',
      agencyId: writer.agencyIds[0],
      joinedFiles: [],
    });
    expectRefused(res, 'title');
  });

  it('document title', async () => {
    const writer = await t.buildAdmin({ roleId: 1, regionId: null });
    const [category] = await t.db.insert(documentBaseItemCategories).values({ documentBaseId: 1, name: 'Notices' }).returning();
    const res = await postWithSurrogate(writer, '/document-base-items', {
      documentBaseId: 1,
      categoryId: category!.id,
      typeId: null,
      title: `Guide ${MARK}`,
      shortDescription: 'Les étapes de la mise en service',
      content: '<p>Une procédure</p>',
      isPublic: true,
      illustrationFiles: [],
      joinedFiles: [],
    });
    expectRefused(res, 'title');
  });

  it('agency Google My Business id', async () => {
    const adherent = await t.buildAdherent();
    const network = await t.buildAdmin({ roleId: 2 });
    const res = await postWithSurrogate(network, '/agencies', {
      adherentId: adherent.id,
      name: 'Thermique Rhône',
      description: 'Installateur depuis 1987',
      descriptionIntervention: 'Lyon et sa métropole',
      googleMyBusinessId: `ChIJ${MARK}`,
      jobType: 'CustomerServiceAndInstall',
      enteredNetworkAt: 2012,
    });
    expectRefused(res, 'googleMyBusinessId');
  });

  it('API key label', async () => {
    const director = await t.buildAdmin({ roleId: 4 });
    const res = await postWithSurrogate(director, `/agencies/${director.agencyIds[0]}/api-keys`, { label: `Logiciel ${MARK}` });
    expectRefused(res, 'label');
  });

  it('extranet contact message', async () => {
    const agency = await t.buildAgency();
    const client = await t.buildClient({ agencyIds: [agency.id] });
    const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
    const res = await postWithSurrogate(client, '/extranet-agency-contacts', {
      agencyContractId: contract.id,
      extranetAgencyContactSubjectId: 1,
      source: 'extranet_contracts_page',
      message: `La chaudière ${MARK} est en panne.`,
      isAvailableInTheMorning: true,
      isAvailableInTheAfternoon: false,
      isAvailableAtMidday: false,
      isAvailableAllDay: false,
    });
    expectRefused(res, 'message');
  });
});
