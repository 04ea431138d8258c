import type { NetworkActuality } from '@reseau/contracts/schemas/network-actualities';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeXhr, stubObjectUrls } from '../../../test/browser-stubs';
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

const MiB = 1024 * 1024;
const CATEGORIES = [
  { id: 1, code: 'VIE_RESEAU' },
  { id: 2, code: 'TECHNIQUE' },
];
const FILE_TYPES = {
  fileTypes: [
    { fileTypeId: 9, allowedMimeTypes: ['image/png', 'image/jpeg'], maxSize: 5 * MiB },
    { fileTypeId: 10, allowedMimeTypes: ['application/pdf'], maxSize: 10 * MiB },
  ],
};
const STORED: NetworkActuality = {
  id: 5,
  title: 'Le congrès 2026',
  content: '<p>Deux jours à Tours.</p>',
  categoryId: 2,
  category: CATEGORIES[1] as NetworkActuality['category'],
  publicationDate: '2026-03-12T09:00:00.000Z',
  illustrationFiles: [{ fileId: 31 }],
  joinedFiles: [{ fileId: 32, fileName: 'Tarifs 2026.pdf' }],
  isPublic: 0,
  isRead: true,
};

// jsdom does no layout: ProseMirror measures the selection to scroll to it.
Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
document.elementFromPoint ??= () => null;

function editApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/network-actuality-categories': () => json(200, { categories: CATEGORIES }),
      'GET /api/file-types': () => json(200, FILE_TYPES),
      'GET /api/network-actualities/5': () => json(200, STORED),
      'GET /api/files/31': () => new Response(new Blob(['x'], { type: 'image/png' })),
      'POST /api/network-actualities': () => json(201, { id: 77 }),
      'PUT /api/network-actualities/5': () => new Response(null, { status: 204 }),
      'DELETE /api/network-actualities/5': () => new Response(null, { status: 204 }),
      'GET /api/network-actualities': () => json(200, { networkActualities: [], pageCount: 0 }),
      'GET /api/network-actualities/77': () => json(200, { ...STORED, id: 77 }),
      ...overrides,
    }),
  );
}

const form = () => screen.findByRole('form', { name: 'Actualité' });
const drop = (name: RegExp, made: File) =>
  fireEvent.drop(screen.getByRole('button', { name }), { dataTransfer: { files: [made] } });

/** Types into the editor a key at a time, letting ProseMirror read each change before the next. */
async function typeInto(box: HTMLElement, text: string) {
  for (const [index, key] of [...text].entries()) {
    await userEvent.keyboard(key === ' ' ? '[Space]' : key);
    await waitFor(() => expect(box.textContent).toBe(text.slice(0, index + 1)));
  }
}

