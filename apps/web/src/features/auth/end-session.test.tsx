import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderRoute } from '../../test/utils';

const TOKEN = 'tokn_00000000000000000000000000000000000000';
const LINK_INVALID = 'Ce lien ne permet plus de déconnecter cette session : elle est déjà terminée ou le lien a déjà servi.';

describe('the new-device mail’s link (issue 27 §3)', () => {
  it('sends nothing on opening; the button ends the session and the page says to change the password', async () => {
    const api = mockApi({ 'POST /api/auth/sessions:end-by-link': () => new Response(null, { status: 204 }) });
    renderRoute(`/intranet/end-session?token=${TOKEN}`);
    const submit = await screen.findByRole('button', { name: 'Déconnecter cette session' });
    expect(api.callsTo('POST', '/api/auth/sessions:end-by-link')).toHaveLength(0);
    await userEvent.setup().click(submit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Session déconnectée' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Changer mon mot de passe' })).toHaveAttribute('href', '/intranet/forgot-password');
    const [call] = api.callsTo('POST', '/api/auth/sessions:end-by-link');
    expect(call?.body).toEqual({ token: TOKEN });
    expect(call?.headers.get('authorization')).toBeNull();
  });

  it('says a spent link no longer works, in the server’s words', async () => {
    mockApi({ 'POST /api/auth/sessions:end-by-link': () => json(400, { code: 'invalid_token', message: LINK_INVALID }) });
    renderRoute(`/extranet/end-session?token=${TOKEN}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Déconnecter cette session' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(screen.queryByRole('button', { name: 'Déconnecter cette session' })).not.toBeInTheDocument();
  });

  it('a cut token is dead before any call', async () => {
    const api = mockApi({});
    renderRoute('/extranet/end-session?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(api.calls).toHaveLength(0);
  });
});
