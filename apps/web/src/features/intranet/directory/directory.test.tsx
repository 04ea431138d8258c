import type { MapAdherent } from '@reseau/contracts/schemas/adherents';
import type { AgencyAdherentAdmin, DirectoryNetworkAdmin } from '@reseau/contracts/schemas/directory';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

const REGIONS = [
  { id: 1, name: 'Nord' },
  { id: 2, name: 'Centre' },
];

const entry = (n: number, regionId: number, values: Partial<AgencyAdherentAdmin> = {}): AgencyAdherentAdmin => ({
  adminId: n,
  agencyId: 100 + n,
  agencyName: `Agence ${n}`,
  regionId,
  region: REGIONS.find((r) => r.id === regionId)!.name,
  firstName: 'Prénom',
  lastName: `Nom${n}`,
  position: 'Gérant',
  phone: '03 20 00 00 00',
  emailAddress: `personne${n}@demo.fr`,
  avatarFileId: null,
  address1: `${n} rue du Port`,
  postalCode: '59000',
  city: regionId === 1 ? 'Lille' : 'Orléans',
  ...values,
});
// 10 in Nord, 2 in Centre: two pages of 8 for "all".
const ENTRIES = [
  ...Array.from({ length: 10 }, (_, i) => entry(i + 1, 1)),
  entry(11, 2, { firstName: 'Hélène', lastName: 'Roux' }),
  entry(12, 2),
];
const HEADS: DirectoryNetworkAdmin[] = [
  {
    id: 1,
    firstName: 'Claire',
    lastName: 'Dubois',
    position: 'Directrice du réseau',
    phone: null,
    emailAddress: 'admin@demo.fr',
    avatarFileId: null,
    regionId: null,
    region: null,
  },
];

const agency = (id: number, name: string, values: Partial<MapAdherent['agencies'][number]> = {}) => ({
  id,
  name,
  address1: null,
  postalCode: '59000',
  city: 'Lille',
  latitude: 50.6,
  longitude: 3.0,
  activities: [],
  jobType: null,
  employeeAmount: null,
  salesFigures: null,
  enteredNetworkAt: null,
  ...values,
});
const MAP: MapAdherent[] = [
  {
    id: 1,
    name: "Thermi'Nord",
    regionId: 1,
    admin: null,
    cooperativeRoles: ['President'],
    agencies: [
      agency(11, 'Lille Gaz', { activities: ['GAZ', 'PAC'], employeeAmount: 11, enteredNetworkAt: 2010 }),
      agency(12, 'Roubaix Solaire', { activities: ['PV'], jobType: 'CustomerServiceOnly' }),
    ],
  },
  {
    id: 2,
    name: 'Loire Énergie',
    regionId: 2,
    admin: null,
    cooperativeRoles: [],
    agencies: [agency(21, 'Orléans Clim', { activities: ['CLIM', 'PV'], city: 'Orléans', salesFigures: 1000 })],
  },
];

function directoryApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/regions': () => json(200, { regions: REGIONS }),
      'GET /api/agency-adherent-admins': () => json(200, { agencyAdherentAdmins: ENTRIES }),
      'GET /api/network-admins': () => json(200, { networkAdmins: HEADS, pageCount: 1 }),
      'GET /api/adherents': () => json(200, { adherents: MAP }),
      ...overrides,
    }),
  );
}

