import type { DocumentBaseItem } from '@reseau/contracts/schemas/document-bases';
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

const BASES = [
  { id: 1, name: 'Base documentaire générale', regionId: null },
  { id: 3, name: 'Base documentaire Nord', regionId: 1 },
];
const CATEGORIES = [
  { id: 10, name: 'Compte rendu' },
  { id: 11, name: 'Formations' },
];
const TYPES = [
  { id: 20, name: 'Procès-verbal' },
  { id: 21, name: 'Ordre du jour' },
];

function doc(id: number, overrides: Partial<DocumentBaseItem> = {}): DocumentBaseItem {
  return {
    id,
    documentBaseId: 3,
    title: `Document ${id}`,
    categoryId: 10,
    typeId: 20,
    shortDescription: `Résumé du document ${id}`,
    content: '<p>Le texte du <strong>document</strong>.</p>',
    isPublic: false,
    illustrationFiles: [],
    joinedFiles: [{ fileId: 51, fileName: 'compte-rendu.pdf' }],
    lastEditionDate: '2026-03-12T09:00:00.000Z',
    ...overrides,
  };
}

function docsApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/document-bases': () => json(200, { documentBases: BASES }),
      'GET /api/document-base-item-categories': () => json(200, { documentBaseItemCategories: CATEGORIES }),
      'GET /api/document-base-item-types': ({ url }) =>
        json(200, { documentBaseItemTypes: url.searchParams.get('categoryId') === '10' ? TYPES : [] }),
      'GET /api/document-base-items': ({ url }) => {
        const page = Number(url.searchParams.get('pageNumber'));
        const category = url.searchParams.get('categoryId') ?? 'toutes';
        return json(200, {
          documentBaseItems: [doc(page * 100 + 1, { title: `Catégorie ${category}, page ${page}` })],
          pageCount: 2,
        });
      },
      'GET /api/document-base-items/7': () => json(200, doc(7, { title: 'Réunion régionale Nord' })),
      'DELETE /api/document-base-items/7': () => new Response(null, { status: 204 }),
      'GET /api/file-types': () => json(200, { fileTypes: [] }),
      ...overrides,
    }),
  );
}

const listCalls = (api: ReturnType<typeof docsApi>) =>
  api.callsTo('GET', '/api/document-base-items').map((c) => Object.fromEntries(c.url.searchParams));
const titles = () => Array.from(document.querySelectorAll('ul[aria-label="Documents"] h2'), (h) => h.textContent);

describe('document bases landing (/intranet/doc-base)', () => {
  it('shows a card per base the reader may read, each opening its list', async () => {
    signInAs('intranet', { roleId: 9, regionId: 1 });
    docsApi();
    renderRoute('/intranet/doc-base');
    // The first render loads the shell and the lazy screen: on a busy machine that takes seconds.
    const list = await screen.findByRole('list', { name: 'Base documentaire' }, { timeout: 10_000 });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Base documentaire généraleDocuments de tout le réseau', '/intranet/doc-base/1'],
      ['Base documentaire NordDocuments de la région', '/intranet/doc-base/3'],
    ]);
  });

  it('offers to retry when the bases fail to load', async () => {
    signInAs('intranet', { roleId: 9, regionId: 1 });
    let calls = 0;
    docsApi({
      'GET /api/document-bases': () => (++calls <= 2 ? json(500, { code: 'internal' }) : json(200, { documentBases: BASES })),
    });
    renderRoute('/intranet/doc-base');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 5000 }));
    expect(await screen.findByRole('link', { name: /Base documentaire Nord/ })).toBeInTheDocument();
  });
});

