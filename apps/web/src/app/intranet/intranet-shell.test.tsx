import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession, SESSION_KEYS, setCurrentAgency } from '../../lib/session';
import { agency, impersonate, intranetHandlers, json, mockApi, renderRoute, signInAs, waitForPath } from '../../test/utils';

async function menuLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
  // Wait for the permissions from GET /roles.
  await waitFor(() => expect(within(nav).getAllByRole('link').length).toBeGreaterThan(1));
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('intranet shell', () => {
  it('shows a network super administrator (role 1) every entry, the search box and the greeting', async () => {
    signInAs('intranet', { roleId: 1, given_name: 'Alice', family_name: 'Bernard' });
    mockApi(intranetHandlers());
    renderRoute('/intranet');
    expect(await screen.findByRole('heading', { name: 'Bonjour Alice' })).toBeInTheDocument();
    // Set by an effect once the screen is committed.
    await waitFor(() => expect(document.title).toBe('Accueil — Réseau Énergie'));
    await waitFor(async () => expect(await menuLinks()).toContain('Utilisateurs réseau'));
    const links = await menuLinks();
    for (const label of [
      'Demandes',
      'Toutes les demandes',
      'Tous les devis',
      'Adhérents',
      'Prestations',
      'Mon agence',
      'Signature électronique',
      'Actualités',
    ])
      expect(links).toContain(label);
    // The header's controls come with their own code, after the screen (IntranetHeader.tsx).
    expect(await screen.findByRole('searchbox', { name: 'Rechercher' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Menu du profil : Alice Bernard/ })).toBeInTheDocument();
    // Agency selector with the agencies of GET /agencies; the first becomes current.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Agence courante' })).toHaveValue('Thermo Services Lille'));
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.currentAgency) ?? 'null')).toMatchObject({ id: 11 });
    // The selector is sized on the longest name (CSS clamps it), so a long one is not cut with room to spare.
    const longest = 'Thermo Services Lille'.length;
    expect(document.querySelector('[style*="--agency-chars"]')?.getAttribute('style')).toContain(`--agency-chars: ${longest}`);
  });

  it('shows a technician (role 6) only the entries their permissions open, and the search box', async () => {
    signInAs('intranet', { roleId: 6, given_name: 'Théo' });
    mockApi(intranetHandlers({ 'GET /api/agencies': () => json(200, { agencies: [] }) }));
    renderRoute('/intranet');
    await waitFor(async () => expect(await menuLinks()).toContain('Bourse aux pièces'));
    const links = await menuLinks();
    expect(links).toEqual([
      'Accueil',
      'Actualités',
      'Base documentaire',
      'Forums',
      'Bourse aux pièces',
      'Applications',
      'Annuaire des adhérents',
      'Carte des adhérents',
      'Signature électronique',
    ]);
    // Every staff user searches (the key carries what they may read).
    // The header's controls come once the screen is up and the browser idle (AfterContent `idle`).
    expect(await screen.findByRole('searchbox', { name: 'Rechercher' })).toBeInTheDocument();
    // No agency: no selector.
    expect(screen.queryByRole('combobox', { name: 'Agence courante' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.permissions) ?? '[]')).toContain(
      'spare_part_announcement_administration',
    );
  });

  it('refuses a screen the role may not open', async () => {
    signInAs('intranet', { roleId: 6 });
    mockApi(intranetHandlers());
    renderRoute('/intranet/users');
    expect(await screen.findByText("Vous n'avez pas les accès requis...", { selector: 'p' })).toBeInTheDocument();
  });

  it.each([
    [150, '99+'],
    [100, '99+'],
    [99, '99'],
    [5, '5'],
  ])('caps the notification badge: %i unread shows "%s"', async (count, label) => {
    signInAs('intranet', { roleId: 6 });
    mockApi(
      intranetHandlers({ 'GET /api/count-all-unread-notifications': () => json(200, { unreadNotificationsCounter: count }) }),
    );
    renderRoute('/intranet');
    const bell = await screen.findByRole('button', { name: `Notifications : ${count} non lues` });
    const indicator = bell.closest('.mantine-Indicator-root');
    expect(indicator).not.toBeNull();
    expect(within(indicator as HTMLElement).getByText(label)).toBeInTheDocument();
  });

  it('shows no badge without unread notifications, and the empty state in the list', async () => {
    signInAs('intranet', { roleId: 6 });
    mockApi(intranetHandlers());
    renderRoute('/intranet');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell.closest('.mantine-Indicator-root')?.querySelector('.mantine-Indicator-indicator')).toBeNull();
    await userEvent.setup().click(bell);
    expect(await screen.findByText('Aucune notification pour le moment.')).toBeInTheDocument();
  });

  it('lists notifications in French, marks one read and opens its screen', async () => {
    signInAs('intranet', { roleId: 1 });
    const api = mockApi(
      intranetHandlers({
        'GET /api/count-all-unread-notifications': () => json(200, { unreadNotificationsCounter: 1 }),
        'GET /api/notifications/mine': () =>
          json(200, {
            notifications: [
              {
                id: 31,
                type: 'NEW_FORUM_THREAD',
                isRead: false,
                data: { forumId: 2, forumThreadId: 9, forumThreadTitle: 'Chaudière à condensation' },
                createdAt: '2026-03-04T09:30:00.000Z',
              },
              {
                id: 30,
                type: 'NEW_NETWORK_ACTUALITY',
                isRead: true,
                data: { networkActualityId: 4, networkActualityTitle: 'Assemblée générale 2026' },
                createdAt: '2026-03-01T09:30:00.000Z',
              },
            ],
            pageCount: 1,
          }),
        'POST /api/notifications/31:read': () => json(204),
        'PUT /api/read-all-notifications': () => json(204),
      }),
    );
    const { router } = renderRoute('/intranet');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications : 1 non lue' }));
    expect(await screen.findByText('Nouvelle actualité : Assemblée générale 2026')).toBeInTheDocument();
    expect(screen.getByText('04.03.2026', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/read-all-notifications')).toHaveLength(1));
    await user.click(screen.getByText('Nouveau sujet « Chaudière à condensation » sur le forum'));
    await waitForPath(router, '/intranet/forum/2/thread/9');
    expect(api.callsTo('POST', '/api/notifications/31:read')).toHaveLength(1);
  });

  it('submits only a non-blank trimmed search', async () => {
    signInAs('intranet', { roleId: 2 });
    mockApi(intranetHandlers());
    const { router } = renderRoute('/intranet');
    const box = await screen.findByRole('searchbox', { name: 'Rechercher' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(router.state.location.pathname).toBe('/intranet');

    fireEvent.change(box, { target: { value: '  pompe à chaleur  ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitForPath(router, '/intranet/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('pompe à chaleur');
    expect(await screen.findByRole('heading', { name: 'Recherche' })).toBeInTheDocument();
  });

  it('acts as the impersonated user and returns to the adherent page', async () => {
    signInAs('intranet', { roleId: 1, given_name: 'Alice' });
    impersonate({ id: 42, name: 'Paul Durand', adherentId: 7, role: 6, regionId: 1 });
    const api = mockApi(intranetHandlers());
    const { router } = renderRoute('/intranet');
    expect(await screen.findByText('Vous êtes connecté en tant que Paul Durand')).toBeInTheDocument();
    // The permissions are the impersonated role's (6): no administration entries.
    await waitFor(async () => expect(await menuLinks()).toContain('Bourse aux pièces'));
    expect(await menuLinks()).not.toContain('Utilisateurs réseau');
    expect(api.callsTo('GET', '/api/roles')[0]?.headers.get('x-impersonated-admin-id')).toBe('42');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Revenir à mon compte' }));
    await waitForPath(router, '/intranet/adherent');
    expect(router.state.location.search).toBe('?id=7');
    expect(getSession().impersonation).toBeNull();
    expect(screen.queryByText(/Vous êtes connecté en tant que/)).not.toBeInTheDocument();
    await waitFor(async () => expect(await menuLinks()).toContain('Utilisateurs réseau'));
  });

  it('starts an impersonation: record stored, cache dropped, intranet home opened', async () => {
    signInAs('intranet', { roleId: 1, given_name: 'Alice' });
    const api = mockApi(intranetHandlers());
    const { router } = renderRoute('/intranet/adherents');
    expect(await screen.findByRole('heading', { name: 'Adhérents' })).toBeInTheDocument();
    const rolesCallsBefore = api.callsTo('GET', '/api/roles').length;
    const { startImpersonation } = await import('../../api/impersonation');
    // It asks the server first (a session without the second factor is refused, issue 27).
    await act(() => startImpersonation({ id: 42, name: 'Paul Durand', adherentId: 7, role: 6, regionId: 1 }));
    await waitForPath(router, '/intranet');
    expect(await screen.findByText('Vous êtes connecté en tant que Paul Durand')).toBeInTheDocument();
    expect(getSession().impersonation).toMatchObject({ id: 42, adherentId: 7 });
    // The cache was cleared: roles are asked again, now with the impersonation header.
    await waitFor(() => expect(api.callsTo('GET', '/api/roles').length).toBeGreaterThan(rolesCallsBefore));
    expect(api.callsTo('GET', '/api/roles').at(-1)?.headers.get('x-impersonated-admin-id')).toBe('42');
    await waitFor(async () => expect(await menuLinks()).not.toContain('Adhérents'));
  });

  it('switches nothing when the server refuses the impersonation (no second factor in this session)', async () => {
    signInAs('intranet', { roleId: 1, given_name: 'Alice' });
    const refusal = "Pour vous connecter en tant qu'un autre utilisateur, reconnectez-vous avec votre double authentification.";
    mockApi(
      intranetHandlers({
        'GET /api/count-all-unread-notifications': ({ headers }) =>
          headers.get('x-impersonated-admin-id')
            ? json(403, { code: 'impersonation_needs_second_factor', message: refusal })
            : json(200, { unreadNotificationsCounter: 0 }),
      }),
    );
    renderRoute('/intranet/adherents');
    expect(await screen.findByRole('heading', { name: 'Adhérents' })).toBeInTheDocument();
    const { startImpersonation } = await import('../../api/impersonation');
    await expect(startImpersonation({ id: 42, name: 'Paul Durand', adherentId: 7, role: 6, regionId: 1 })).rejects.toThrow(
      refusal,
    );
    expect(getSession().impersonation).toBeNull();
  });

  it('gives the administrator their own current agency back after « Revenir à mon compte » (issue 25)', async () => {
    signInAs('intranet', { roleId: 1, given_name: 'Alice' });
    // The administrator works for the second of their agencies; the impersonated user has another.
    setCurrentAgency({ id: 12, name: 'Thermo Services Lyon' });
    mockApi(
      intranetHandlers({
        'GET /api/agencies': ({ headers }) =>
          json(200, {
            agencies: headers.get('x-impersonated-admin-id')
              ? [agency(13, 'Atlantique Chauffage Nantes', 'Nantes', '44000')]
              : [
                  agency(11, 'Thermo Services Lille', 'Lille', '59000'),
                  agency(12, 'Thermo Services Lyon', 'Lyon', '69000'),
                  agency(13, 'Atlantique Chauffage Nantes', 'Nantes', '44000'),
                ],
          }),
      }),
    );
    const { router } = renderRoute('/intranet/adherents');
    expect(await screen.findByRole('heading', { name: 'Adhérents' })).toBeInTheDocument();
    const { startImpersonation } = await import('../../api/impersonation');
    // It asks the server first (a session without the second factor is refused, issue 27).
    await act(() => startImpersonation({ id: 42, name: 'Paul Durand', adherentId: 7, role: 6, regionId: 1 }));
    await waitForPath(router, '/intranet');
    await waitFor(() => expect(getSession().currentAgency?.id).toBe(13));

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Revenir à mon compte' }));
    await waitForPath(router, '/intranet/adherent');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Agence courante' })).toHaveValue('Thermo Services Lyon'));
    expect(getSession().currentAgency?.id).toBe(12);
  });

  it('logs out: the server ends the session, every session key is cleared and the login shows', async () => {
    const accessToken = signInAs('intranet', { roleId: 1, given_name: 'Alice', family_name: 'Bernard' });
    localStorage.setItem(
      SESSION_KEYS.impersonation,
      JSON.stringify({ id: 1, name: 'x', adherentId: 1, role: 6, regionId: null }),
    );
    const api = mockApi(intranetHandlers({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) }));
    const { router } = renderRoute('/intranet');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Menu du profil/ }));
    const menuItem = await screen.findByRole('menuitem', { name: 'Se déconnecter' });
    const before = api.calls.length;
    await user.click(menuItem);
    await waitForPath(router, '/intranet/login');
    for (const key of Object.values(SESSION_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    // No query leaves after the tokens are gone (roles, unread count, agencies…): only the logout call.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/logout']);
    const [call] = api.callsTo('POST', '/api/auth/logout');
    expect(call?.body).toEqual({ refreshToken: 'refresh-intranet' });
    expect(call?.headers.get('authorization')).toBe(`Bearer ${accessToken}`);
    // The real caller's session ends: no impersonation header on this call.
    expect(call?.headers.get('x-impersonated-admin-id')).toBeNull();
  });

  it('does not let a customer session into the intranet', async () => {
    signInAs('extranet');
    mockApi({});
    const { router } = renderRoute('/intranet');
    await waitForPath(router, '/intranet/login');
  });
});
