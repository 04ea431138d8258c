import type { AdherentAdmin } from '@reseau/contracts/schemas/adherent-admins';
import type { AdherentUser } from '@reseau/contracts/schemas/adherent-users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { agency, type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

function user(id: number, overrides: Partial<AdherentUser> = {}): AdherentUser {
  return {
    id,
    adherentId: 7,
    firstName: `Prénom${id}`,
    lastName: `Nom${id}`,
    position: 'Technicien',
    phone: '06 00 00 00 00',
    emailAddress: `user${id}@adherent.fr`,
    roleId: 9,
    avatarFileId: null,
    isActive: true,
    isAdherentAdmin: false,
    agencies: [{ agencyId: 11 }],
    ...overrides,
  };
}

const DIRECTOR: AdherentAdmin = {
  id: 40,
  adherentId: 7,
  firstName: 'Gwenaël',
  lastName: 'Le Bihan',
  position: 'Gérant',
  phone: '06 26 93 48 17',
  emailAddress: 'gwenael@adherent.fr',
  roleId: 4,
  avatarFileId: null,
  isHidden: false,
  doNotShowOnMap: false,
  cooperativeRoles: [],
  isActive: true,
  agencies: [{ agencyId: 11 }, { agencyId: 12 }],
};
const USERS = [
  user(41, { firstName: 'Erwan', lastName: 'Le Gall', roleId: 7 }),
  user(42, { firstName: 'Maëlle', lastName: 'Kerjean' }),
  user(43, { firstName: 'Yann', lastName: 'Quéré', isActive: false }),
];
const ADHERENTS = [
  {
    id: 7,
    name: 'Breizh Énergie Services',
    regionId: 3,
    agencies: [
      { id: 11, name: 'Breizh Énergie Rennes', isActive: true },
      { id: 12, name: 'Breizh Énergie Vannes', isActive: true },
    ],
  },
  { id: 8, name: 'Garonne Clim', regionId: 4, agencies: [{ id: 21, name: 'Garonne Bordeaux', isActive: true }] },
];

function usersApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/all-agency-adherents': () => json(200, { adherents: ADHERENTS }),
      'GET /api/adherent-users': () => json(200, { adherentUsers: USERS }),
      'GET /api/adherent-admins': () => json(200, { adherentAdmins: [DIRECTOR] }),
      'GET /api/adherent-users/42': () => json(200, USERS[1]),
      'GET /api/adherent-users/41': () => json(200, USERS[0]),
      'PUT /api/adherent-users/42': ({ body }) => json(200, { ...USERS[1], ...(body as object) }),
      'POST /api/adherent-users': ({ body }) => json(201, { ...user(50), ...(body as object) }),
      'POST /api/adherent-users/42:archive': () => new Response(null, { status: 204 }),
      'POST /api/admins/user42@adherent.fr/open-password-reset': () => new Response(null, { status: 204 }),
      'GET /api/agencies': () => json(200, { agencies: [agency(11, 'Breizh Énergie Rennes', 'Rennes', '35000')] }),
      'GET /api/file-types': () =>
        json(200, { fileTypes: [{ fileTypeId: 1, allowedMimeTypes: ['image/png', 'image/jpeg'], maxSize: 2_000_000 }] }),
      ...overrides,
    }),
  );
}

