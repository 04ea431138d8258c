import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../test/utils';

describe('page not found', () => {
  it('shows a designed not-found screen with a way home for an unknown path', async () => {
    mockApi({});
    renderRoute('/nimporte-quoi/ici');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Accueil de l'espace client" })).toHaveAttribute('href', '/extranet');
  });

  it('sends an unknown intranet path back to the intranet home, signed in or not', async () => {
    mockApi({});
    renderRoute('/intranet/cette-page-nexiste-pas');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Accueil de l'intranet" })).toHaveAttribute('href', '/intranet');
  });
});
