import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '../../lib/session';
import { intranetHandlers, json, makeToken, mockApi, renderRoute, waitForPath } from '../../test/utils';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const tokens = () => ({ accessToken: makeToken({ aud: 'intranet', roleId: 1, given_name: 'Isabelle' }), refreshToken: 'r-pk' });
const OPTIONS = { challengeId: '6f1c1d2e-8a57-4b8e-9a53-0b5d0c1f2a3b', options: { challenge: 'abc' } };
const ASSERTION = { id: 'cred', type: 'public-key' };

async function typePassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Adresse email/), 'admin@demo.fr');
  await user.type(screen.getByLabelText(/^Mot de passe/), 'Demo2026!');
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return user;
}

describe("login's second step with a passkey (issue 27 §1)", () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startAuthentication.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('an account whose only factor is a passkey confirms with it after the password, no code field', async () => {
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const api = mockApi(
      intranetHandlers({
        'POST /api/auth/admin': () =>
          json(200, {
            secondFactorChallenge: { challengeToken: 'c9', methods: ['passkey'], expiresAt: '2030-01-01T00:00:00.000Z' },
          }),
        'POST /api/auth/admin/passkey-options': () => json(200, OPTIONS),
        'POST /api/auth/second-factor': () => json(200, tokens()),
      }),
    );
    const { router } = renderRoute('/intranet/login?redirect=%2Fintranet%2Fnetwork-news');
    const user = await typePassword();
    expect(await screen.findByText(/Confirmez avec votre clé d'accès/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Code à 6 chiffres/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Utiliser ma clé d'accès" }));
    await waitForPath(router, '/intranet/network-news');
    expect(api.callsTo('POST', '/api/auth/second-factor')[0]?.body).toEqual({
      challengeToken: 'c9',
      passkey: { challengeId: OPTIONS.challengeId, response: ASSERTION },
    });
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('r-pk');
  });

  it('offers the passkey beside the code, and says why another passkey is refused', async () => {
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const refusal = "Cette clé d'accès n'est pas celle de ce compte, ou n'a pas pu être vérifiée.";
    mockApi(
      intranetHandlers({
        'POST /api/auth/admin': () =>
          json(200, {
            secondFactorChallenge: { challengeToken: 'c9', methods: ['totp', 'passkey'], expiresAt: '2030-01-01T00:00:00.000Z' },
          }),
        'POST /api/auth/admin/passkey-options': () => json(200, OPTIONS),
        'POST /api/auth/second-factor': () => json(401, { code: 'invalid_second_factor', message: refusal }),
      }),
    );
    renderRoute('/intranet/login');
    const user = await typePassword();
    expect(await screen.findByLabelText(/Code à 6 chiffres/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Utiliser ma clé d'accès" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBeNull();
  });

  it('an account with a passkey and its recovery codes may use a code instead, from the link', async () => {
    const api = mockApi(
      intranetHandlers({
        'POST /api/auth/admin': () =>
          json(200, {
            secondFactorChallenge: {
              challengeToken: 'c7',
              methods: ['recoveryCode', 'passkey'],
              expiresAt: '2030-01-01T00:00:00.000Z',
            },
          }),
        'POST /api/auth/second-factor': () => json(200, tokens()),
      }),
    );
    const { router } = renderRoute('/intranet/login?redirect=%2Fintranet%2Fnetwork-news');
    const user = await typePassword();
    expect(await screen.findByRole('button', { name: "Utiliser ma clé d'accès" })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Code à 6 chiffres/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Utiliser un code de secours' }));
    await user.type(await screen.findByLabelText(/Code de secours/), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitForPath(router, '/intranet/network-news');
    expect(api.callsTo('POST', '/api/auth/second-factor')[0]?.body).toEqual({
      challengeToken: 'c7',
      recoveryCode: 'abcde-fghjk',
    });
  });
});
