import { RETENTION_PERIODS, retentionText } from '@reseau/contracts/constants/retention';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderRoute } from '../../test/utils';

const page = (slug: string, title: string, content: string, updatedAt: string | null = null) =>
  json(200, { slug, title, content, updatedAt, isDefault: updatedAt === null });

describe('public legal pages (issue 28 §4)', () => {
  it('shows the privacy policy signed out, with the retention periods of the code under its text', async () => {
    mockApi({
      'GET /api/legal-pages/politique-de-confidentialite': () =>
        page('politique-de-confidentialite', 'Politique de confidentialité', '<p>Ce que nous gardons.</p>'),
    });
    renderRoute('/confidentialite');
    expect(await screen.findByText('Ce que nous gardons.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Durées de conservation' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(RETENTION_PERIODS.length);
    expect(rows[0]).toHaveTextContent(retentionText(RETENTION_PERIODS[0]));
    expect(within(table).getByText('3 ans après le dernier contact, puis anonymisées')).toBeInTheDocument();
    expect(within(table).getByText("30 jours après l'envoi, puis effacé")).toBeInTheDocument();
    // The footer leads to the two other pages.
    const links = screen.getByRole('navigation', { name: 'Informations légales' });
    expect(within(links).getByRole('link', { name: 'Mentions légales' })).toHaveAttribute('href', '/mentions-legales');
    expect(within(links).getByRole('link', { name: "Déclaration d'accessibilité" })).toHaveAttribute('href', '/accessibilite');
  });

  it('shows the saved date of an edited page, and no periods table on the other pages', async () => {
    mockApi({
      'GET /api/legal-pages/mentions-legales': () =>
        page('mentions-legales', 'Mentions légales', '<p>Coopérative Réseau Énergie</p>', '2026-11-20T10:00:00.000Z'),
    });
    renderRoute('/mentions-legales');
    expect(await screen.findByText('Coopérative Réseau Énergie')).toBeInTheDocument();
    expect(screen.getByText('Mise à jour le 20.11.2026')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the page cannot be read, and reads it again on demand', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/legal-pages/declaration-accessibilite': () =>
        fail
          ? json(500, { code: 'internal', message: 'Erreur' })
          : page('declaration-accessibilite', "Déclaration d'accessibilité", '<p>Partiellement conforme</p>'),
    });
    renderRoute('/accessibilite');
    const retry = await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 5000 });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('Partiellement conforme')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/legal-pages/declaration-accessibilite').length).toBeGreaterThanOrEqual(2);
  });

  it('the sign-in screens link to the three pages', async () => {
    mockApi({});
    renderRoute('/intranet/login');
    const links = await screen.findByRole('navigation', { name: 'Informations légales' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/mentions-legales', '/confidentialite', '/accessibilite']);
  });
});
