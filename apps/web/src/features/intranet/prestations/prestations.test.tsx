import type { AgencyPrestation, EquipmentType, NetworkPrestation } from '@reseau/contracts/schemas/prestations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentAgency } from '../../../lib/session';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

const LOAD = { timeout: 10_000 };
const none = () => new Response(null, { status: 204 });

function network(id: number, title: string, overrides: Partial<NetworkPrestation> = {}): NetworkPrestation {
  return {
    id,
    equipmentTypeId: 1,
    prestationTypeId: 1,
    prestationColorId: 1,
    title,
    subtitle: `${title} : sous-titre`,
    details: '<p>Détails</p>',
    argumentation: '<p>Argumentaire</p>',
    isActive: true,
    goodReasonsBlock: null,
    isMandatory: false,
    agencyNetworkPrestation: null,
    ...overrides,
  };
}

function own(id: number, title: string, overrides: Partial<AgencyPrestation> = {}): AgencyPrestation {
  return { ...network(id, title), prestationColorId: 4, agencyId: 11, price: 199.9, ...overrides } as AgencyPrestation;
}

const TYPES = {
  equipmentTypes: [
    { id: 1, name: 'Chaudière gaz' },
    { id: 2, name: 'Pompe à chaleur' },
  ],
};

function equipment(overrides: Partial<EquipmentType> = {}): EquipmentType {
  return { id: 1, name: 'Chaudière gaz', networkPrestations: [], agencyPrestations: [], details: [], ...overrides };
}

function catalogueApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/equipment-types': () => json(200, TYPES),
      'POST /api/network-prestations:reorder': none,
      'POST /api/agency-prestations:reorder': none,
      ...overrides,
    }),
  );
}

const section = (name: string) => screen.findByLabelText(name, { selector: 'section' }, LOAD);

