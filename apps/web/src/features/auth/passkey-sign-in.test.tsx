import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, SESSION_KEYS } from '../../lib/session';
import { extranetHandlers } from '../../test/extranet-fixtures';
import { json, makeToken, mockApi, renderRoute, waitForPath } from '../../test/utils';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const OPTIONS = {
  challengeId: '6f1c1d2e-8a57-4b8e-9a53-0b5d0c1f2a3b',
  options: { challenge: 'abc', userVerification: 'required' },
};
const ASSERTION = { id: 'cred', type: 'public-key', response: { signature: 'sig' } };

describe('sign-in with a passkey alone (issue 27 §2)', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startAuthentication.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signs a customer in with the passkey the browser offers, no email or password typed', async () => {
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const tokens = { accessToken: makeToken({ aud: 'extranet', given_name: 'Camille' }), refreshToken: 'r-passkey' };
    const api = mockApi(
      extranetHandlers({
        'POST /api/auth/client/passkey-options': () => json(200, OPTIONS),
        'POST /api/auth/client/passkey': () => json(200, tokens),
      }),
    );
    const { router } = renderRoute('/extranet/login?redirect=%2Fextranet%2Fpersonal-info');
    await userEvent.click(await screen.findByRole('button', { name: "Se connecter avec une clé d'accès" }));
    await waitForPath(router, '/extranet/personal-info');
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS.options });
    expect(api.callsTo('POST', '/api/auth/client/passkey')[0]?.body).toEqual({
      challengeId: OPTIONS.challengeId,
      response: ASSERTION,
    });
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('r-passkey');
    expect(getSession().claims?.given_name).toBe('Camille');
  });

  it('stays quiet when the prompt is closed, and says the server’s refusal under the button', async () => {
    browser.startAuthentication.mockRejectedValueOnce(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    const refusal = "Cette clé d'accès n'est pas reconnue. Connectez-vous avec votre mot de passe.";
    const api = mockApi({
      'POST /api/auth/admin/passkey-options': () => json(200, OPTIONS),
      'POST /api/auth/admin/passkey': () => json(401, { code: 'passkey_rejected', message: refusal }),
    });
    renderRoute('/intranet/login');
    const button = await screen.findByRole('button', { name: "Se connecter avec une clé d'accès" });
    const user = userEvent.setup();
    await user.click(button);
    await vi.waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/admin/passkey')).toHaveLength(0);

    browser.startAuthentication.mockResolvedValueOnce(ASSERTION);
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(getSession().claims).toBeNull();
  });

  it('is not offered in the first-connection mode', async () => {
    mockApi(extranetHandlers());
    renderRoute('/extranet/login');
    expect(await screen.findByRole('button', { name: "Se connecter avec une clé d'accès" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Première connexion' }));
    expect(screen.queryByRole('button', { name: "Se connecter avec une clé d'accès" })).not.toBeInTheDocument();
  });

  it('is not offered where the browser has no WebAuthn', async () => {
    vi.unstubAllGlobals();
    mockApi({});
    renderRoute('/intranet/login');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Se connecter avec une clé d'accès" })).not.toBeInTheDocument();
  });
});
