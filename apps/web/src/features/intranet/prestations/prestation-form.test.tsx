import type { AgencyPrestation, NetworkPrestation } from '@reseau/contracts/schemas/prestations';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setCurrentAgency } from '../../../lib/session';
import { installFakeXhr, stubObjectUrls } from '../../../test/browser-stubs';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs, waitForPath } from '../../../test/utils';

const LOAD = { timeout: 10_000 };
const REQUIRED = 'Veuillez remplir ce champ';
const none = () => new Response(null, { status: 204 });

const STORED: NetworkPrestation = {
  id: 11,
  equipmentTypeId: 1,
  prestationTypeId: 1,
  prestationColorId: 2,
  title: 'Dépannage',
  subtitle: 'Intervention sous 48 heures',
  details: '<p>Détails</p>',
  argumentation: '<p>Argumentaire</p>',
  isActive: true,
  goodReasonsBlock: null,
  isMandatory: false,
  agencyNetworkPrestation: null,
};
const OWN: AgencyPrestation = { ...STORED, id: 30, title: 'Contrat confort', prestationColorId: 4, agencyId: 11, price: 199.9 };
const { isMandatory: _m, agencyNetworkPrestation: _a, ...ownFields } = OWN as AgencyPrestation & Partial<NetworkPrestation>;

function formApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/prestation-types': () =>
        json(200, {
          prestationTypes: [
            { id: 1, code: 'SAV' },
            { id: 2, code: 'INSTALLATION' },
            { id: 3, code: 'CONSEIL' },
          ],
        }),
      'GET /api/prestation-colors': () =>
        json(200, {
          prestationColors: [
            { id: 1, code: '#C8102E' },
            { id: 2, code: '#F28C28' },
            { id: 4, code: '#1565C0' },
          ],
        }),
      'GET /api/file-types': () =>
        json(200, { fileTypes: [{ fileTypeId: 12, allowedMimeTypes: ['image/png', 'image/jpeg'], maxSize: 5 * 1024 * 1024 }] }),
      'GET /api/network-prestations/11': () => json(200, STORED),
      'PUT /api/network-prestations/11': none,
      'GET /api/agency-prestations/30': () => json(200, ownFields),
      'PUT /api/agency-prestations/30': none,
      'GET /api/equipment-types': () => json(200, { equipmentTypes: [] }),
      'GET /api/files/41': () => new Response(new Blob(['x'], { type: 'image/png' })),
      ...overrides,
    }),
  );
}

const form = () => screen.findByRole('form', { name: 'Prestation' }, LOAD);
const EDIT_NETWORK = '/intranet/prestation?equipment=1&equipment-name=Chaudi%C3%A8re+gaz&prestation=11';

