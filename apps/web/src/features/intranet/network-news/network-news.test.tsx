import type { NetworkActuality } from '@reseau/contracts/schemas/network-actualities';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type Handler,
  intranetHandlers,
  json,
  mockApi,
  renderRoute,
  rolesAnswer,
  signInAs,
  waitForPath,
} from '../../../test/utils';

const CATEGORIES = [
  { id: 1, code: 'VIE_RESEAU' },
  { id: 2, code: 'TECHNIQUE' },
];

function news(id: number, overrides: Partial<NetworkActuality> = {}): NetworkActuality {
  return {
    id,
    title: `Actualité ${id}`,
    content: `<p>Le texte de l'actualité ${id}, <strong>important</strong>.</p>`,
    categoryId: 1,
    category: CATEGORIES[0] as NetworkActuality['category'],
    publicationDate: '2026-03-12T09:00:00.000Z',
    illustrationFiles: [],
    joinedFiles: [],
    isPublic: 1,
    isRead: false,
    ...overrides,
  };
}

/** The news API: the list answers by category and page (3 pages in all), the detail by id. */
function newsApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/network-actuality-categories': () => json(200, { categories: CATEGORIES }),
      'GET /api/network-actualities': ({ url }) => {
        const page = Number(url.searchParams.get('pageNumber'));
        const category = url.searchParams.get('categoryId') ?? 'toutes';
        return json(200, {
          networkActualities: [
            news(page * 10 + 1, { title: `Catégorie ${category}, page ${page}` }),
            news(page * 10 + 2, { isRead: true }),
          ],
          pageCount: 3,
        });
      },
      'GET /api/network-actualities/11': () => json(200, news(11, { title: 'Le congrès 2026 à Tours' })),
      'POST /api/network-actualities-read': () => new Response(null, { status: 204 }),
      'DELETE /api/network-actualities-unread/12': () => new Response(null, { status: 204 }),
      ...overrides,
    }),
  );
}

const listCalls = (api: ReturnType<typeof newsApi>) =>
  api.callsTo('GET', '/api/network-actualities').map((c) => Object.fromEntries(c.url.searchParams));

/** The titles of the cards shown (read straight from the grid: role queries over the whole shell are slow). */
const titles = () => Array.from(document.querySelectorAll('ul[aria-label="Actualités du réseau"] h2'), (h) => h.textContent);
const showsCard = (title: string) => waitFor(() => expect(titles()).toContain(title));

async function cards() {
  const list = await screen.findByRole('list', { name: 'Actualités du réseau' });
  return within(list).getAllByRole('listitem');
}

