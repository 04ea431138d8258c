import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

// A build that sets VITE_CALENDAR_EMBED_URL (read once, at build time, by lib/config.ts).
vi.mock('../../../lib/config', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/config')>()),
  CALENDAR_EMBED_URL: 'https://calendar.example.fr/embed?src=reseau&ctz=Europe%2FParis&hl=fr',
}));

describe('intranet dashboard calendar', () => {
  it.each([1, 4])('shows role %i the configured calendar, in Paris time and French', async (roleId) => {
    signInAs('intranet', { roleId });
    mockApi(intranetHandlers({ 'GET /api/my-adherent-dashboard-contacts/11': () => json(200, {}) }));
    renderRoute('/intranet');
    const calendar = await screen.findByRole('region', { name: 'Agenda du réseau' });
    const frame = within(calendar).getByTitle('Agenda du réseau (heure de Paris)');
    expect(frame).toHaveAttribute('src', 'https://calendar.example.fr/embed?src=reseau&ctz=Europe%2FParis&hl=fr');
  });

  it.each([5, 6, 8])('hides it from role %i', async (roleId) => {
    signInAs('intranet', { roleId });
    mockApi(intranetHandlers({ 'GET /api/my-adherent-dashboard-contacts/11': () => json(200, {}) }));
    renderRoute('/intranet');
    expect(await screen.findByRole('region', { name: 'Actualités du réseau' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Agenda du réseau' })).not.toBeInTheDocument();
  });
});
