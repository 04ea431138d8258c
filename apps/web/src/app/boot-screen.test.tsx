import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/utils';

describe('first load', () => {
  it('shows the boot screen, never a blank page, until the first screen has arrived', async () => {
    renderRoute('/intranet/login');
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
    // The logo is drawn by the page itself: no file to wait for (a phone got it after the code).
    expect(screen.getByRole('status').querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('status').querySelector('img')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Chargement…')).not.toBeInTheDocument());
  });

  it("opens a screen of an area's table from its address (the table is added on navigation)", async () => {
    const { location } = renderRoute('/extranet/faq');
    // Signed out: the area's guard runs once its table is there, and sends to the login.
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(location().pathname).toBe('/extranet/login');
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/extranet/faq');
  });
});