describe('network news list (spec 01 §2 "News")', () => {
  it('shows the newest news as cards, 10 a page, with the add button for news administrators', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = newsApi();
    renderRoute('/intranet/network-news');
    expect(await screen.findByRole('heading', { level: 1, name: 'Actualités' })).toBeInTheDocument();
    const [unread, read] = await cards();
    expect(within(unread as HTMLElement).getByRole('link', { name: 'Catégorie toutes, page 1' })).toHaveAttribute(
      'href',
      '/intranet/network-news/11',
    );
    expect(unread).toHaveTextContent("Le texte de l'actualité 11, important.");
    expect(unread).toHaveTextContent('12.03.2026');
    expect(unread).toHaveTextContent('Vie du réseau');
    expect(unread).toHaveTextContent('Non lue');
    expect(read).not.toHaveTextContent('Non lue');
    expect(listCalls(api)[0]).toEqual({ pageNumber: '1', pageSize: '10' });
    expect(await screen.findByRole('link', { name: 'Ajouter une actualité' })).toHaveAttribute(
      'href',
      '/intranet/network-news-edit',
    );
  });

  it('hides the add button from users without network_actualities_administration (role 4)', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    newsApi();
    renderRoute('/intranet/network-news');
    await cards();
    expect(screen.queryByRole('link', { name: 'Ajouter une actualité' })).not.toBeInTheDocument();
  });

  it('filters by a category chip: the address and the query change, and paging starts again from 1', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = newsApi();
    const { router } = renderRoute('/intranet/network-news?page=2');
    await showsCard('Catégorie toutes, page 2');
    const user = userEvent.setup();
    const chips = screen.getByRole('radiogroup', { name: 'Catégories' });
    expect(within(chips).getByRole('radio', { name: 'Toutes' })).toBeChecked();
    await user.click(within(chips).getByRole('radio', { name: 'Technique' }));
    await showsCard('Catégorie 2, page 1');
    expect(router.state.location.search).toBe('?categoryId=2');
    expect(listCalls(api).at(-1)).toEqual({ categoryId: '2', pageNumber: '1', pageSize: '10' });

    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await showsCard('Catégorie 2, page 3');
    expect(router.state.location.search).toBe('?categoryId=2&page=3');

    await user.click(within(chips).getByRole('radio', { name: 'Toutes' }));
    await showsCard('Catégorie toutes, page 1');
    expect(router.state.location.search).toBe('');
  });

  it('marks an unread card read when it is opened, and the detail goes back to the same list page', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = newsApi({
      'GET /api/network-actualities/21': () =>
        json(
          200,
          news(21, {
            title: 'Le congrès 2026 à Tours',
            content: '<h2>Programme</h2><p>Deux jours d’ateliers.</p>',
            category: CATEGORIES[1] as NetworkActuality['category'],
            joinedFiles: [
              { fileId: 90, fileName: 'Programme du congrès 2026.pdf' },
              { fileId: 91, fileName: 'Plan d’accès.pdf' },
            ],
          }),
        ),
    });
    const { router } = renderRoute('/intranet/network-news?categoryId=2&page=2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Catégorie 2, page 2' }));
    await waitForPath(router, '/intranet/network-news/21');
    const article = await screen.findByRole('article', { name: 'Le congrès 2026 à Tours' });
    expect(within(article).getByRole('heading', { level: 2, name: 'Programme' })).toBeInTheDocument();
    expect(article).toHaveTextContent('Publiée le 12.03.2026');
    expect(article).toHaveTextContent('Technique');
    // The attached files by their names, in their order.
    expect(
      within(within(article).getByRole('region', { name: 'Pièces jointes' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Programme du congrès 2026.pdf', 'Plan d’accès.pdf']);
    await waitFor(() => expect(api.callsTo('POST', '/api/network-actualities-read')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/network-actualities-read')[0]?.body).toEqual({ networkActualityId: 21, adminId: 40 });

    await user.click(screen.getByRole('link', { name: 'Retour aux actualités' }));
    await waitForPath(router, '/intranet/network-news');
    expect(router.state.location.search).toBe('?categoryId=2&page=2');
    expect(await screen.findByRole('link', { name: 'Catégorie 2, page 2' })).toBeInTheDocument();
  });

  it('marks a news item read when opened by its address too (dashboard, notification), once', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    const api = newsApi();
    renderRoute('/intranet/network-news/11');
    expect(await screen.findByRole('article', { name: 'Le congrès 2026 à Tours' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/network-actualities-read')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/network-actualities-read')[0]?.body).toEqual({ networkActualityId: 11, adminId: 60 });
    // The refetch after the mark still answers "unread" here: no second mark.
    await waitFor(() => expect(api.callsTo('GET', '/api/network-actualities/11').length).toBeGreaterThan(1));
    expect(api.callsTo('POST', '/api/network-actualities-read')).toHaveLength(1);
  });

  it('does not mark again a news item already read, and toggles the mark from the card', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = newsApi({ 'GET /api/network-actualities/12': () => json(200, news(12, { isRead: true })) });
    const { router } = renderRoute('/intranet/network-news');
    const [, read] = await cards();
    const user = userEvent.setup();
    // The mark comes with the caller's permissions (the frame's roles), a moment after the cards.
    await user.click(await within(read as HTMLElement).findByRole('button', { name: 'Marquer comme non lue : Actualité 12' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/network-actualities-unread/12')).toHaveLength(1));
    await user.click(within(read as HTMLElement).getByRole('link', { name: 'Actualité 12' }));
    await waitForPath(router, '/intranet/network-news/12');
    expect(await screen.findByRole('article', { name: 'Actualité 12' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/network-actualities-read')).toHaveLength(0);
  });

  it('offers no read mark to a role without network_news_reading, and opening sends none', async () => {
    signInAs('intranet', { roleId: 9, sub: '90' });
    const roles = (await rolesAnswer().json()) as Array<{ id: number; macroPermissions: Array<{ code: string }> }>;
    const withoutReading = roles.map((r) => ({
      ...r,
      macroPermissions: r.macroPermissions.filter((p) => p.code !== 'network_news_reading'),
    }));
    const api = newsApi({
      'GET /api/roles': () => json(200, withoutReading),
      'GET /api/network-actualities/11': () => json(200, news(11)),
    });
    const { router } = renderRoute('/intranet/network-news');
    const [unread] = await cards();
    await waitFor(() => expect(api.callsTo('GET', '/api/roles')).toHaveLength(1));
    expect(within(unread as HTMLElement).queryByRole('button', { name: /Marquer comme/ })).not.toBeInTheDocument();
    await userEvent.setup().click(within(unread as HTMLElement).getByRole('link'));
    await waitForPath(router, '/intranet/network-news/11');
    await screen.findByRole('article');
    expect(api.callsTo('POST', '/api/network-actualities-read')).toHaveLength(0);
  });

  it('says « Aucune actualité » when no news matches', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    newsApi({ 'GET /api/network-actualities': () => json(200, { networkActualities: [], pageCount: 0 }) });
    renderRoute('/intranet/network-news?search=introuvable');
    expect(await screen.findByText('Aucune actualité')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher une actualité' })).toHaveValue('introuvable');
  });

  it('goes back to the list when a news item cannot be loaded (spec 01 §8)', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    newsApi({
      'GET /api/network-actualities/99': () => json(404, { code: 'not_found', message: "L'actualité demandée est introuvable" }),
    });
    const { router } = renderRoute('/intranet/network-news/99');
    await waitForPath(router, '/intranet/network-news');
    expect(await screen.findByText("Erreur lors du chargement de l'actualité")).toBeInTheDocument();
    expect(await cards()).toHaveLength(2);
  });
});
