import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

const DEFAULT = {
  slug: 'mentions-legales',
  title: 'Mentions légales',
  content: '<p>[Raison sociale de la coopérative]</p>',
  updatedAt: null as string | null,
  isDefault: true,
};

describe('legal pages editor (issue 28 §4, /intranet/legal-pages)', () => {
  it('role 1 edits a page title and saves it; the page is read again', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    let stored = DEFAULT;
    const api = mockApi(
      intranetHandlers({
        'GET /api/legal-pages/mentions-legales': () => json(200, stored),
        'PUT /api/legal-pages/mentions-legales': () => {
          stored = {
            ...DEFAULT,
            title: 'Mentions légales de la coopérative',
            updatedAt: '2026-11-28T10:00:00.000Z',
            isDefault: false,
          };
          return new Response(null, { status: 204 });
        },
      }),
    );
    renderRoute('/intranet/legal-pages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pages légales' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Mentions légales', selected: true })).toBeInTheDocument();
    expect(
      await screen.findByText('Texte par défaut : complétez les passages entre crochets puis enregistrez.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    const title = screen.getByRole('textbox', { name: 'Titre' });
    await user.type(title, ' de la coopérative');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La page est enregistrée.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/legal-pages/mentions-legales')[0]?.body).toEqual({
      title: 'Mentions légales de la coopérative',
      content: DEFAULT.content,
    });
    expect(await screen.findByText(/^Enregistrée le 28\.11\.2026/)).toBeInTheDocument();
  });

  it('another tab loads its own page', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = mockApi(
      intranetHandlers({
        'GET /api/legal-pages/mentions-legales': () => json(200, DEFAULT),
        'GET /api/legal-pages/declaration-accessibilite': () =>
          json(200, { ...DEFAULT, slug: 'declaration-accessibilite', title: "Déclaration d'accessibilité" }),
      }),
    );
    renderRoute('/intranet/legal-pages');
    await userEvent.setup().click(await screen.findByRole('tab', { name: "Déclaration d'accessibilité" }));
    expect(await screen.findByDisplayValue("Déclaration d'accessibilité")).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/legal-pages/declaration-accessibilite')).toHaveLength(1);
  });

  it('an empty title hides the save button', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    mockApi(intranetHandlers({ 'GET /api/legal-pages/mentions-legales': () => json(200, DEFAULT) }));
    renderRoute('/intranet/legal-pages');
    const title = await screen.findByRole('textbox', { name: 'Titre' });
    await userEvent.setup().clear(title);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });

  it('is refused to other roles, and asks nothing', async () => {
    signInAs('intranet', { roleId: 2, sub: '2' });
    const api = mockApi(intranetHandlers({}));
    renderRoute('/intranet/legal-pages');
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/legal-pages/mentions-legales')).toHaveLength(0);
  });
});
