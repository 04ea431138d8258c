import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';
import { FIVE_NEWS, MAP_ADHERENTS } from './home-fixtures';

const COUNTS = {
  count_to_process: 12,
  count_to_process_new_client: 5,
  count_processed_last_month: 31,
  count_verified_clients: 1204,
};

function dashboardApi(overrides: Parameters<typeof intranetHandlers>[0] = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/network-actualities': () => json(200, { networkActualities: FIVE_NEWS, pageCount: 3 }),
      'GET /api/adherents': () => json(200, { adherents: MAP_ADHERENTS }),
      'GET /api/network-dashboard-contacts': () => json(200, COUNTS),
      'GET /api/my-adherent-dashboard-contacts/11': () => json(200, { ...COUNTS, count_to_process: 3 }),
      ...overrides,
    }),
  );
}

const section = (name: RegExp | string) => screen.findByRole('region', { name });
const linkTargets = (root: HTMLElement) =>
  within(root)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('intranet dashboard (/intranet)', () => {
  it('shows a network super administrator (role 1) the news, the network counts, the quick links and the map', async () => {
    signInAs('intranet', { roleId: 1, given_name: 'Isabelle' });
    const api = dashboardApi();
    renderRoute('/intranet');

    const news = await section('Actualités du réseau');
    for (const item of FIVE_NEWS)
      expect(await within(news).findByRole('link', { name: item.title })).toHaveAttribute(
        'href',
        `/intranet/network-news/${item.id}`,
      );
    expect(within(news).getByRole('link', { name: /Voir tout/ })).toHaveAttribute('href', '/intranet/network-news');
    expect(within(news).getAllByText('Réglementation').length).toBeGreaterThan(0);
    expect(within(news).getByText('19.03.2026')).toBeInTheDocument();
    // Only the unread ones carry the mark.
    expect(within(news).getAllByText('Non lue')).toHaveLength(4);
    const asked = api.callsTo('GET', '/api/network-actualities')[0]!.url.searchParams;
    expect([asked.get('pageNumber'), asked.get('pageSize')]).toEqual(['1', '5']);

    const clients = await section('Clients du réseau');
    await waitFor(() => expect(within(clients).getByText('Demandes à traiter').nextElementSibling).toHaveTextContent('12'));
    // French grouping of thousands.
    expect(within(clients).getByText("Clients inscrits à l'espace client").nextElementSibling?.textContent).toMatch(/^1\s204$/);
    expect(within(clients).getByRole('link', { name: /Voir plus/ })).toHaveAttribute('href', '/intranet/all-demands');
    expect(api.callsTo('GET', '/api/my-adherent-dashboard-contacts/11')).toHaveLength(0);

    expect(linkTargets(await section('Accès rapides'))).toEqual([
      '/intranet/doc-base/1',
      '/intranet/forum/1',
      '/intranet/doc-base/2',
    ]);

    const map = await section('Carte des adhérents');
    expect(within(map).getByRole('link', { name: /Ouvrir la carte/ })).toHaveAttribute('href', '/intranet/adherent-book-map');
    const marker = await within(map).findByRole('button', { name: "Thermi'Nord Lille" });
    expect(within(map).getAllByRole('button', { name: /Thermi'Nord|Val de Loire/ })).toHaveLength(3);
    fireEvent.click(marker);
    const popup = await within(map).findByText('Olivier Vasseur · Dirigeant');
    expect(popup.closest('.leaflet-popup')).toHaveTextContent("Adhérent : Thermi'Nord Services");
    expect(within(map).getByRole('link', { name: 'dirigeant@demo.fr' })).toHaveAttribute('href', 'mailto:dirigeant@demo.fr');
    expect(api.callsTo('GET', '/api/adherents')[0]!.url.searchParams.get('isForMap')).toBe('true');
    // No calendar without VITE_CALENDAR_EMBED_URL.
    expect(screen.queryByRole('region', { name: 'Agenda du réseau' })).not.toBeInTheDocument();
  });

  it('shows a technician (role 6) a welcome instead of counts, its two quick links and the map', async () => {
    signInAs('intranet', { roleId: 6, given_name: 'Kévin' });
    const api = dashboardApi();
    renderRoute('/intranet');
    expect(await screen.findByRole('heading', { name: "Bienvenue sur l'intranet du réseau" })).toBeInTheDocument();
    expect(
      await within(await section('Actualités du réseau')).findByRole('link', { name: FIVE_NEWS[0]!.title }),
    ).toBeInTheDocument();
    expect(linkTargets(await section('Accès rapides'))).toEqual(['/intranet/forum/2', '/intranet/spare-parts']);
    expect(
      await within(await section('Carte des adhérents')).findByRole('button', { name: "Thermi'Nord Lille" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Clients/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Demandes à traiter')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.includes('dashboard-contacts'))).toHaveLength(0);
  });

  it('shows an accountant (role 8) its agency counts and the administration forum, without the map', async () => {
    signInAs('intranet', { roleId: 8 });
    const api = dashboardApi();
    renderRoute('/intranet');
    const clients = await section('Mes clients');
    expect(within(clients).getByText('Agence Thermo Services Lille')).toBeInTheDocument();
    await waitFor(() => expect(within(clients).getByText('Demandes à traiter').nextElementSibling).toHaveTextContent('3'));
    expect(within(clients).getByRole('link', { name: /Voir plus/ })).toHaveAttribute('href', '/intranet/demands');
    expect(linkTargets(await section('Accès rapides'))).toEqual(['/intranet/forum/3']);
    await within(await section('Actualités du réseau')).findByRole('link', { name: FIVE_NEWS[1]!.title });
    expect(screen.queryByRole('region', { name: 'Carte des adhérents' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/adherents')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/network-dashboard-contacts')).toHaveLength(0);
  });

  it("gives an adherent director (role 4) its region's document base, the adherents' forum and its agency counts", async () => {
    signInAs('intranet', { roleId: 4, regionId: 1 });
    const api = dashboardApi();
    renderRoute('/intranet');
    expect(linkTargets(await section('Accès rapides'))).toEqual(['/intranet/doc-base/3', '/intranet/forum/1']);
    const clients = await section('Mes clients');
    await waitFor(() => expect(within(clients).getByText('Demandes à traiter').nextElementSibling).toHaveTextContent('3'));
    expect(api.callsTo('GET', '/api/my-adherent-dashboard-contacts/11')).toHaveLength(1);
    expect(
      await within(await section('Carte des adhérents')).findByRole('button', { name: 'Val de Loire Thermique Orléans' }),
    ).toBeInTheDocument();
  });

  it("shows a news item's illustration from its 192 px preview, not the original photo", async () => {
    signInAs('intranet', { roleId: 9 });
    const illustrated = { ...FIVE_NEWS[0]!, illustrationFiles: [{ fileId: 77 }] };
    const api = dashboardApi({
      'GET /api/network-actualities': () => json(200, { networkActualities: [illustrated], pageCount: 1 }),
      'GET /api/files/77': () => new Response(new Blob(['webp'], { type: 'image/webp' }), { status: 200 }),
    });
    renderRoute('/intranet');
    const news = await section('Actualités du réseau');
    await waitFor(() => expect(news.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^blob:/)));
    expect(api.callsTo('GET', '/api/files/77').map((c) => c.url.search)).toEqual(['?width=192']);
  });

  it('says "Aucune actualité" when there is none', async () => {
    signInAs('intranet', { roleId: 9 });
    dashboardApi({ 'GET /api/network-actualities': () => json(200, { networkActualities: [], pageCount: 0 }) });
    renderRoute('/intranet');
    expect(await within(await section('Actualités du réseau')).findByText('Aucune actualité')).toBeInTheDocument();
  });

  it('shows skeletons while the news load, then an error with a retry that loads them', async () => {
    signInAs('intranet', { roleId: 1 });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    dashboardApi({
      'GET /api/network-actualities': async () => {
        calls += 1;
        if (calls === 1) {
          await gate;
          return json(500, { code: 'internal', message: 'Une erreur est survenue' });
        }
        if (calls === 2) return json(500, { code: 'internal', message: 'Une erreur est survenue' });
        return json(200, { networkActualities: FIVE_NEWS, pageCount: 1 });
      },
    });
    renderRoute('/intranet');
    const news = await section('Actualités du réseau');
    expect(within(news).getByLabelText('Chargement…')).toHaveAttribute('aria-busy', 'true');
    release();
    // The query retries once (retry 1) before showing the error.
    const retry = await within(news).findByRole('button', { name: 'Réessayer' }, { timeout: 8000 });
    expect(within(news).getByText("Les actualités n'ont pas pu être chargées.")).toBeInTheDocument();
    expect((await screen.findAllByText('Erreur lors du chargement des actualités')).length).toBeGreaterThan(0);
    fireEvent.click(retry);
    expect(await within(news).findByRole('link', { name: FIVE_NEWS[2]!.title })).toBeInTheDocument();
  });
});