const LOAD = { timeout: 10_000 };
const table = () => screen.findByRole('table', { name: "Utilisateurs de l'adhérent" }, LOAD);
const names = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('adherent users list (spec 01 §2 /intranet/adherent-users), as the director (role 4)', () => {
  beforeEach(() => signInAs('intranet', { roleId: 4, sub: '40' }));

  it('merges the adherent admins into the users, by name; role 4 and 7 rows have no action', async () => {
    const api = usersApi();
    renderRoute('/intranet/adherent-users');
    expect(await names()).toEqual(['Maëlle Kerjean', 'Gwenaël Le BihanAdministrateur adhérent', 'Erwan Le Gall', 'Yann Quéré']);
    expect(api.callsTo('GET', '/api/adherent-users')[0]?.url.searchParams.get('adherentId')).toBe('7');
    expect(api.callsTo('GET', '/api/adherent-admins')[0]?.url.searchParams.get('adherentId')).toBe('7');
    for (const name of ['Erwan Le Gall', 'Gwenaël Le Bihan']) {
      expect(screen.queryByRole('link', { name: `Modifier ${name}` })).not.toBeInTheDocument();
      expect(screen.queryByRole('switch', { name: `${name} actif` })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `Envoyer le lien de connexion à ${name}` })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `Supprimer ${name}` })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Modifier Maëlle Kerjean' })).toHaveAttribute(
      'href',
      '/intranet/adherent-user?id=42',
    );
    expect(screen.getByRole('switch', { name: 'Yann Quéré actif' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Ajouter un utilisateur' })).toHaveAttribute(
      'href',
      '/intranet/adherent-user?adherent-id=7',
    );
    // An adherent account does not choose the adherent.
    expect(screen.queryByRole('combobox', { name: /^Adhérent/ })).not.toBeInTheDocument();
  });

  it('the active switch saves the whole user at once', async () => {
    const api = usersApi();
    renderRoute('/intranet/adherent-users');
    await table();
    await userEvent.click(screen.getByRole('switch', { name: 'Maëlle Kerjean actif' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/adherent-users/42')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/adherent-users/42')[0]?.body).toEqual({
      firstName: 'Maëlle',
      lastName: 'Kerjean',
      position: 'Technicien',
      phone: '06 00 00 00 00',
      emailAddress: 'user42@adherent.fr',
      roleId: 9,
      avatarFileId: null,
      isActive: false,
      agencies: [{ agencyId: 11 }],
    });
  });

  it('sends the connection link with context init', async () => {
    const api = usersApi();
    renderRoute('/intranet/adherent-users');
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le lien de connexion à Maëlle Kerjean' }));
    expect(await screen.findByText('Le lien de connexion a été envoyé.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admins/user42@adherent.fr/open-password-reset')[0]?.body).toEqual({ context: 'init' });
  });

  it('deletes (archives) a user after the confirmation only', async () => {
    const api = usersApi();
    renderRoute('/intranet/adherent-users');
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Maëlle Kerjean' }));
    const dialog = await screen.findByRole('dialog', { name: "Supprimer l'utilisateur" });
    expect(within(dialog).getByText(/Maëlle Kerjean ne pourra plus se connecter/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(api.callsTo('POST', '/api/adherent-users/42:archive')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Maëlle Kerjean' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("L'utilisateur a été supprimé.")).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/adherent-users/42:archive')).toHaveLength(1);
  });

  it('shows "Aucune donnée" for an adherent without users, and the error with a retry', async () => {
    usersApi({
      'GET /api/adherent-users': () => json(200, { adherentUsers: [] }),
      'GET /api/adherent-admins': () => json(200, { adherentAdmins: [] }),
    });
    const first = renderRoute('/intranet/adherent-users');
    expect(await screen.findByText('Aucune donnée', {}, LOAD)).toBeInTheDocument();
    first.unmount();
    usersApi({ 'GET /api/adherent-users': () => json(500, { code: 'internal_error', message: 'boom' }) });
    renderRoute('/intranet/adherent-users');
    expect(await screen.findByRole('button', { name: 'Réessayer' }, LOAD)).toBeInTheDocument();
  });
});

describe('adherent users list as a network admin', () => {
  beforeEach(() => signInAs('intranet', { roleId: 1, sub: '1' }));

  it('asks for the adherent first, keeps it in the address, and shows every action', async () => {
    const api = usersApi();
    renderRoute('/intranet/adherent-users');
    expect(await screen.findByText("Choisissez l'adhérent dont vous gérez les utilisateurs.", {}, LOAD)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/adherent-users')).toHaveLength(0);
    await userEvent.click(screen.getByRole('combobox', { name: /^Adhérent/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Breizh Énergie Services' }));
    await table();
    expect(api.callsTo('GET', '/api/adherent-users')[0]?.url.searchParams.get('adherentId')).toBe('7');
    expect(screen.getByRole('link', { name: 'Modifier Erwan Le Gall' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Gwenaël Le Bihan actif' })).toBeInTheDocument();
  });

  it('opens on the adherent named in the address', async () => {
    usersApi();
    renderRoute('/intranet/adherent-users?adherent-id=7');
    expect(await names()).toHaveLength(4);
  });
});

describe('adherent user form (/intranet/adherent-user)', () => {
  beforeEach(() => signInAs('intranet', { roleId: 4, sub: '40' }));

  it('creates a user with one agency; roles 4 and 7 are not offered to an adherent account', async () => {
    const api = usersApi();
    renderRoute('/intranet/adherent-user');
    const first = await screen.findByRole('textbox', { name: 'Prénom' }, LOAD);
    await userEvent.type(first, 'Soizic');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nom' }), 'Tanguy');
    await userEvent.type(screen.getByRole('textbox', { name: 'Fonction' }), 'Chargée de clientèle');
    await userEvent.type(screen.getByRole('textbox', { name: 'Téléphone' }), '02 97 62 18 90');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'soizic@adherent.fr');
    await userEvent.click(screen.getByRole('combobox', { name: /^Rôle/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).not.toContain('Dirigeant adhérent');
    expect(options).not.toContain("Responsable d'agence");
    await userEvent.click(screen.getByRole('option', { name: "Collaborateur d'agence" }));
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByLabelText(/^Agences/)[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Breizh Énergie Rennes' }));
    // Vannes is not the caller's agency (GET /agencies answers Rennes only): shown, not selectable.
    expect(screen.getByRole('option', { name: /Breizh Énergie Vannes/ })).toHaveAttribute('data-combobox-disabled', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/adherent-users')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/adherent-users')[0]?.body).toEqual({
      firstName: 'Soizic',
      lastName: 'Tanguy',
      position: 'Chargée de clientèle',
      phone: '02 97 62 18 90',
      emailAddress: 'soizic@adherent.fr',
      roleId: 9,
      agencies: [{ agencyId: 11 }],
      avatarFileId: null,
      isActive: true,
    });
    expect(await screen.findByText("L'utilisateur a été enregistré.")).toBeInTheDocument();
    expect(await table()).toBeInTheDocument();
  });

  it('shows the server’s per-field refusal under its field and keeps what was typed', async () => {
    usersApi({
      'PUT /api/adherent-users/42': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { emailAddress: ['Cette adresse email est déjà utilisée.'] },
        }),
    });
    renderRoute('/intranet/adherent-user?id=42');
    const email = await screen.findByRole('textbox', { name: 'Email' }, LOAD);
    expect(email).toHaveValue('user42@adherent.fr');
    await userEvent.clear(email);
    await userEvent.type(email, 'deja@adherent.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Cette adresse email est déjà utilisée.')).toBeInTheDocument();
    expect(email).toHaveValue('deja@adherent.fr');
  });

  it('checks the fields on blur with the spec’s messages', async () => {
    usersApi();
    renderRoute('/intranet/adherent-user');
    const email = await screen.findByRole('textbox', { name: 'Email' }, LOAD);
    await userEvent.type(email, 'pas-une-adresse');
    await userEvent.tab();
    expect(await screen.findByText('Veuillez saisir une adresse email valide')).toBeInTheDocument();
    const phone = screen.getByRole('textbox', { name: /^Téléphone/ });
    // Passing through says nothing; a blank typed in is judged when left.
    await userEvent.click(phone);
    await userEvent.tab();
    expect(phone).not.toHaveAccessibleDescription('Veuillez remplir ce champ');
    await userEvent.type(phone, ' ');
    await userEvent.tab();
    expect(phone).toHaveAccessibleDescription('Veuillez remplir ce champ');
  });

  it('a role 7 user is not editable by an adherent account', async () => {
    usersApi();
    renderRoute('/intranet/adherent-user?id=41');
    expect(
      await screen.findByText('Vous ne pouvez pas modifier un dirigeant adhérent ni un responsable d’agence.', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('a failed load says so and returns to the list', async () => {
    usersApi({ 'GET /api/adherent-users/42': () => json(404, { code: 'not_found', message: 'introuvable' }) });
    renderRoute('/intranet/adherent-user?id=42');
    expect(await screen.findByText("L'utilisateur n'a pas pu être chargé.", {}, LOAD)).toBeInTheDocument();
    expect(await table()).toBeInTheDocument();
  });

  it('a role without adherent_users_administration gets no screen', async () => {
    signInAs('intranet', { roleId: 9, sub: '42' });
    const api = usersApi();
    renderRoute('/intranet/adherent-users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' }, LOAD)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/adherent-users')).toHaveLength(0);
  });
});
