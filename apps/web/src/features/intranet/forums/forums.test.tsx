import type { ForumPost, ForumThread } from '@reseau/contracts/schemas/forums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  errorNotices,
  type Handler,
  intranetHandlers,
  json,
  mockApi,
  queriesSettled,
  renderRoute,
  signInAs,
  waitForPath,
} from '../../../test/utils';

const THEMES = [
  { id: 4, name: 'Chaudières gaz' },
  { id: 5, name: 'Pompes à chaleur' },
];

function thread(id: number, overrides: Partial<ForumThread> = {}): ForumThread {
  return {
    id,
    forumId: 2,
    forumThemeId: 4,
    title: `Sujet ${id}`,
    content: `<p>Le message du sujet ${id}</p>`,
    agencyId: 3,
    authorId: 9,
    joinedFiles: [],
    isClosed: false,
    publicationDate: '2026-03-12T09:00:00.000Z',
    lastUpdateDate: '2026-03-14T10:00:00.000Z',
    author: 'Kévin Delattre',
    agencyName: "Thermi'Nord Lille",
    numberOfAnswers: 2,
    isEditable: true,
    ...overrides,
  };
}

const post = (id: number, overrides: Partial<ForumPost> = {}): ForumPost => ({
  id,
  forumThreadId: 7,
  content: `<p>Réponse ${id}</p>`,
  agencyId: 3,
  authorId: 10,
  joinedFiles: [],
  author: 'Camille Martin',
  agencyName: 'Flandres Énergies',
  publicationDate: '2026-03-13T09:00:00.000Z',
  isEditable: false,
  ...overrides,
});

function forumApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/forums': () => json(200, { forums: [{ id: 2, title: 'Forum technique' }] }),
      'GET /api/forum-themes': () => json(200, { forumThemes: THEMES }),
      'GET /api/forum-threads': ({ url }) =>
        json(200, {
          forumThreads: [
            thread(1, {
              title: `Page ${url.searchParams.get('pageNumber')}, thème ${url.searchParams.get('forumThemeId') ?? 'tous'}`,
            }),
            thread(2, { isClosed: true, forumThemeId: 5 }),
          ],
          pageCount: 2,
        }),
      'GET /api/forum-threads/7': () => json(200, thread(7, { joinedFiles: [{ fileName: 'Notice F28', fileId: 31 }] })),
      'GET /api/forum-posts': () => json(200, { forumPosts: [post(1), post(2, { isEditable: true })], pageCount: 1 }),
      'GET /api/file-types': () => json(200, { fileTypes: [] }),
      ...overrides,
    }),
  );
}

