import type { EquipmentType, EquipmentTypeDetail } from '@reseau/contracts/schemas/prestations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentAgency } from '../../../lib/session';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs, waitForPath } from '../../../test/utils';

const LOAD = { timeout: 10_000 };

function detail(id: number, agencyId: number | null, prestationTypeId: number, title: string): EquipmentTypeDetail {
  return {
    id,
    agencyId,
    equipmentTypeId: 1,
    prestationTypeId,
    title,
    prestationsTitle: `${title} : prestations`,
    arguments: ['Un', 'Deux', 'Trois', 'Quatre'].map((argument) => ({ argument })),
  };
}

const NETWORK_SAV = detail(5, null, 1, 'Le service après-vente');
const equipment = (details: EquipmentTypeDetail[]): EquipmentType => ({
  id: 1,
  name: 'Chaudière gaz',
  networkPrestations: [],
  agencyPrestations: [],
  details,
});

function textsApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/equipment-types/1': () => json(200, equipment([NETWORK_SAV])),
      'PUT /api/equipment-types-details/5': ({ body }) => json(200, { id: 5, ...(body as object) }),
      'POST /api/equipment-types-details': ({ body }) => json(201, { id: 6, ...(body as object) }),
      'GET /api/equipment-types': () => json(200, { equipmentTypes: [] }),
      ...overrides,
    }),
  );
}

const block = (name: string) => screen.findByLabelText(name, { selector: 'section' }, LOAD);

describe('equipment texts (spec 01 §2 /intranet/equipment, §5)', () => {
  it('a network admin edits the network texts: a stored block and a block filled from empty are saved, the empty one is not', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = textsApi();
    const { router } = renderRoute('/intranet/equipment?id=1');
    const sav = await block('SAV');
    expect(api.callsTo('GET', '/api/equipment-types/1')[0]?.url.searchParams.has('agencyId')).toBe(false);
    expect(within(sav).getByRole('textbox', { name: 'Titre' })).toHaveValue('Le service après-vente');
    const user = userEvent.setup();
    const installation = await block('Installation');
    await user.type(within(installation).getByRole('textbox', { name: 'Titre' }), 'L’installation');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // A block filled from empty needs both titles.
    expect(await within(installation).findByText('Veuillez remplir ce champ')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/equipment-types-details')).toHaveLength(0);

    await user.type(within(installation).getByRole('textbox', { name: 'Titre des prestations' }), 'Nos installations');
    await user.type(within(installation).getByRole('textbox', { name: 'Argument 1' }), 'Devis gratuit');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitForPath(router, '/intranet/prestations');
    expect(api.callsTo('PUT', '/api/equipment-types-details/5')[0]?.body).toEqual({
      agencyId: null,
      equipmentTypeId: 1,
      prestationTypeId: 1,
      title: 'Le service après-vente',
      prestationsTitle: 'Le service après-vente : prestations',
      arguments: ['Un', 'Deux', 'Trois', 'Quatre'].map((argument) => ({ argument })),
    });
    expect(api.callsTo('POST', '/api/equipment-types-details').map((c) => c.body)).toEqual([
      {
        agencyId: null,
        equipmentTypeId: 1,
        prestationTypeId: 2,
        title: 'L’installation',
        prestationsTitle: 'Nos installations',
        arguments: [{ argument: 'Devis gratuit' }, { argument: '' }, { argument: '' }, { argument: '' }],
      },
    ]);
  }, 60_000);

  it('an agency user edits its agency’s texts, the network’s shown as a model; a refusal lands under its block’s field', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    setCurrentAgency({ id: 11, name: 'Thermo Services Lille' });
    const api = textsApi({
      'POST /api/equipment-types-details': () =>
        json(400, { code: 'validation_failed', message: 'Invalide', errors: { prestationsTitle: ['Titre refusé'] } }),
    });
    renderRoute('/intranet/equipment?id=1');
    const sav = await block('SAV');
    expect(api.callsTo('GET', '/api/equipment-types/1')[0]?.url.searchParams.get('agencyId')).toBe('11');
    const title = within(sav).getByRole('textbox', { name: 'Titre' });
    expect(title).toHaveValue('');
    expect(title).toHaveAttribute('placeholder', 'Le service après-vente');
    const user = userEvent.setup();
    await user.type(title, 'Notre SAV');
    await user.type(within(sav).getByRole('textbox', { name: 'Titre des prestations' }), 'Nos entretiens');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await within(sav).findByText('Titre refusé')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/equipment-types-details')[0]?.body).toMatchObject({
      agencyId: 11,
      prestationTypeId: 1,
      title: 'Notre SAV',
    });
    expect(api.callsTo('PUT', '/api/equipment-types-details/5')).toHaveLength(0);
  }, 60_000);

  it('an equipment type that cannot be loaded sends back to the list', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    textsApi({ 'GET /api/equipment-types/1': () => json(404, { code: 'not_found', message: 'x' }) });
    const { router } = renderRoute('/intranet/equipment?id=1');
    await waitForPath(router, '/intranet/prestations');
    await waitFor(() => expect(screen.getAllByText('Les équipements n’ont pas pu être chargés.').length).toBeGreaterThan(0));
  });
});