describe('news edit (spec 01 §2 /intranet/network-news-edit)', () => {
  it('publishes a new news item with an illustration and a file, then opens it', async () => {
    signInAs('intranet', { roleId: 3, sub: '3' });
    stubObjectUrls();
    const Xhr = installFakeXhr();
    const api = editApi();
    const { router } = renderRoute('/intranet/network-news-edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouvelle actualité' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(await form()).getByRole('textbox', { name: 'Titre' }), 'Nouvelle gamme');
    await user.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    await user.click(await screen.findByRole('option', { name: 'Technique' }));
    await user.click(screen.getByRole('radio', { name: 'Tout le monde' }));
    const box = await screen.findByRole('textbox', { name: 'Texte' });
    await user.click(box);
    await typeInto(box, 'Bonjour');

    await waitFor(() => expect(screen.getByRole('button', { name: /^Illustrations/ })).toHaveAttribute('aria-disabled', 'false'));
    drop(/^Illustrations/, new File(['x'], 'photo.png', { type: 'image/png' }));
    act(() => Xhr.sent[0]!.respond(201, { id: 41 }));
    expect(await screen.findByRole('button', { name: 'Retirer « photo.png »' })).toBeInTheDocument();
    drop(/^Fichiers joints/, new File(['x'], 'fiche.pdf', { type: 'application/pdf' }));
    expect(Xhr.sent[1]!.body!.get('typeId')).toBe('10');
    act(() => Xhr.sent[1]!.respond(201, { id: 42 }));
    expect(await screen.findByRole('button', { name: 'Retirer « fiche.pdf »' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publier' }));
    await waitForPath(router, '/intranet/network-news/77');
    expect(api.callsTo('POST', '/api/network-actualities')[0]?.body).toEqual({
      title: 'Nouvelle gamme',
      content: '<p>Bonjour</p>',
      categoryId: 2,
      isPublic: 1,
      illustrationFiles: [{ fileId: 41 }],
      joinedFiles: [{ fileId: 42 }],
    });
    expect(await screen.findByText("L'actualité a bien été enregistrée.")).toBeInTheDocument();
  }, 60_000);

  it('says which fields are missing and sends nothing', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = editApi();
    renderRoute('/intranet/network-news-edit');
    await form();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Publier' }));
    // Title, category, receivers and text.
    await waitFor(() => expect(screen.getAllByText('Veuillez remplir ce champ')).toHaveLength(4));
    expect(api.callsTo('POST', '/api/network-actualities')).toHaveLength(0);
  });

  it('says « Veuillez remplir ce champ » under the title and the text as soon as each is left empty', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    editApi();
    renderRoute('/intranet/network-news-edit');
    const edit = await form();
    const user = userEvent.setup();
    const title = within(edit).getByRole('textbox', { name: 'Titre' });
    await user.click(title);
    act(() => title.blur());
    // Passing through a field says nothing (issue 12 §3); a blank one typed in is judged.
    expect(screen.queryByText('Veuillez remplir ce champ')).not.toBeInTheDocument();
    await user.type(title, ' ');
    act(() => title.blur());
    await waitFor(() => expect(title).toHaveAccessibleDescription('Veuillez remplir ce champ'));
    // Filled, the title's message goes away.
    await user.type(title, 'Une nouvelle');
    act(() => title.blur());
    await waitFor(() => expect(screen.queryByText('Veuillez remplir ce champ')).not.toBeInTheDocument());
    // The text nobody typed in is judged when the form is sent.
    await user.click(within(edit).getByRole('button', { name: 'Publier' }));
    const text = await within(edit).findByRole('textbox', { name: /Texte/ });
    await waitFor(() => expect(text).toHaveAccessibleDescription('Veuillez remplir ce champ'));
  }, 30_000);

  it('edits a stored item: its values are shown, a file is removed, the server’s field errors land under the fields', async () => {
    signInAs('intranet', { roleId: 2, sub: '2' });
    stubObjectUrls();
    const api = editApi({
      'PUT /api/network-actualities/5': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { title: ['Titre refusé'] },
        }),
    });
    renderRoute('/intranet/network-news-edit?id=5');
    expect(await screen.findByRole('heading', { level: 1, name: "Modifier l'actualité" })).toBeInTheDocument();
    expect(within(await form()).getByRole('textbox', { name: 'Titre' })).toHaveValue('Le congrès 2026');
    expect(screen.getByRole('radio', { name: 'Adhérents uniquement' })).toBeChecked();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Retirer « Illustration 1 »' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retirer « Tarifs 2026.pdf »' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Titre refusé')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/network-actualities/5')[0]?.body).toMatchObject({
      title: 'Le congrès 2026',
      isPublic: 0,
      categoryId: 2,
      illustrationFiles: [{ fileId: 31 }],
      joinedFiles: [],
    });
    expect(screen.getByRole('textbox', { name: 'Titre' })).toHaveValue('Le congrès 2026');
  });

  it('deletes after confirmation and goes back to the list', async () => {
    signInAs('intranet', { roleId: 3, sub: '3' });
    stubObjectUrls();
    let deleted = false;
    const api = editApi({
      // Once deleted, the item is gone: a refetch of it would fail (and say so in red).
      'GET /api/network-actualities/5': () => (deleted ? json(404, { code: 'not_found' }) : json(200, STORED)),
      'DELETE /api/network-actualities/5': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const { router } = renderRoute('/intranet/network-news-edit?id=5');
    await form();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: "Supprimer l'actualité" });
    expect(dialog).toHaveTextContent('« Le congrès 2026 »');
    expect(api.callsTo('DELETE', '/api/network-actualities/5')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitForPath(router, '/intranet/network-news');
    expect(api.callsTo('DELETE', '/api/network-actualities/5')).toHaveLength(1);
    expect(await screen.findByText("L'actualité a bien été supprimée.")).toBeInTheDocument();
    await queriesSettled();
    expect(api.callsTo('GET', '/api/network-actualities/5')).toHaveLength(1);
    expect(errorNotices()).toEqual([]);
  });

  it('refuses the screen to a user without network_actualities_administration (role 4)', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = editApi();
    renderRoute('/intranet/network-news-edit?id=5');
    expect(await screen.findByText("Vous n'avez pas les accès requis...")).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Actualité' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/network-actualities/5')).toHaveLength(0);
  });
});