describe('forums (spec 02 §2)', () => {
  it('lists the forums the reader may read on the landing page', async () => {
    signInAs('intranet', { roleId: 6, sub: '9' });
    forumApi();
    renderRoute('/intranet/forum');
    const link = await screen.findByRole('link', { name: /Forum technique/ });
    expect(link).toHaveAttribute('href', '/intranet/forum/2');
  });

  it('shows an empty landing when no forum is open to the profile, and a retry when the load fails', async () => {
    signInAs('intranet', { roleId: 6, sub: '9' });
    let fail = true;
    forumApi({
      'GET /api/forums': () => (fail ? json(500, { code: 'internal_error', message: 'x' }) : json(200, { forums: [] })),
    });
    renderRoute('/intranet/forum');
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Aucun forum')).toBeInTheDocument();
  });

  it('lists threads with theme, author, agency, answers and closed badge; a theme chip filters through the address', async () => {
    signInAs('intranet', { roleId: 6, sub: '9' });
    const api = forumApi();
    const { router } = renderRoute('/intranet/forum/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forum technique' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Sujets du forum' });
    expect(within(table).getByText('Page 1, thème tous')).toBeInTheDocument();
    expect(within(table).getByText('Clos')).toBeInTheDocument();
    expect(within(table).getAllByText("Thermi'Nord Lille")).toHaveLength(2);
    expect(within(table).getByText('Pompes à chaleur')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouveau sujet' })).toHaveAttribute('href', '/intranet/forum/2/create-thread');
    await userEvent.click(screen.getByRole('radio', { name: 'Pompes à chaleur' }));
    await waitFor(() => expect(router.state.location.search).toBe('?forumThemeId=5'));
    await waitFor(() => expect(within(table).getByText('Page 1, thème 5')).toBeInTheDocument());
    const last = api.callsTo('GET', '/api/forum-threads').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ forumId: '2', forumThemeId: '5', pageSize: '10' });
  });

  it('shows the opening post with its files and replies; the editor closes it, and a closed thread shows only reopen and no reply form', async () => {
    signInAs('intranet', { roleId: 6, sub: '9' });
    let closed = false;
    const api = forumApi({
      'GET /api/forum-threads/7': () =>
        json(200, thread(7, { isClosed: closed, joinedFiles: [{ fileName: 'Notice F28', fileId: 31 }] })),
      'PUT /api/forum-threads/7': ({ body }) => {
        closed = (body as { isClosed: boolean }).isClosed;
        return new Response(null, { status: 204 });
      },
    });
    renderRoute('/intranet/forum/2/thread/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sujet 7' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notice F28' })).toBeInTheDocument();
    expect(await screen.findByText('Réponse 1')).toBeInTheDocument();
    const replies = screen.getAllByRole('article', { name: /Réponse de/ });
    expect(within(replies[0]!).queryByRole('button', { name: 'Supprimer la réponse' })).toBeNull();
    expect(within(replies[1]!).getByRole('button', { name: 'Supprimer la réponse' })).toBeInTheDocument();
    const replyForm = screen.getByRole('form', { name: 'Répondre au sujet' });
    // Spec 02 §8: the submit is hidden until the reply is written; a line says so in its place.
    expect(within(replyForm).queryByRole('button', { name: 'Envoyer la réponse' })).toBeNull();
    expect(
      within(replyForm).getByText('Écrivez votre réponse (et nommez chaque pièce jointe) pour l’envoyer.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux sujets' })).toHaveAttribute('href', '/intranet/forum/2');

    await userEvent.click(screen.getByRole('button', { name: 'Clore le sujet' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Répondre au sujet' })).toBeNull());
    expect(api.callsTo('PUT', '/api/forum-threads/7')[0]!.body).toMatchObject({
      title: 'Sujet 7',
      forumThemeId: 4,
      joinedFiles: [{ fileName: 'Notice F28', fileId: 31 }],
      isClosed: true,
    });
    expect(screen.getByRole('button', { name: 'Rouvrir le sujet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer le sujet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer la réponse' })).toBeNull();
    expect(screen.getByText('Ce sujet est clos : il ne reçoit plus de réponse.')).toBeInTheDocument();
  });

  it('hides the editor actions from a reader who may not edit, and deletes after a confirmation for an editor', async () => {
    signInAs('intranet', { roleId: 6, sub: '9' });
    let editable = false;
    let deleted = false;
    const api = forumApi({
      // Once deleted, the thread and its replies are gone: a refetch would fail (and say so in red).
      'GET /api/forum-threads/7': () =>
        deleted ? json(404, { code: 'not_found' }) : json(200, thread(7, { isEditable: editable })),
      'GET /api/forum-posts': () => (deleted ? json(404, { code: 'not_found' }) : json(200, { forumPosts: [], pageCount: 0 })),
      'DELETE /api/forum-threads/7': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const view = renderRoute('/intranet/forum/2/thread/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sujet 7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clore le sujet' })).toBeNull();
    view.unmount();
    editable = true;
    const { router } = renderRoute('/intranet/forum/2/thread/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer le sujet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce sujet ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer le sujet' }));
    await waitForPath(router, '/intranet/forum/2');
    expect(api.callsTo('DELETE', '/api/forum-threads/7')).toHaveLength(1);
    expect(await screen.findByText('Le sujet est supprimé.')).toBeInTheDocument();
    const threadLoads = api.callsTo('GET', '/api/forum-threads/7').length;
    await queriesSettled();
    expect(api.callsTo('GET', '/api/forum-threads/7')).toHaveLength(threadLoads);
    expect(errorNotices()).toEqual([]);
  });

  it('shows a failed thread load with a retry', async () => {
    signInAs('intranet', { roleId: 6, sub: '9' });
    forumApi({
      'GET /api/forum-threads/7': () => json(404, { code: 'not_found', message: 'Le sujet demandé est introuvable.' }),
    });
    renderRoute('/intranet/forum/2/thread/7');
    expect(await screen.findByText("Le sujet n'a pas pu être chargé.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it.each(['/intranet/forum/1', '/intranet/forum/1/create-thread', '/intranet/forum/1/thread/3'])(
    'shows "Accès refusé" on %s, a forum the reader may not open (a technicien on forum 1)',
    async (path) => {
      signInAs('intranet', { roleId: 6, sub: '9' });
      const api = forumApi({
        // GET /forums answers the forums the caller may read; the others refuse the forum.
        'GET /api/forums': () => json(200, { forums: [{ id: 2, title: 'Forum technique' }] }),
        'GET /api/forum-themes': () => json(404, { code: 'not_found', message: 'Le forum demandé est introuvable.' }),
        'GET /api/forum-threads': () => json(200, { forumThreads: [], pageCount: 0 }),
        'GET /api/forum-threads/3': () => json(404, { code: 'not_found', message: 'Le sujet demandé est introuvable.' }),
      });
      renderRoute(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' }, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Nouveau sujet' })).toBeNull();
      expect(screen.queryByRole('form')).toBeNull();
      await queriesSettled();
      expect(api.callsTo('GET', '/api/forum-themes')).toEqual([]);
      expect(errorNotices()).toEqual([]);
    },
  );
});
