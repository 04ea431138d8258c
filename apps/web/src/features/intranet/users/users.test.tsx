import type { NetworkAdmin } from '@reseau/contracts/schemas/network-admins';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

function admin(id: number, overrides: Partial<NetworkAdmin> = {}): NetworkAdmin {
  return {
    id,
    firstName: `Prénom${id}`,
    lastName: `Nom${id}`,
    position: 'Chargé de mission',
    phone: '06 00 00 00 00',
    emailAddress: `admin${id}@reseau.fr`,
    roleId: 2,
    avatarFileId: null,
    isHidden: false,
    isActive: true,
    ...overrides,
  };
}

const ADMINS = [
  admin(1, { firstName: 'Isabelle', lastName: 'Garnier', roleId: 1 }),
  admin(2, { firstName: 'Marc', lastName: 'Lemoine' }),
  admin(3, { firstName: 'Julien', lastName: 'Roussel', roleId: 3 }),
];

function usersApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/network-admins': () => json(200, { networkAdmins: ADMINS, pageCount: 1 }),
      'PUT /api/network-admins/2': ({ body }) => json(200, { ...ADMINS[1], ...(body as object) }),
      'POST /api/admins/admin2@reseau.fr/open-password-reset': () => new Response(null, { status: 204 }),
      'POST /api/network-admins:reorder': () => new Response(null, { status: 204 }),
      ...overrides,
    }),
  );
}

// The first render loads the route's lazy chunks: on a busy machine that takes more than the default second.
const LOAD = { timeout: 10_000 };
const table = () => screen.findByRole('table', { name: 'Liste des utilisateurs réseau' }, LOAD);

beforeEach(() => signInAs('intranet', { roleId: 1, sub: '1' }));

describe('network admins list (spec 01 §2 /intranet/users)', () => {
  it('shows the admins in the server order with their role; the role 1 switch is locked', async () => {
    usersApi();
    renderRoute('/intranet/users');
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Isabelle Garnier',
      'Marc Lemoine',
      'Julien Roussel',
    ]);
    await waitFor(() => expect(within(rows[0] as HTMLElement).getByText('Super administrateur réseau')).toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Isabelle Garnier actif' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Marc Lemoine actif' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Ajouter un utilisateur' })).toHaveAttribute('href', '/intranet/user');
    expect(screen.getByRole('link', { name: 'Modifier Marc Lemoine' })).toHaveAttribute('href', '/intranet/user?id=2');
  });

  it('the active switch saves the admin at once', async () => {
    const api = usersApi();
    renderRoute('/intranet/users');
    await table();
    await userEvent.click(screen.getByRole('switch', { name: 'Marc Lemoine actif' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/network-admins/2')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/network-admins/2')[0]?.body).toMatchObject({
      isActive: false,
      roleId: 2,
      emailAddress: 'admin2@reseau.fr',
    });
    // Said, as other saves are (issue 25).
    expect(await screen.findByText('L’utilisateur a été désactivé')).toBeInTheDocument();
  });

  it('sends the connection link with context init and says so', async () => {
    const api = usersApi();
    renderRoute('/intranet/users');
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le lien de connexion à Marc Lemoine' }));
    expect(await screen.findByText('Le lien de connexion a été envoyé')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admins/admin2@reseau.fr/open-password-reset')[0]?.body).toEqual({ context: 'init' });
  });

  it('offers the role 1 account’s connection link to role 1 only (issue 24)', async () => {
    usersApi();
    renderRoute('/intranet/users');
    await table();
    expect(screen.getByRole('button', { name: 'Envoyer le lien de connexion à Isabelle Garnier' })).toBeInTheDocument();
  });

  it('a role 2 caller has no connection link for the role 1 account, and keeps the others', async () => {
    signInAs('intranet', { roleId: 2, sub: '2' });
    usersApi();
    renderRoute('/intranet/users');
    await table();
    expect(screen.queryByRole('button', { name: 'Envoyer le lien de connexion à Isabelle Garnier' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer le lien de connexion à Julien Roussel' })).toBeInTheDocument();
  });

  it('reorder mode moves an admin from the keyboard and posts the move', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = this instanceof HTMLLIElement && this.parentElement ? [...this.parentElement.children].indexOf(this) : 0;
      return new DOMRect(0, index * 60, 400, 50);
    });
    const api = usersApi();
    const user = userEvent.setup();
    renderRoute('/intranet/users');
    await table();
    await user.click(screen.getByRole('button', { name: 'Réorganiser' }));
    screen.getByRole('button', { name: 'Déplacer Julien Roussel' }).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[Space]');
    await waitFor(() => expect(api.callsTo('POST', '/api/network-admins:reorder')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/network-admins:reorder')[0]?.body).toEqual({ reorderedAdminId: 3, newPrecedingAdminId: 0 });
    vi.restoreAllMocks();
  });

  it('a failed load shows the error with a retry', async () => {
    usersApi({ 'GET /api/network-admins': () => json(500, { code: 'internal_error', message: 'boom' }) });
    renderRoute('/intranet/users');
    expect(await screen.findByRole('button', { name: 'Réessayer' }, LOAD)).toBeInTheDocument();
  });

  it('an animator (role 3, no network_admins_administration) does not get the screen', async () => {
    signInAs('intranet', { roleId: 3, sub: '5' });
    const api = usersApi();
    renderRoute('/intranet/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Liste des utilisateurs réseau' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/network-admins')).toHaveLength(0);
  });
});
