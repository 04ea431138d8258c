import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '../../lib/session';
import { contract, extranetHandlers } from '../../test/extranet-fixtures';
import { agency, agencyDetail, json, mockApi, renderRoute, signInAs } from '../../test/utils';

const lille = agency(11, 'Thermo Services Lille', 'Lille', '59000');
const arras = agency(12, 'Thermo Services Arras', 'Arras', '62000');

const arrasDetail = agencyDetail(12, 'Thermo Services Arras', 'Arras', '62000');
const withEmergencyLine = {
  ...arrasDetail,
  infos: {
    ...arrasDetail.infos,
    phones: [
      { phone: '03 20 00 00 00', label: 'Accueil' },
      { phone: '03 20 00 00 09', label: 'Urgences SAV' },
    ],
  },
};

describe('extranet shell', () => {
  it('shows on each agency of the chooser the addresses and equipment held there (spec 03 §2)', async () => {
    signInAs('extranet', { given_name: 'Claire', family_name: 'Dupont' });
    const api = mockApi(
      extranetHandlers({
        'GET /api/agencies': () => json(200, { agencies: [lille, arras] }),
        'GET /api/agency-contracts/mine': () =>
          json(200, {
            agencyContracts: [
              contract({ id: 1, agencyId: 11 }),
              contract({ id: 2, agencyId: 11, equipmentType: 'Pompe à chaleur air/eau', equipmentModel: null }),
              contract({
                id: 3,
                agencyId: 11,
                route: '3 place du Théâtre',
                equipmentType: null,
                equipmentModel: 'Atlantic Alféa',
              }),
            ],
          }),
      }),
    );
    renderRoute('/extranet');
    const lilleHoldings = await screen.findByRole('group', { name: 'Vos adresses et équipements chez Thermo Services Lille' });
    expect(within(lilleHoldings).getByText('14 rue Jean sans Peur, 59000 Lille')).toBeInTheDocument();
    expect(within(lilleHoldings).getByText('3 place du Théâtre, 59000 Lille')).toBeInTheDocument();
    expect(
      within(lilleHoldings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Chaudière gaz à condensation – De Dietrich Naneo', 'Pompe à chaleur air/eau', 'Équipement – Atlantic Alféa']);
    // Arras holds nothing of this customer's: said, not left blank.
    expect(screen.getByText('Aucun contrat en cours dans cette agence.')).toBeInTheDocument();
    // One call for every agency (no agencyId).
    const calls = api.callsTo('GET', '/api/agency-contracts/mine');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => !call.url.searchParams.has('agencyId'))).toBe(true);
  });

  it('keeps the agencies choosable when their contracts fail to load', async () => {
    signInAs('extranet', { given_name: 'Claire', family_name: 'Dupont' });
    mockApi(
      extranetHandlers({
        'GET /api/agencies': () => json(200, { agencies: [lille, arras] }),
        'GET /api/agency-contracts/mine': () => json(500, { code: 'internal', message: 'x' }),
      }),
    );
    renderRoute('/extranet');
    expect(await screen.findByText('Lille (59000)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Chargement…')).not.toBeInTheDocument());
    expect(screen.queryByRole('group', { name: /Vos adresses et équipements/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Accéder à l'espace de Thermo Services Arras" })).toBeEnabled();
  });

  it('lets a customer of two agencies choose one, then shows the dashboard and the agency panel', async () => {
    signInAs('extranet', { given_name: 'Claire', family_name: 'Dupont' });
    mockApi(
      extranetHandlers({
        'GET /api/agencies': () => json(200, { agencies: [lille, arras] }),
        'GET /api/agencies/12': () => json(200, withEmergencyLine),
        'GET /api/agency-contracts/mine': () => json(200, { agencyContracts: [contract({ agencyId: 12 })] }),
      }),
    );
    renderRoute('/extranet');
    expect(await screen.findByText('Bonjour Claire Dupont')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choisissez votre agence' })).toBeInTheDocument();
    expect(await screen.findByText('Lille (59000)')).toBeInTheDocument();
    expect(screen.getByText('Arras (62000)')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: "Accéder à l'espace de Thermo Services Arras" }));
    expect(await screen.findByRole('heading', { name: 'Bonjour Claire' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.currentAgency) ?? 'null')).toMatchObject({ id: 12 });
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.agencies) ?? '[]')).toHaveLength(2);

    const panel = screen.getAllByRole('complementary', { name: 'Votre agence' })[0] as HTMLElement;
    expect(await within(panel).findByText('Lundi au vendredi : 8h00 - 12h00, 13h30 - 18h00')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Questions fréquentes' })).toHaveAttribute('href', '/extranet/faq');
    // The privacy notice is in the footer of signed-in pages too.
    expect(
      within(screen.getByRole('contentinfo')).getByRole('heading', { name: 'Protection de vos données personnelles' }),
    ).toBeInTheDocument();
    // Every phone of the agency, with its label.
    const phones = within(panel).getByRole('list', { name: "Téléphones de l'agence" });
    expect(
      within(phones)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Accueil : 03 20 00 00 00', 'Urgences SAV : 03 20 00 00 09']);

    // The menu's contact button opens the request form, subject "other" (3) by default.
    await user.click(within(panel).getByRole('button', { name: 'Contacter mon agence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contacter Thermo Services Arras' });
    // An emergency: the agency's emergency line, not its reception.
    expect(await within(dialog).findByRole('link', { name: '03 20 00 00 09' })).toHaveAttribute('href', 'tel:0320000009');
    expect(within(dialog).queryByRole('link', { name: '03 20 00 00 00' })).not.toBeInTheDocument();
    expect(await within(dialog).findByRole('combobox', { name: /Motif de votre demande/ })).toHaveValue('3');
    // The only contract is chosen for the customer.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Contrat concerné/ })).toHaveValue('1'));

    // Several agencies: a way to change.
    expect(screen.getByRole('button', { name: "Changer d'agence (Thermo Services Arras)" })).toBeInTheDocument();
  });

  it('chooses the only agency automatically', async () => {
    signInAs('extranet', { given_name: 'Claire' });
    mockApi(
      extranetHandlers({
        'GET /api/agencies': () => json(200, { agencies: [lille] }),
        'GET /api/agencies/11': () => json(200, agencyDetail(11, 'Thermo Services Lille', 'Lille', '59000')),
      }),
    );
    renderRoute('/extranet');
    expect(await screen.findByRole('heading', { name: 'Bonjour Claire' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choisissez votre agence' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Changer d'agence/ })).not.toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(SESSION_KEYS.currentAgency) ?? 'null')).toMatchObject({ id: 11 }));
  });

  it('names each screen in the browser tab', async () => {
    signInAs('extranet', { given_name: 'Claire' });
    mockApi(
      extranetHandlers({
        'GET /api/agencies': () => json(200, { agencies: [lille] }),
        'GET /api/agencies/11': () => json(200, agencyDetail(11, 'Thermo Services Lille', 'Lille', '59000')),
      }),
    );
    const { router } = renderRoute('/extranet');
    await waitFor(() => expect(document.title).toBe('Mes contrats — Réseau Énergie'));
    await act(() => router.navigate('/extranet/faq'));
    await waitFor(() => expect(document.title).toBe('Questions fréquentes — Réseau Énergie'));
  });

  it('offers personal information and logout in the profile menu', async () => {
    signInAs('extranet', { given_name: 'Claire', family_name: 'Dupont' });
    const api = mockApi(
      extranetHandlers({
        'POST /api/auth/logout': () => new Response(null, { status: 204 }),
        'GET /api/agencies': () => json(200, { agencies: [lille] }),
        'GET /api/agencies/11': () => json(200, agencyDetail(11, 'Thermo Services Lille', 'Lille', '59000')),
      }),
    );
    const { router } = renderRoute('/extranet');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Menu du profil : Claire Dupont/ }));
    expect(await screen.findByRole('menuitem', { name: 'Informations personnelles' })).toHaveAttribute(
      'href',
      '/extranet/personal-info',
    );
    const before = api.calls.length;
    await user.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/extranet/login'));
    expect(localStorage.getItem(SESSION_KEYS.currentAgency)).toBeNull();
    expect(api.callsTo('POST', '/api/auth/logout')[0]?.body).toEqual({ refreshToken: 'refresh-extranet' });
    // Nothing leaves once the tokens are gone: no query refetched by the shell as it unmounts (issue 12 §3).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/logout']);
  });

  it('sends a signed-out visitor to the extranet login and back after signing in', async () => {
    mockApi({
      'POST /api/auth/client': () =>
        json(200, { accessToken: 'x.eyJhdWQiOiJleHRyYW5ldCIsInN1YiI6IjEiLCJnaXZlbl9uYW1lIjoiQ2xhaXJlIn0.s', refreshToken: 'r' }),
      'GET /api/agencies': () => json(200, { agencies: [lille] }),
      'GET /api/agencies/11': () => json(200, agencyDetail(11, 'Thermo Services Lille', 'Lille', '59000')),
    });
    const { router } = renderRoute('/extranet/faq');
    await waitFor(() => expect(router.state.location.pathname).toBe('/extranet/login'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Adresse email/), 'client@demo.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Demo2026!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/extranet/faq'));
    expect(await screen.findByRole('heading', { name: 'Questions fréquentes', level: 1 })).toBeInTheDocument();
  });
});
