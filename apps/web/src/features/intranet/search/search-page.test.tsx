import type { SearchHit } from '@reseau/contracts/schemas/search';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs, waitForPath } from '../../../test/utils';

const hit = (metaId: string, title: string, url: string, snippet = 'Le <b>circulateur</b> &amp; la pompe'): SearchHit => {
  const [prefix, id] = metaId.split('-');
  const entityType = (
    {
      NA: 'network_actuality',
      DB: 'document_base_item',
      FT: 'forum_thread',
      FP: 'forum_post',
      SP: 'spare_part_announcement',
    } as const
  )[prefix as 'NA'];
  return { metaId, entityType, entityId: Number(id), title, url, snippet };
};

const FIRST_PAGE = [
  hit('FP-7', 'Code défaut F28', '/intranet/forum/2/thread/3'),
  hit('DB-4', 'Guide du circulateur', '/intranet/doc-base/2/4', 'Un <b>circulateur</b> <script>alert(1)</script>'),
  hit('NA-2', 'Nouvelle gamme', '/intranet/network-news/2'),
  hit('SP-9', 'Circulateur Grundfos', '/intranet/spare-parts?id=9'),
];

function searchApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/searchables:get-api-key': () => json(200, { apiKey: 'clé', expiresAt: '2026-11-25T10:15:00Z' }),
      'GET /api/searchables': ({ url }) =>
        url.searchParams.get('pageNumber') === '1'
          ? json(200, { searchables: FIRST_PAGE, totalCount: 5, pageCount: 2 })
          : json(200, {
              searchables: [hit('FT-3', 'Sujet page deux', '/intranet/forum/2/thread/3')],
              totalCount: 5,
              pageCount: 2,
            }),
      'GET /api/forum-posts/7': () => json(200, { id: 7 }),
      'GET /api/forum-threads/3': () => json(200, { id: 3 }),
      'GET /api/forum-posts': () => json(200, { forumPosts: [], pageCount: 0 }),
      'GET /api/forum-themes': () => json(200, { forumThemes: [] }),
      'GET /api/forums': () => json(200, { forums: [] }),
      'GET /api/document-base-items/4': () => json(403, { code: 'forbidden', message: "Vous n'avez pas les accès requis..." }),
      'GET /api/network-actualities/2': () => json(404, { code: 'not_found', message: 'Introuvable' }),
      ...overrides,
    }),
  );
}

const hitItems = async () =>
  within(await screen.findByRole('list', { name: 'Résultats pour « circulateur »' })).getAllByRole('listitem');

describe('global search page (spec 02 §2 "Global search")', () => {
  it('lists the hits typed by their prefix, with the matched words marked and nothing of the markup run', async () => {
    signInAs('intranet', { roleId: 6 });
    const api = searchApi();
    renderRoute('/intranet/search?q=circulateur');
    const items = await hitItems();
    expect(items).toHaveLength(4);
    expect(
      items.map((item) => within(item).getByText(/Actualité|Document|Message de forum|Annonce de pièces/).textContent),
    ).toEqual(['Message de forum', 'Document', 'Actualité', 'Annonce de pièces']);
    // The prefix letters are never shown.
    for (const item of items) expect(item.textContent).not.toMatch(/\b(FP|DB|NA|SP)-\d/);
    const [post, doc] = items as [HTMLElement, HTMLElement];
    expect(within(post).getByText('circulateur', { selector: 'mark' })).toBeInTheDocument();
    expect(post).toHaveTextContent('Le circulateur & la pompe');
    // The escaped script stays text: no element is made from it.
    expect(doc.querySelector('script')).toBeNull();
    expect(doc).toHaveTextContent('<script>alert(1)</script>');
    expect(screen.getByText('5 résultats pour « circulateur »')).toBeInTheDocument();
    // The key travels in its header, the words in `query`.
    const [search] = api.callsTo('GET', '/api/searchables');
    expect(Object.fromEntries(search!.url.searchParams)).toEqual({ query: 'circulateur', pageNumber: '1' });
    expect(search!.headers.get('x-search-key')).toBe('clé');
  });

  it('loads 20 more with "load more" until the last page', async () => {
    signInAs('intranet', { roleId: 1 });
    searchApi();
    renderRoute('/intranet/search?q=circulateur');
    await hitItems();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Afficher plus de résultats' }));
    await waitFor(async () => expect(await hitItems()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Afficher plus de résultats' })).not.toBeInTheDocument();
  });

  it('opens a hit its reader may read, and shows the authorization message for one refused (403 or 404)', async () => {
    signInAs('intranet', { roleId: 6 });
    searchApi();
    const { router } = renderRoute('/intranet/search?q=circulateur');
    const user = userEvent.setup();
    const [, doc, news] = (await hitItems()) as HTMLElement[];
    await user.click(within(doc!).getByRole('link', { name: 'Guide du circulateur' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent("Vous n'avez pas les accès requis...");
    await user.click(within(dialog).getAllByRole('button', { name: 'Fermer' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/intranet/search');

    await user.click(within(news!).getByRole('link', { name: 'Nouvelle gamme' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent("Vous n'avez pas les accès requis...");
    await user.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Fermer' }).at(-1)!);

    const [post] = await hitItems();
    expect(within(post!).getByRole('link', { name: 'Code défaut F28' })).toHaveAttribute('href', '/intranet/forum/2/thread/3');
    await user.click(within(post!).getByRole('link', { name: 'Code défaut F28' }));
    await waitForPath(router, '/intranet/forum/2/thread/3');
  });

  it('submits only a non-blank trimmed query, into the address', async () => {
    signInAs('intranet', { roleId: 4 });
    const api = searchApi();
    const { router } = renderRoute('/intranet/search');
    expect(await screen.findByText('Que cherchez-vous ?')).toBeInTheDocument();
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: "Rechercher dans l'intranet" });
    await user.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Rechercher' })).toBeDisabled();
    await user.type(box, '{Enter}');
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('GET', '/api/searchables')).toHaveLength(0);
    await user.clear(box);
    await user.type(box, '  circulateur  {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=circulateur'));
    await hitItems();
  });

  it('says when no search key is available', async () => {
    signInAs('intranet', { roleId: 9 });
    searchApi({ 'GET /api/searchables:get-api-key': () => json(503, { code: 'unavailable', message: 'Indisponible' }) });
    renderRoute('/intranet/search?q=circulateur');
    expect(await screen.findByRole('alert')).toHaveTextContent('Aucune clé de recherche');
  });

  it('says that the results cannot be loaded, with a retry', async () => {
    signInAs('intranet', { roleId: 9 });
    searchApi({ 'GET /api/searchables': () => json(500, { code: 'internal', message: 'Erreur' }) });
    renderRoute('/intranet/search?q=circulateur');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Les résultats n'ont pas pu être chargés, réessayez plus tard.");
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('shows the empty state when nothing matches', async () => {
    signInAs('intranet', { roleId: 9 });
    searchApi({ 'GET /api/searchables': () => json(200, { searchables: [], totalCount: 0, pageCount: 0 }) });
    renderRoute('/intranet/search?q=introuvable');
    expect(await screen.findByText('Aucun résultat pour « introuvable »')).toBeInTheDocument();
  });
});
