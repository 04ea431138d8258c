import type { AdherentAdmin } from '@reseau/contracts/schemas/adherent-admins';
import type { Adherent } from '@reseau/contracts/schemas/adherents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { agency, type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

const REGIONS = [
  { id: 1, name: 'Nord' },
  { id: 3, name: 'Ouest' },
];
const adherent = (id: number, name: string, regionId = 1): Adherent => ({
  id,
  name,
  regionId,
  region: REGIONS.find((r) => r.id === regionId) ?? { id: regionId, name: '?' },
  isActive: true,
});
const user = (id: number, overrides: Partial<AdherentAdmin> = {}): AdherentAdmin => ({
  id,
  adherentId: 7,
  firstName: 'Olivier',
  lastName: 'Vasseur',
  position: 'Gérant',
  phone: '03 20 54 18 72',
  emailAddress: 'olivier@thermi.fr',
  roleId: 4,
  avatarFileId: null,
  isHidden: false,
  doNotShowOnMap: true,
  cooperativeRoles: [],
  isActive: true,
  agencies: [],
  ...overrides,
});

/** Typing letter by letter is slow on a loaded machine: a paste gives the same change events. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

function adherentsApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/regions': () => json(200, { regions: REGIONS }),
      'GET /api/adherents': ({ url }) =>
        json(200, {
          adherents: [
            adherent(7, `Thermi'Nord ${url.searchParams.get('search') ?? ''}`.trim()),
            adherent(8, 'Breizh Chauffage', 3),
          ],
          pageCount: 2,
        }),
      'GET /api/adherents/7': () => json(200, adherent(7, "Thermi'Nord")),
      'GET /api/adherent-admins': () =>
        json(200, { adherentAdmins: [user(21), user(22, { firstName: 'Sandrine', roleId: 9, isActive: false })] }),
      ...overrides,
    }),
  );
}
const listQueries = (api: ReturnType<typeof adherentsApi>) =>
  api.callsTo('GET', '/api/adherents').map((c) => Object.fromEntries(c.url.searchParams));

describe('adherents list (spec 01 §2 /intranet/adherents)', () => {
  it('shows name and region, 100 a page, and keeps search and region in the address', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = adherentsApi();
    const { router } = renderRoute('/intranet/adherents');
    const table = await screen.findByRole('table', { name: 'Liste des adhérents' });
    expect(within(table).getByRole('link', { name: "Thermi'Nord" })).toHaveAttribute('href', '/intranet/adherent?id=7');
    expect(within(table).getByText('Ouest')).toBeInTheDocument();
    expect(listQueries(api)[0]).toMatchObject({ pageNumber: '1', pageSize: '100' });
    expect(screen.getByRole('link', { name: 'Ajouter un adhérent' })).toHaveAttribute('href', '/intranet/adherent');

    await fill(screen.getByRole('searchbox', { name: 'Rechercher un adhérent' }), 'nord');
    await waitFor(() => expect(router.state.location.search).toBe('?search=nord'));
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ search: 'nord' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Filtrer par région' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ouest' }));
    await waitFor(() => expect(router.state.location.search).toContain('regionId=3'));
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ search: 'nord', regionId: '3' }));
  });
});

describe('adherent page (spec 01 §2 /intranet/adherent)', () => {
  it('creates an adherent with its name and region, then opens its page', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = adherentsApi({ 'POST /api/adherents': () => json(201, adherent(7, "Thermi'Nord")) });
    const { router } = renderRoute('/intranet/adherent');
    const name = await screen.findByRole('textbox', { name: /^Nom/ });
    await fill(name, "Thermi'Nord");
    await userEvent.click(screen.getByRole('combobox', { name: /^Région/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nord' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/adherents')[0]?.body).toEqual({ name: "Thermi'Nord", regionId: 1 }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=7'));
  });

  it('refuses an empty name under the field', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = adherentsApi();
    renderRoute('/intranet/adherent');
    const name = await screen.findByRole('textbox', { name: /^Nom/ });
    await userEvent.click(name);
    await userEvent.tab();
    expect(screen.queryByText('Veuillez remplir ce champ')).not.toBeInTheDocument();
    await userEvent.type(name, ' ');
    await userEvent.tab();
    expect(await screen.findByText('Veuillez remplir ce champ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/adherents')).toHaveLength(0);
  });

  it('lists its users and agencies; the switch saves the user, the link is sent', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = adherentsApi({
      'GET /api/agencies': () => json(200, { agencies: [agency(31, 'Thermi’Nord Lille', 'Lille', '59000')] }),
      'PUT /api/adherent-admins/22': ({ body }) => json(200, { ...user(22), ...(body as object) }),
      'POST /api/admins/olivier@thermi.fr/open-password-reset': () => json(204),
    });
    renderRoute('/intranet/adherent?id=7');
    const users = await screen.findByRole('table', { name: "Utilisateurs de l'adhérent" });
    expect(within(users).getAllByRole('row')).toHaveLength(3);
    expect(within(users).getByRole('link', { name: 'Modifier Olivier Vasseur' })).toHaveAttribute(
      'href',
      '/intranet/adherent-admin?adherent=Thermi%27Nord&adherent-id=7&id=21',
    );
    await userEvent.click(within(users).getByRole('switch', { name: 'Sandrine Vasseur actif' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/adherent-admins/22')[0]?.body).toMatchObject({ isActive: true, roleId: 9 }),
    );
    await userEvent.click(within(users).getByRole('button', { name: 'Envoyer le lien de connexion à Olivier Vasseur' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/admins/olivier@thermi.fr/open-password-reset')[0]?.body).toEqual({ context: 'init' }),
    );
    expect(within(users).getByRole('button', { name: 'Me connecter en tant que Olivier Vasseur' })).toBeInTheDocument();

    const agencies = await screen.findByRole('table', { name: "Agences de l'adhérent" });
    expect(within(agencies).getByText('Thermi’Nord Lille')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/agencies').at(-1)?.url.searchParams.get('adherentId')).toBe('7');
    expect(screen.getByRole('link', { name: 'Ajouter une agence' })).toHaveAttribute(
      'href',
      '/intranet/agency?adherent=Thermi%27Nord&adherent-id=7',
    );
  });
});

describe('adherent admin form (spec 01 §2 /intranet/adherent-admin)', () => {
  it('opens the "already on the map" modal whose action shows the user on the map', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = adherentsApi({
      'GET /api/adherent-admins/22': () => json(200, user(22, { firstName: 'Sandrine', roleId: 9 })),
      'PUT /api/adherent-admins/22': () =>
        json(409, { code: 'adherent_admin_already_on_map', message: 'Déjà sur la carte', adminAdherentIds: [21] }),
      'GET /api/adherent-admins/21': () => json(200, user(21)),
    });
    const { router } = renderRoute("/intranet/adherent-admin?adherent=Thermi'Nord&adherent-id=7&id=22");
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Ne pas afficher sur la carte' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const dialog = await screen.findByRole('dialog', { name: 'Administrateur adhérent déjà affiché sur la carte' });
    // The update's popover stays shown beside the modal (spec 01 §8).
    expect(await screen.findByText("L'utilisateur n'a pas pu être enregistré.")).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/adherent-admins/22')[0]?.body).toMatchObject({
      adherentId: 7,
      firstName: 'Sandrine',
      roleId: 9,
      doNotShowOnMap: false,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: "Voir l'utilisateur" }));
    await waitFor(() => expect(router.state.location.search).toContain('id=21'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Olivier Vasseur' })).toBeInTheDocument();
  });

  it('creates a user with the five fields and a role, then returns to the adherent page', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = adherentsApi({ 'POST /api/adherent-admins': () => json(201, user(23)) });
    const { router } = renderRoute("/intranet/adherent-admin?adherent=Thermi'Nord&adherent-id=7");
    await fill(await screen.findByRole('textbox', { name: /^Prénom/ }), 'Marc');
    await fill(screen.getByRole('textbox', { name: /^Nom/ }), 'Lemoine');
    await fill(screen.getByRole('textbox', { name: /^Fonction/ }), 'Gérant');
    await fill(screen.getByRole('textbox', { name: /^Téléphone/ }), '03 20 00 00 00');
    await fill(screen.getByRole('textbox', { name: /^Email/ }), 'marc@thermi.fr');
    await userEvent.click(screen.getByRole('combobox', { name: /^Rôle\s*\*?$/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dirigeant adhérent' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/intranet/adherent'));
    expect(api.callsTo('POST', '/api/adherent-admins')[0]?.body).toMatchObject({ adherentId: 7, firstName: 'Marc', roleId: 4 });
  });

  it('shows Save only once the five fields are filled, with the email checked', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    adherentsApi();
    renderRoute("/intranet/adherent-admin?adherent=Thermi'Nord&adherent-id=7");
    await screen.findByRole('textbox', { name: /^Prénom/ });
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    await fill(screen.getByRole('textbox', { name: /^Email/ }), 'pas-une-adresse');
    await userEvent.tab();
    expect(await screen.findByText('Veuillez saisir une adresse email valide')).toBeInTheDocument();
  });
});
