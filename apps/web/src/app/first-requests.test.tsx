import type { NetworkActuality } from '@reseau/contracts/schemas/network-actualities';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { untakenEarly } from '../api/http';
import { contract, extranetHandlers, signInCustomer } from '../test/extranet-fixtures';
import { intranetHandlers, json, mockApi, renderRoute, signInAs } from '../test/utils';
import { CONTENT_WAIT_MS } from './first-requests';

// A landing's route starts its screen's first GETs while the code loads (app/first-requests.ts):
// the screen must take each answer rather than ask again, or the request is made twice.
const getsOf = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((c) => c.method === 'GET').map((c) => `${c.url.pathname}${c.url.search}`);

/** Once the screen is up: every early answer taken, and each of `urls` asked once, not twice. */
async function expectEachTakenOnce(api: ReturnType<typeof mockApi>, urls: readonly string[]) {
  await waitFor(() => expect(untakenEarly()).toEqual([]));
  const gets = getsOf(api);
  for (const url of urls) expect(gets.filter((g) => g === url)).toHaveLength(1);
}

const NEWS: NetworkActuality = {
  id: 7,
  title: 'Assemblée générale du réseau',
  content: '<p>Le programme.</p>',
  categoryId: 1,
  category: { id: 1, code: 'VIE_RESEAU' } as NetworkActuality['category'],
  publicationDate: '2026-03-12T09:00:00.000Z',
  illustrationFiles: [],
  joinedFiles: [],
  isPublic: 1,
  isRead: true,
};

describe('first requests of the landing screens', () => {
  it("the intranet home's first render already shows the news its route started, not a placeholder", async () => {
    // The screen's code is in the module cache, as it is once its chunks have arrived in a browser.
    await Promise.all([import('./intranet/IntranetShell'), import('../features/intranet/home/HomePage')]);
    signInAs('intranet', { roleId: 1, given_name: 'Alice' });
    // The answer comes after the screen's code (a server slower than the code's cache), within the wait.
    const slowNews = () =>
      new Promise<Response>((resolve) => {
        setTimeout(() => resolve(json(200, { networkActualities: [NEWS], pageCount: 1 })), CONTENT_WAIT_MS / 3);
      });
    mockApi(intranetHandlers({ 'GET /api/network-actualities': slowNews }));
    renderRoute('/intranet');
    // Checked as soon as the greeting is on the page: in the same commit as the news.
    expect(await screen.findByRole('heading', { name: 'Bonjour Alice' })).toBeInTheDocument();
    const news = screen.getByRole('region', { name: 'Actualités du réseau' });
    expect(within(news).getByRole('link', { name: NEWS.title })).toBeInTheDocument();
    expect(within(news).queryByLabelText('Chargement…')).not.toBeInTheDocument();
  });

  it('a slow answer holds the screen one second at most: it shows its placeholder, then the news', async () => {
    signInAs('intranet', { roleId: 1, given_name: 'Alice' });
    let answer: (response: Response) => void = () => {};
    mockApi(
      intranetHandlers({
        'GET /api/network-actualities': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      }),
    );
    const started = Date.now();
    renderRoute('/intranet');
    expect(await screen.findByRole('heading', { name: 'Bonjour Alice' }, { timeout: 3000 })).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(CONTENT_WAIT_MS);
    const news = screen.getByRole('region', { name: 'Actualités du réseau' });
    expect(within(news).getByLabelText('Chargement…')).toHaveAttribute('aria-busy', 'true');
    answer(json(200, { networkActualities: [NEWS], pageCount: 1 }));
    expect(await within(news).findByRole('link', { name: NEWS.title })).toBeInTheDocument();
    expect(within(news).queryByLabelText('Chargement…')).not.toBeInTheDocument();
  });

  it('opened from another screen, the home does not wait for its news: it shows them loading at once', async () => {
    signInAs('intranet', { roleId: 1, given_name: 'Alice' });
    mockApi(intranetHandlers({ 'GET /api/network-actualities': () => new Promise<Response>(() => {}) }));
    const { router } = renderRoute('/intranet/network-news');
    await waitFor(() => expect(router.state.initialized).toBe(true));
    // Held for its answer, the navigation would end only when the wait does.
    const held = new Promise((resolve) => setTimeout(() => resolve('held'), CONTENT_WAIT_MS / 2));
    expect(await Promise.race([router.navigate('/intranet').then(() => 'opened'), held])).toBe('opened');
    expect(await screen.findByRole('heading', { name: 'Bonjour Alice' })).toBeInTheDocument();
    const news = screen.getByRole('region', { name: 'Actualités du réseau' });
    expect(within(news).getByLabelText('Chargement…')).toHaveAttribute('aria-busy', 'true');
  });

  it('the intranet home takes every answer its route started, each asked once', async () => {
    signInAs('intranet', { roleId: 1, given_name: 'Alice' });
    const api = mockApi(intranetHandlers());
    renderRoute('/intranet');
    const started = getsOf(api);
    expect(started).toEqual(expect.arrayContaining(['/api/roles', '/api/agencies', '/api/count-all-unread-notifications']));
    expect(await screen.findByRole('heading', { name: 'Bonjour Alice' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Actualités du réseau' })).toBeInTheDocument();
    await expectEachTakenOnce(api, [...started, '/api/network-actualities?pageNumber=1&pageSize=5']);
  });

  it("a contract's page takes the contracts, its documents and the shell's agencies, each asked once", async () => {
    signInCustomer();
    const api = mockApi(
      extranetHandlers({
        'GET /api/agency-contract-documents/mine': () => json(200, { agencyContractDocuments: [] }),
        'GET /api/agency-contracts/mine': () => json(200, { agencyContracts: [contract()] }),
      }),
    );
    renderRoute('/extranet/contract/1');
    expect(await screen.findByRole('heading', { name: 'Chaudière gaz à condensation', level: 1 })).toBeInTheDocument();
    await expectEachTakenOnce(api, [
      '/api/agencies',
      '/api/agencies/1',
      '/api/agency-contracts/mine',
      '/api/agency-contract-documents/mine?agencyContractId=1',
    ]);
  });

  it("the extranet's home takes the current agency's to-do list, service calls and contracts, each asked once", async () => {
    signInCustomer();
    const api = mockApi(extranetHandlers());
    renderRoute('/extranet');
    expect(await screen.findByRole('heading', { name: /Bonjour Sophie/ })).toBeInTheDocument();
    await expectEachTakenOnce(api, [
      '/api/agencies/1',
      '/api/my-to-do-list?agencyId=1',
      '/api/agency-contract-service-calls/mine?agencyId=1',
      '/api/agency-contracts/mine?agencyId=1',
    ]);
  });

  it('a signed-out visitor starts nothing: the route sends them to the login', async () => {
    const api = mockApi({});
    renderRoute('/intranet');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(untakenEarly()).toEqual([]);
    expect(api.calls.filter((c) => c.path !== '/api/auth/refresh')).toEqual([]);
  });

  it('a customer opening the intranet starts nothing with their extranet session', async () => {
    signInCustomer();
    const api = mockApi(extranetHandlers());
    renderRoute('/intranet');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(untakenEarly()).toEqual([]);
    expect(api.calls.filter((c) => c.path.startsWith('/api/network-actualities'))).toEqual([]);
  });
});