describe('prestation catalogue of a network admin (spec 01 §2 /intranet/prestations)', () => {
  beforeEach(() => signInAs('intranet', { roleId: 1, sub: '1' }));

  const ANNUAL = network(10, 'Entretien annuel', { isMandatory: true });
  const REPAIR = network(11, 'Dépannage');
  const ADVICE = network(12, 'Visite conseil', { isActive: false });
  const api = (overrides: Record<string, Handler> = {}) =>
    catalogueApi({
      'GET /api/equipment-types/1': ({ url }) =>
        url.searchParams.has('agencyId')
          ? json(400, { code: 'validation_failed', message: 'x' })
          : json(200, equipment({ networkPrestations: [ANNUAL, REPAIR, ADVICE] })),
      'PUT /api/network-prestations/11': none,
      'DELETE /api/network-prestations/12': none,
      ...overrides,
    });

  it('lists the network prestations of the first equipment type with their marks and links; the others load when opened', async () => {
    const calls = api({ 'GET /api/equipment-types/2': () => json(200, equipment({ id: 2, name: 'Pompe à chaleur' })) });
    renderRoute('/intranet/prestations');
    const list = await section('Prestations du réseau : Chaudière gaz');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => within(li).getAllByText(/./)[0]?.textContent),
    ).toEqual(['Entretien annuel', 'Dépannage', 'Visite conseil']);
    expect(within(list).getByText('Obligatoire')).toBeInTheDocument();
    expect(within(list).getByText('Désactivée')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modifier Dépannage' })).toHaveAttribute(
      'href',
      '/intranet/prestation?equipment=1&equipment-name=Chaudi%C3%A8re+gaz&prestation=11',
    );
    expect(screen.getByRole('link', { name: 'Textes de l’équipement Chaudière gaz' })).toHaveAttribute(
      'href',
      '/intranet/equipment?id=1',
    );
    expect(screen.getByRole('link', { name: 'Ajouter une prestation réseau à Chaudière gaz' })).toBeInTheDocument();
    expect(calls.callsTo('GET', '/api/equipment-types/2')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Pompe à chaleur' }));
    expect(await section('Prestations du réseau : Pompe à chaleur')).toHaveTextContent('Aucune donnée');
    expect(calls.callsTo('GET', '/api/equipment-types/1')[0]?.url.searchParams.has('agencyId')).toBe(false);
  }, 60_000);

  it('deactivates a prestation only once confirmed, sending the whole prestation back', async () => {
    const calls = api();
    renderRoute('/intranet/prestations');
    await section('Prestations du réseau : Chaudière gaz');
    await userEvent.click(screen.getByRole('switch', { name: 'Dépannage active' }));
    const dialog = await screen.findByRole('dialog', { name: 'Désactiver la prestation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(calls.callsTo('PUT', '/api/network-prestations/11')).toHaveLength(0);

    await userEvent.click(screen.getByRole('switch', { name: 'Dépannage active' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Désactiver' }));
    await waitFor(() => expect(calls.callsTo('PUT', '/api/network-prestations/11')).toHaveLength(1));
    expect(calls.callsTo('PUT', '/api/network-prestations/11')[0]?.body).toEqual({
      equipmentTypeId: 1,
      prestationTypeId: 1,
      prestationColorId: 1,
      title: 'Dépannage',
      subtitle: 'Dépannage : sous-titre',
      details: '<p>Détails</p>',
      argumentation: '<p>Argumentaire</p>',
      isActive: false,
      isMandatory: false,
      goodReasonsBlock: null,
    });
  }, 60_000);

  it('deletes a prestation once confirmed and says so; a refusal says it failed', async () => {
    const calls = api();
    renderRoute('/intranet/prestations');
    await section('Prestations du réseau : Chaudière gaz');
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Visite conseil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la prestation' });
    expect(dialog).toHaveTextContent('Supprimer définitivement « Visite conseil » ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Prestation supprimée')).toBeInTheDocument();
    expect(calls.callsTo('DELETE', '/api/network-prestations/12')).toHaveLength(1);

    api({ 'DELETE /api/network-prestations/12': () => json(404, { code: 'not_found', message: 'x' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Visite conseil' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('La prestation n’a pas pu être supprimée.')).toBeInTheDocument();
  }, 60_000);

  it('reorder mode moves a prestation from the keyboard and posts the move', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = this instanceof HTMLLIElement && this.parentElement ? [...this.parentElement.children].indexOf(this) : 0;
      return new DOMRect(0, index * 60, 400, 50);
    });
    const calls = api();
    const user = userEvent.setup();
    renderRoute('/intranet/prestations');
    await section('Prestations du réseau : Chaudière gaz');
    await user.click(screen.getByRole('button', { name: 'Réorganiser' }));
    screen.getByRole('button', { name: 'Déplacer Visite conseil' }).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[Space]');
    await waitFor(() => expect(calls.callsTo('POST', '/api/network-prestations:reorder')).toHaveLength(1));
    expect(calls.callsTo('POST', '/api/network-prestations:reorder')[0]?.body).toEqual({
      reorderedPrestationId: 12,
      newPrecedingPrestationId: 10,
    });
    vi.restoreAllMocks();
  });

  it('a failed load shows the error with a retry', async () => {
    catalogueApi({ 'GET /api/equipment-types': () => json(500, { code: 'internal_error', message: 'boom' }) });
    renderRoute('/intranet/prestations');
    expect(await screen.findByRole('button', { name: 'Réessayer' }, LOAD)).toBeInTheDocument();
  });
});

describe('prestation catalogue of an agency user (spec 01 §4)', () => {
  beforeEach(() => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    setCurrentAgency({ id: 11, name: 'Thermo Services Lille' });
  });

  const MANDATORY = network(10, 'Entretien annuel', { isMandatory: true, agencyNetworkPrestation: null });
  const REPAIR = network(11, 'Dépannage', { agencyNetworkPrestation: { id: 70, price: 95, isActive: true } });
  const ADVICE = network(12, 'Visite conseil');
  const COMFORT = own(30, 'Contrat confort');
  const api = (overrides: Record<string, Handler> = {}) =>
    catalogueApi({
      'GET /api/equipment-types/1': () =>
        json(200, equipment({ networkPrestations: [MANDATORY, REPAIR, ADVICE], agencyPrestations: [COMFORT] })),
      'POST /api/agency-network-prestations': ({ body }) => json(201, { id: 71, ...(body as object) }),
      'PUT /api/agency-network-prestations/70': ({ body }) =>
        json(200, { id: 70, agencyId: 11, networkPrestationId: 11, ...(body as object) }),
      'PUT /api/agency-prestations/30': none,
      ...overrides,
    });

  it('asks for the current agency’s view and shows its prices; a mandatory prestation has no switch', async () => {
    const calls = api();
    renderRoute('/intranet/prestations');
    await section('Prestations du réseau : Chaudière gaz');
    expect(calls.callsTo('GET', '/api/equipment-types/1')[0]?.url.searchParams.get('agencyId')).toBe('11');
    expect(screen.getByRole('textbox', { name: 'Prix de Dépannage en euros' })).toHaveValue('95');
    expect(screen.getByRole('textbox', { name: 'Prix de Entretien annuel en euros' })).toHaveValue('');
    expect(screen.queryByRole('switch', { name: 'Entretien annuel active' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Dépannage active' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Supprimer Dépannage' })).not.toBeInTheDocument();
    const ownList = await section('Prestations de l’agence : Chaudière gaz');
    expect(within(ownList).getByRole('link', { name: 'Modifier Contrat confort' })).toBeInTheDocument();
    // agency_postal_codes_administration with a current agency: the postal-code upload is offered.
    expect(
      within(await section('Codes postaux desservis')).getByRole('button', { name: 'Importer un fichier CSV' }),
    ).toBeInTheDocument();
  });

  it('the first price of a network prestation creates the agency record; a later one updates it', async () => {
    const calls = api();
    renderRoute('/intranet/prestations');
    await section('Prestations du réseau : Chaudière gaz');
    const first = screen.getByRole('textbox', { name: 'Prix de Entretien annuel en euros' });
    await userEvent.type(first, '149,5{Enter}');
    await waitFor(() => expect(calls.callsTo('POST', '/api/agency-network-prestations')).toHaveLength(1));
    expect(calls.callsTo('POST', '/api/agency-network-prestations')[0]?.body).toEqual({
      agencyId: 11,
      networkPrestationId: 10,
      price: 149.5,
      isActive: true,
    });

    const later = screen.getByRole('textbox', { name: 'Prix de Dépannage en euros' });
    await userEvent.clear(later);
    await userEvent.type(later, '99');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le prix de Dépannage' }));
    await waitFor(() => expect(calls.callsTo('PUT', '/api/agency-network-prestations/70')).toHaveLength(1));
    expect(calls.callsTo('PUT', '/api/agency-network-prestations/70')[0]?.body).toEqual({ price: 99, isActive: true });
  }, 60_000);

  it('the first toggle creates the agency record switched off, once confirmed', async () => {
    const calls = api();
    renderRoute('/intranet/prestations');
    await section('Prestations du réseau : Chaudière gaz');
    await userEvent.click(screen.getByRole('switch', { name: 'Visite conseil active' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Désactiver' }));
    await waitFor(() => expect(calls.callsTo('POST', '/api/agency-network-prestations')).toHaveLength(1));
    expect(calls.callsTo('POST', '/api/agency-network-prestations')[0]?.body).toEqual({
      agencyId: 11,
      networkPrestationId: 12,
      price: null,
      isActive: false,
    });
  });

  it('a price over the limit is refused before sending; a server refusal shows its first message in the popover', async () => {
    const calls = api({
      'PUT /api/agency-prestations/30': () =>
        json(400, { code: 'validation_failed', message: 'Données invalides', errors: { price: ['Prix trop élevé'] } }),
    });
    renderRoute('/intranet/prestations');
    await section('Prestations de l’agence : Chaudière gaz');
    const price = screen.getByRole('textbox', { name: 'Prix de Contrat confort en euros' });
    await userEvent.clear(price);
    await userEvent.type(price, '100001{Enter}');
    expect(await screen.findByText('Prix trop élevé')).toBeInTheDocument();
    expect(calls.callsTo('PUT', '/api/agency-prestations/30')).toHaveLength(0);

    await userEvent.clear(price);
    await userEvent.type(price, '210{Enter}');
    await waitFor(() => expect(calls.callsTo('PUT', '/api/agency-prestations/30')).toHaveLength(1));
    expect(calls.callsTo('PUT', '/api/agency-prestations/30')[0]?.body).toMatchObject({
      agencyId: 11,
      price: 210,
      isActive: true,
    });
    expect(await screen.findAllByText('Prix trop élevé')).not.toHaveLength(0);
  });

  it('without a current agency it asks to choose one and loads nothing', async () => {
    setCurrentAgency(null);
    const calls = api({ 'GET /api/agencies': () => json(200, { agencies: [] }) });
    renderRoute('/intranet/prestations');
    expect(await screen.findAllByText(/Choisissez une agence/, {}, LOAD)).not.toHaveLength(0);
    expect(calls.callsTo('GET', '/api/equipment-types')).toHaveLength(0);
  });
});

describe('prestation catalogue access', () => {
  it('a role without either prestation permission does not get the screen', async () => {
    signInAs('intranet', { roleId: 8, sub: '80' });
    const calls = catalogueApi();
    renderRoute('/intranet/prestations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' }, LOAD)).toBeInTheDocument();
    expect(calls.callsTo('GET', '/api/equipment-types')).toHaveLength(0);
  });
});