describe('prestation form of a network admin (spec 01 §2 /intranet/prestation, §5)', () => {
  beforeEach(() => signInAs('intranet', { roleId: 1, sub: '1' }));

  it('a new prestation needs its title, subtitle, type, colour and both texts; nothing is sent', async () => {
    const api = formApi({ 'POST /api/network-prestations': () => json(201, { id: 99 }) });
    renderRoute('/intranet/prestation?equipment=1&equipment-name=Chaudi%C3%A8re+gaz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouvelle prestation' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Chaudière gaz')).toBeInTheDocument();
    await userEvent.click(within(await form()).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getAllByText(REQUIRED)).toHaveLength(6));
    expect(api.callsTo('POST', '/api/network-prestations')).toHaveLength(0);
  }, 60_000);

  it('the good-reasons block: a reason needs the intro, the intro needs all five reasons', async () => {
    const api = formApi();
    renderRoute(EDIT_NETWORK);
    const edit = await form();
    expect(within(edit).getByRole('textbox', { name: 'Titre' })).toHaveValue('Dépannage');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Raison 1' }), 'Des techniciens formés');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Veuillez saisir une introduction pour les bonnes raisons')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Introduction' }), '5 bonnes raisons');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getAllByText(REQUIRED)).toHaveLength(4));
    expect(screen.getByRole('textbox', { name: 'Raison 2' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', '/api/network-prestations/11')).toHaveLength(0);
  }, 60_000);

  it('saves with an uploaded illustration (type 12), the mandatory mark and five reasons, then returns to the list', async () => {
    stubObjectUrls();
    const Xhr = installFakeXhr();
    const api = formApi();
    const { router } = renderRoute(EDIT_NETWORK);
    await form();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Prestation obligatoire/ }));
    await user.type(screen.getByRole('textbox', { name: 'Introduction' }), '5 bonnes raisons');
    for (const n of [1, 2, 3, 4, 5]) await user.type(screen.getByRole('textbox', { name: `Raison ${n}` }), `Raison n°${n}`);
    const zone = screen.getByRole('button', { name: /^Illustration des bonnes raisons/ });
    await waitFor(() => expect(zone).toHaveAttribute('aria-disabled', 'false'));
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    expect(Xhr.sent[0]!.body!.get('typeId')).toBe('12');
    act(() => Xhr.sent[0]!.respond(201, { id: 41 }));
    expect(await screen.findByRole('button', { name: 'Retirer l’illustration' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitForPath(router, '/intranet/prestations');
    expect(api.callsTo('PUT', '/api/network-prestations/11')[0]?.body).toEqual({
      equipmentTypeId: 1,
      prestationTypeId: 1,
      prestationColorId: 2,
      title: 'Dépannage',
      subtitle: 'Intervention sous 48 heures',
      details: '<p>Détails</p>',
      argumentation: '<p>Argumentaire</p>',
      isActive: true,
      isMandatory: true,
      goodReasonsBlock: {
        intro: '5 bonnes raisons',
        illustrationFileId: 41,
        goodReasons: [1, 2, 3, 4, 5].map((n) => ({ reason: `Raison n°${n}` })),
      },
    });
  }, 60_000);

  it('puts the server’s field errors under the fields, a nested one too', async () => {
    formApi({
      'PUT /api/network-prestations/11': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { title: ['Titre refusé'], 'goodReasonsBlock.intro': ['Introduction refusée'] },
        }),
    });
    renderRoute(EDIT_NETWORK);
    await form();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Titre refusé')).toBeInTheDocument();
    expect(screen.getByText('Introduction refusée')).toBeInTheDocument();
  });

  it('a prestation that cannot be loaded sends back to the list with a message', async () => {
    formApi({ 'GET /api/network-prestations/11': () => json(404, { code: 'not_found', message: 'x' }) });
    const { router } = renderRoute(EDIT_NETWORK);
    await waitForPath(router, '/intranet/prestations');
    expect(await screen.findByText('La prestation n’a pas pu être chargée.')).toBeInTheDocument();
  });
});

describe('prestation form of an agency user (spec 01 §5)', () => {
  beforeEach(() => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    setCurrentAgency({ id: 11, name: 'Thermo Services Lille' });
  });

  it('edits its own prestation: the colour is locked to blue, the price is needed, the body names the agency', async () => {
    const api = formApi();
    const { router } = renderRoute('/intranet/prestation?equipment=1&equipment-name=Chaudi%C3%A8re+gaz&prestation=30');
    await form();
    expect(api.callsTo('GET', '/api/agency-prestations/30')).toHaveLength(1);
    const colour = screen.getByRole('combobox', { name: /Couleur/ });
    expect(colour).toBeDisabled();
    await waitFor(() => expect(colour).toHaveValue('Bleu'));
    expect(screen.queryByRole('checkbox', { name: /Prestation obligatoire/ })).not.toBeInTheDocument();
    const price = screen.getByRole('textbox', { name: /Prix/ });
    expect(price).toHaveValue('199,9');
    const user = userEvent.setup();
    await user.clear(price);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/agency-prestations/30')).toHaveLength(0);

    await user.type(price, '219,5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitForPath(router, '/intranet/prestations');
    expect(api.callsTo('PUT', '/api/agency-prestations/30')[0]?.body).toMatchObject({
      agencyId: 11,
      prestationColorId: 4,
      price: 219.5,
      title: 'Contrat confort',
      goodReasonsBlock: null,
    });
  }, 60_000);
});
