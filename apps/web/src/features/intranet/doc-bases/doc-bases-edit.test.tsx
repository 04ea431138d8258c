import type { DocumentBaseItem } from '@reseau/contracts/schemas/document-bases';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubObjectUrls } from '../../../test/browser-stubs';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs, waitForPath } from '../../../test/utils';

const STORED: DocumentBaseItem = {
  id: 7,
  documentBaseId: 3,
  title: 'Réunion régionale Nord',
  categoryId: 11,
  typeId: null,
  shortDescription: 'Le compte rendu',
  content: '<p>Douze agences présentes.</p>',
  isPublic: false,
  illustrationFiles: [],
  joinedFiles: [{ fileId: 51, fileName: 'compte-rendu.pdf' }],
  lastEditionDate: '2026-03-12T09:00:00.000Z',
};

// jsdom does no layout: ProseMirror measures the selection to scroll to it.
Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
document.elementFromPoint ??= () => null;

function editApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/document-bases': () => json(200, { documentBases: [{ id: 3, name: 'Base documentaire Nord', regionId: 1 }] }),
      'GET /api/document-base-item-categories': () =>
        json(200, {
          documentBaseItemCategories: [
            { id: 10, name: 'Compte rendu' },
            { id: 11, name: 'Formations' },
          ],
        }),
      'GET /api/document-base-item-types': ({ url }) =>
        json(200, {
          documentBaseItemTypes: url.searchParams.get('categoryId') === '10' ? [{ id: 20, name: 'Procès-verbal' }] : [],
        }),
      'GET /api/document-base-items/7': () => json(200, STORED),
      'PUT /api/document-base-items/7': () => new Response(null, { status: 204 }),
      'GET /api/file-types': () => json(200, { fileTypes: [] }),
      ...overrides,
    }),
  );
}

describe('document edit (/intranet/doc-base/{base}/edit-doc)', () => {
  it('edits a stored document: a category with types asks for a type before saving, then sends the body', async () => {
    signInAs('intranet', { roleId: 3, regionId: 1 });
    stubObjectUrls();
    const api = editApi();
    const { router } = renderRoute('/intranet/doc-base/3/edit-doc?id=7');
    const form = await screen.findByRole('form', { name: 'Document' }, { timeout: 15_000 });
    expect(within(form).getByRole('textbox', { name: 'Titre' })).toHaveValue('Réunion régionale Nord');
    expect(within(form).getByRole('radio', { name: 'Adhérents uniquement' })).toBeChecked();
    expect(within(form).getByRole('button', { name: 'Retirer « compte-rendu.pdf »' })).toBeInTheDocument();
    expect(await within(form).findByRole('button', { name: 'Enregistrer' })).toBeEnabled();

    const user = userEvent.setup();
    await user.click(within(form).getByRole('combobox', { name: 'Catégorie' }));
    await user.click(await screen.findByRole('option', { name: 'Compte rendu' }));
    const type = await within(form).findByRole('combobox', { name: 'Type' });
    // Spec 02 §8: save appears only when a type is chosen; until then a line says what is missing.
    expect(within(form).queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(within(form).getByText(/une catégorie, un type s’il y en a/)).toBeInTheDocument();
    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'Procès-verbal' }));
    await user.click(within(form).getByRole('radio', { name: 'Tout le monde' }));
    await user.click(await within(form).findByRole('button', { name: 'Enregistrer' }));
    await waitForPath(router, '/intranet/doc-base/3/7');
    expect(api.callsTo('PUT', '/api/document-base-items/7')[0]?.body).toEqual({
      documentBaseId: 3,
      title: 'Réunion régionale Nord',
      shortDescription: 'Le compte rendu',
      content: '<p>Douze agences présentes.</p>',
      categoryId: 10,
      typeId: 20,
      isPublic: true,
      illustrationFiles: [],
      joinedFiles: [{ fileId: 51 }],
    });
  }, 60_000);

  it('offers no publish button on an empty new document, and says what to fill (spec 02 §8)', async () => {
    signInAs('intranet', { roleId: 3, regionId: 1 });
    editApi();
    renderRoute('/intranet/doc-base/3/edit-doc');
    const form = await screen.findByRole('form', { name: 'Document' }, { timeout: 10_000 });
    expect(within(form).queryByRole('button', { name: 'Publier' })).not.toBeInTheDocument();
    expect(within(form).getByText(/Donnez un titre, un résumé, un contenu/)).toBeInTheDocument();
  });

  it('shows a reader that they cannot write here, without the form', async () => {
    signInAs('intranet', { roleId: 9, regionId: 1 });
    editApi();
    renderRoute('/intranet/doc-base/3/edit-doc');
    expect(await screen.findByText('Vous ne pouvez pas écrire dans cette base')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Document' })).not.toBeInTheDocument();
  });
});