const cardNames = async (label: string) =>
  within(await screen.findByRole('list', { name: label }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('member directory list (spec 02 §2)', () => {
  it('shows the network adherents 8 a page, paged on the screen, with the card fields', async () => {
    signInAs('intranet', { roleId: 6 });
    const api = directoryApi();
    const { router } = renderRoute('/intranet/adherent-book-list');
    expect(await cardNames('Adhérents du réseau')).toHaveLength(8);
    const list = screen.getByRole('list', { name: 'Adhérents du réseau' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Prénom Nom1');
    expect(first).toHaveTextContent('Agence 1');
    expect(first).toHaveTextContent('Nord');
    expect(first).toHaveTextContent('1 rue du Port, Lille (59000)');
    expect(within(first).getByRole('link', { name: 'personne1@demo.fr' })).toHaveAttribute('href', 'mailto:personne1@demo.fr');
    expect(within(first).getByRole('link', { name: '03 20 00 00 00' })).toHaveAttribute('href', 'tel:0320000000');

    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 2' }));
    await waitFor(async () =>
      expect(await cardNames('Adhérents du réseau')).toEqual(['Prénom Nom9', 'Prénom Nom10', 'Hélène Roux', 'Prénom Nom12']),
    );
    expect(router.state.location.search).toBe('?page=2');
    // Paged on the screen: one call, whatever the page.
    expect(api.callsTo('GET', '/api/agency-adherent-admins')).toHaveLength(1);
  });

  it('filters by region chip and by search, without accents, in the address', async () => {
    signInAs('intranet', { roleId: 4 });
    directoryApi();
    const { router } = renderRoute('/intranet/adherent-book-list');
    await cardNames('Adhérents du réseau');
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Régions' })).getByRole('radio', { name: 'Centre' }));
    await waitFor(async () => expect(await cardNames('Adhérents du réseau')).toEqual(['Hélène Roux', 'Prénom Nom12']));
    expect(router.state.location.search).toBe('?regionId=2');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une personne' }), 'helene');
    await waitFor(async () => expect(await cardNames('Adhérents du réseau')).toEqual(['Hélène Roux']));
    await waitFor(() => expect(router.state.location.search).toBe('?regionId=2&search=helene'));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une personne' }), ' introuvable');
    expect(await screen.findByText('Aucune fiche')).toBeInTheDocument();
  });

  it('finds "Le Bihan" by "lebihan", "le-bihan" or "LE BIHAN", and "D\'Argent-Lévêque" by "dargent leveque" (issue 25)', async () => {
    signInAs('intranet', { roleId: 4 });
    directoryApi({
      'GET /api/agency-adherent-admins': () =>
        json(200, {
          agencyAdherentAdmins: [
            ...ENTRIES,
            entry(13, 1, { firstName: 'Yann', lastName: 'Le Bihan' }),
            entry(14, 1, { firstName: 'Anne', lastName: "D'Argent-Lévêque" }),
          ],
        }),
    });
    renderRoute('/intranet/adherent-book-list');
    await cardNames('Adhérents du réseau');
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Rechercher une personne' });
    for (const typed of ['lebihan', 'le-bihan', 'LE BIHAN']) {
      await user.clear(search);
      await user.type(search, typed);
      await waitFor(async () => expect(await cardNames('Adhérents du réseau')).toEqual(['Yann Le Bihan']));
    }
    await user.clear(search);
    await user.type(search, 'dargent leveque');
    await waitFor(async () => expect(await cardNames('Adhérents du réseau')).toEqual(["Anne D'Argent-Lévêque"]));
  });

  it('shows the network heads in their tab', async () => {
    signInAs('intranet', { roleId: 9 });
    const api = directoryApi();
    const { router } = renderRoute('/intranet/adherent-book-list');
    await cardNames('Adhérents du réseau');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Têtes de réseau' }));
    expect(await cardNames('Têtes de réseau')).toEqual(['Claire Dubois']);
    expect(router.state.location.search).toBe('?tab=heads');
    expect(api.callsTo('GET', '/api/network-admins')[0]!.url.searchParams.get('isForDirectory')).toBe('true');
  });

  it('says when the directory cannot be loaded, with a retry', async () => {
    signInAs('intranet', { roleId: 1 });
    directoryApi({ 'GET /api/agency-adherent-admins': () => json(500, { code: 'internal', message: 'Erreur' }) });
    renderRoute('/intranet/adherent-book-list');
    expect(await screen.findByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('is refused to role 8 (spec 00 §6)', async () => {
    signInAs('intranet', { roleId: 8 });
    const api = directoryApi();
    renderRoute('/intranet/adherent-book-list');
    expect(await screen.findByText("Vous n'avez pas les accès requis...", { selector: 'p' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/agency-adherent-admins')).toHaveLength(0);
  });
});

const shownAgencies = async () =>
  within(await screen.findByRole('list', { name: 'Agences affichées sur la carte' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.split(' · ')[0]);

describe('member directory map (spec 02 §2)', () => {
  it('filters the agencies by activity, role, selects and year, each written in the address', async () => {
    signInAs('intranet', { roleId: 6 });
    directoryApi();
    const { router } = renderRoute('/intranet/adherent-book-map');
    expect(await shownAgencies()).toEqual(['Lille Gaz', 'Roubaix Solaire', 'Orléans Clim']);
    expect(screen.getByText('3 agences affichées')).toBeInTheDocument();
    const user = userEvent.setup();

    const activities = screen.getByRole('group', { name: 'Activités' });
    await user.click(within(activities).getByRole('checkbox', { name: 'Photovoltaïque' }));
    await waitFor(async () => expect(await shownAgencies()).toEqual(['Roubaix Solaire', 'Orléans Clim']));
    expect(router.state.location.search).toBe('?activities=PV');
    await user.click(within(activities).getByRole('checkbox', { name: 'Gaz' }));
    await waitFor(async () => expect(await shownAgencies()).toEqual(['Lille Gaz', 'Roubaix Solaire', 'Orléans Clim']));
    expect(router.state.location.search).toBe('?activities=GAZ%2CPV');

    await user.click(
      within(screen.getByRole('group', { name: 'Rôles dans la coopérative' })).getByRole('checkbox', { name: 'Président' }),
    );
    await waitFor(async () => expect(await shownAgencies()).toEqual(['Lille Gaz', 'Roubaix Solaire']));

    await user.type(screen.getByRole('textbox', { name: "Année d'entrée" }), '2010');
    await waitFor(async () => expect(await shownAgencies()).toEqual(['Lille Gaz']));
    expect(screen.getByText('1 agence affichée')).toBeInTheDocument();
    expect(router.state.location.search).toContain('year=2010');
  });

  it('reads its filters from the address', async () => {
    signInAs('intranet', { roleId: 1 });
    directoryApi();
    renderRoute('/intranet/adherent-book-map?regionId=2&salesFigures=1000');
    expect(await shownAgencies()).toEqual(['Orléans Clim']);
    expect(screen.getByRole('radio', { name: 'Centre' })).toBeChecked();
  });

  it('says when no agency matches', async () => {
    signInAs('intranet', { roleId: 1 });
    directoryApi();
    renderRoute('/intranet/adherent-book-map?activities=Tertiaire');
    expect(
      within(await screen.findByRole('group', { name: 'Activités' })).getByRole('checkbox', { name: 'Tertiaire' }),
    ).toBeChecked();
    expect(await screen.findByText('Aucune agence ne correspond à ces filtres.')).toBeInTheDocument();
  });

  it('says when the map cannot be loaded', async () => {
    signInAs('intranet', { roleId: 1 });
    directoryApi({ 'GET /api/adherents': () => json(500, { code: 'internal', message: 'Erreur' }) });
    renderRoute('/intranet/adherent-book-map');
    expect(await screen.findByRole('alert')).toHaveTextContent("La carte des adhérents n'a pas pu être chargée.");
  });
});