describe('document list (/intranet/doc-base/{base})', () => {
  it('lists 12 a page; the category select then a type chip change the address and the query', async () => {
    signInAs('intranet', { roleId: 9, regionId: 1 });
    const api = docsApi();
    const { router } = renderRoute('/intranet/doc-base/3');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Base documentaire Nord' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Catégorie toutes, page 1']));
    expect(listCalls(api)[0]).toEqual({ documentBaseId: '3', pageNumber: '1', pageSize: '12' });
    expect(screen.getByRole('link', { name: 'Catégorie toutes, page 1' })).toHaveAttribute('href', '/intranet/doc-base/3/101');
    expect(screen.queryByRole('link', { name: 'Ajouter un document' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    await user.click(await screen.findByRole('option', { name: 'Compte rendu' }));
    await waitFor(() => expect(titles()).toEqual(['Catégorie 10, page 1']));
    expect(router.state.location.search).toBe('?categoryId=10');
    const chips = await screen.findByRole('radiogroup', { name: 'Types' });
    await user.click(within(chips).getByRole('radio', { name: 'Ordre du jour' }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual({
        documentBaseId: '3',
        categoryId: '10',
        typeId: '21',
        pageNumber: '1',
        pageSize: '12',
      }),
    );
    expect(router.state.location.search).toBe('?categoryId=10&typeId=21');
  });

  it('shows "Ajouter un document" to a writer of the base, not to a writer of another region', async () => {
    signInAs('intranet', { roleId: 3, regionId: 1 });
    docsApi();
    renderRoute('/intranet/doc-base/3');
    expect(await screen.findByRole('link', { name: 'Ajouter un document' })).toHaveAttribute(
      'href',
      '/intranet/doc-base/3/edit-doc',
    );
  });

  it('says plainly that a base the reader may not read is out of reach', async () => {
    signInAs('intranet', { roleId: 9, regionId: 1 });
    const api = docsApi();
    renderRoute('/intranet/doc-base/5');
    expect(await screen.findByText('Base documentaire introuvable')).toBeInTheDocument();
    expect(listCalls(api)).toEqual([]);
  });
});

describe('document detail (/intranet/doc-base/{base}/{id})', () => {
  it('shows tags, the edition date as dd/MM/yyyy and the files; a writer deletes after confirming', async () => {
    signInAs('intranet', { roleId: 1, regionId: null });
    let deleted = false;
    const api = docsApi({
      // Once deleted, the document is gone: a refetch of it would fail (and say so in red).
      'GET /api/document-base-items/7': () =>
        deleted ? json(404, { code: 'not_found' }) : json(200, doc(7, { title: 'Réunion régionale Nord' })),
      'DELETE /api/document-base-items/7': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const { router } = renderRoute('/intranet/doc-base/3/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Réunion régionale Nord' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Compte rendu')).toBeInTheDocument();
    expect(await screen.findByText('Procès-verbal')).toBeInTheDocument();
    expect(screen.getByText('Modifié le 12/03/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger compte-rendu.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modifier' })).toHaveAttribute('href', '/intranet/doc-base/3/edit-doc?id=7');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce document ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitForPath(router, '/intranet/doc-base/3');
    expect(api.callsTo('DELETE', '/api/document-base-items/7')).toHaveLength(1);
    expect(await screen.findByText('Le document a été supprimé.')).toBeInTheDocument();
    await queriesSettled();
    expect(api.callsTo('GET', '/api/document-base-items/7')).toHaveLength(1);
    expect(errorNotices()).toEqual([]);
  });

  it('says « Le fichier demandé est introuvable » when a file is not there (404)', async () => {
    signInAs('intranet', { roleId: 9, regionId: 1 });
    docsApi({
      'GET /api/files/51': () => json(404, { code: 'file_not_found', message: 'Le fichier demandé est introuvable' }),
    });
    renderRoute('/intranet/doc-base/3/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Télécharger compte-rendu.pdf' }, { timeout: 10_000 }));
    // Shown or queued (earlier tests' popovers may still fill the screen's five places).
    await waitFor(() => expect(errorNotices()).toContain('Le fichier demandé est introuvable'), { timeout: 5000 });
  });

  it('hides edit and delete from a reader', async () => {
    signInAs('intranet', { roleId: 9, regionId: 1 });
    docsApi();
    renderRoute('/intranet/doc-base/3/7');
    await screen.findByRole('heading', { level: 1, name: 'Réunion régionale Nord' });
    expect(screen.queryByRole('link', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
  });
});
