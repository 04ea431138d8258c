import type { NetworkAdmin } from '@reseau/contracts/schemas/network-admins';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs, waitForPath } from '../../../test/utils';

const MARC: NetworkAdmin = {
  id: 2,
  firstName: 'Marc',
  lastName: 'Lemoine',
  position: 'Responsable administratif',
  phone: '06 23 51 84 07',
  emailAddress: 'marc.lemoine@demo.fr',
  roleId: 2,
  avatarFileId: null,
  isHidden: false,
  isActive: true,
};

function formApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/network-admins': () => json(200, { networkAdmins: [MARC], pageCount: 1 }),
      'GET /api/network-admins/2': () => json(200, MARC),
      'POST /api/network-admins': ({ body }) => json(201, { ...MARC, ...(body as object), id: 9 }),
      'PUT /api/network-admins/2': ({ body }) => json(200, { ...MARC, ...(body as object) }),
      ...overrides,
    }),
  );
}

// No pause between simulated keys and clicks: the form's tests type a lot.
const user = userEvent.setup({ delay: null });

// The first render loads the route's lazy chunks: on a busy machine that takes more than the default second.
const LOAD = { timeout: 10_000 };

beforeEach(() => signInAs('intranet', { roleId: 1, sub: '1' }));

/** Replaces a field's text (pasted: typing letter by letter is slow in jsdom). */
async function fill(label: string, value: string) {
  const field = screen.getByRole('textbox', { name: label });
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

describe('network admin form (spec 01 §2 /intranet/user)', () => {
  it('says "Veuillez remplir ce champ" on blur, checks the address, and offers no save while a field is empty', async () => {
    const api = formApi();
    renderRoute('/intranet/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouvel utilisateur réseau' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();

    const firstName = screen.getByRole('textbox', { name: 'Prénom' });
    await user.click(firstName);
    await user.tab();
    expect(screen.queryByText('Veuillez remplir ce champ')).not.toBeInTheDocument();
    await user.type(firstName, ' ');
    await user.tab();
    expect(await screen.findByText('Veuillez remplir ce champ')).toBeInTheDocument();
    await fill('Email', 'pas-une-adresse');
    await user.tab();
    expect(await screen.findByText('Veuillez saisir une adresse email valide')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/network-admins')).toHaveLength(0);
  });

  it('creates an admin with a network role and goes back to the list', async () => {
    const api = formApi();
    const { router } = renderRoute('/intranet/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouvel utilisateur réseau' }, LOAD)).toBeInTheDocument();
    await fill('Prénom', 'Sophie');
    await fill('Nom', 'Durand');
    await fill('Poste', 'Chargée de mission');
    await fill('Téléphone', '06 11 22 33 44');
    await fill('Email', 'sophie.durand@reseau.fr');
    await user.click(screen.getByRole('combobox', { name: /^Rôle/ }));
    await user.click(await screen.findByRole('option', { name: 'Animateur réseau' }));
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));

    await waitForPath(router, '/intranet/users');
    expect(api.callsTo('POST', '/api/network-admins')[0]?.body).toEqual({
      firstName: 'Sophie',
      lastName: 'Durand',
      position: 'Chargée de mission',
      phone: '06 11 22 33 44',
      emailAddress: 'sophie.durand@reseau.fr',
      roleId: 3,
      avatarFileId: null,
      isHidden: false,
      isActive: true,
    });
  });

  it('edits an admin; an address already used comes back under the field and nothing is lost', async () => {
    const api = formApi({
      'PUT /api/network-admins/2': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { emailAddress: ['Cette adresse email est déjà utilisée par un autre compte.'] },
        }),
    });
    renderRoute('/intranet/user?id=2');
    expect(await screen.findByDisplayValue('Marc', {}, LOAD)).toBeInTheDocument();
    await fill('Email', 'admin@demo.fr');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Cette adresse email est déjà utilisée par un autre compte.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('admin@demo.fr');
    expect(api.callsTo('PUT', '/api/network-admins/2')[0]?.body).toMatchObject({ emailAddress: 'admin@demo.fr', roleId: 2 });
  });

  it('the role 1 admin cannot be made inactive from the form', async () => {
    formApi({ 'GET /api/network-admins/2': () => json(200, { ...MARC, roleId: 1 }) });
    renderRoute('/intranet/user?id=2');
    expect(await screen.findByDisplayValue('Marc', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Actif/ })).toBeDisabled();
    expect(screen.getByText('Le super administrateur reste toujours actif.')).toBeInTheDocument();
  });

  it('a failed load says so and goes back to the list', async () => {
    formApi({
      'GET /api/network-admins/2': () => json(404, { code: 'not_found', message: 'L’administrateur est introuvable.' }),
    });
    const { router } = renderRoute('/intranet/user?id=2');
    await waitForPath(router, '/intranet/users');
    expect(await screen.findByText('Erreur lors du chargement de l’utilisateur')).toBeInTheDocument();
  });

  it('who manages whom (issue 24): role 2 sees a role 1 account’s address and role locked, and cannot give role 1', async () => {
    signInAs('intranet', { roleId: 2, sub: '5' });
    formApi({ 'GET /api/network-admins/2': () => json(200, { ...MARC, roleId: 1 }) });
    renderRoute('/intranet/user?id=2');
    expect(await screen.findByDisplayValue('Marc', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^Rôle/ })).toBeDisabled();
    expect(
      screen.getAllByText('Seul un super administrateur réseau peut changer l’adresse, le rôle ou l’état de ce compte.'),
    ).toHaveLength(2);
    // The name stays open to any manager.
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toBeEnabled();
  });

  it('role 2 creating an account is not offered role 1', async () => {
    signInAs('intranet', { roleId: 2, sub: '2' });
    formApi();
    renderRoute('/intranet/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouvel utilisateur réseau' }, LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Rôle/ }));
    expect(await screen.findByRole('option', { name: 'Super administrateur réseau' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    expect(screen.getByRole('option', { name: 'Animateur réseau' })).not.toHaveAttribute('data-combobox-disabled');
  });

  it('nobody changes their own role: Marc (id 2) sees his role locked, his address open', async () => {
    signInAs('intranet', { roleId: 2, sub: '2' });
    formApi();
    renderRoute('/intranet/user?id=2');
    expect(await screen.findByDisplayValue('Marc', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Rôle/ })).toBeDisabled();
    expect(screen.getByText('Vous ne pouvez pas changer votre propre rôle.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
  });
});
