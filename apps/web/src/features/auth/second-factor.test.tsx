import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '../../lib/session';
import { intranetHandlers, json, makeToken, mockApi, renderRoute, waitForPath } from '../../test/utils';

const tokens = () => ({ accessToken: makeToken({ aud: 'intranet', roleId: 2, given_name: 'Sandrine' }), refreshToken: 'r2' });
const challenge = { challengeToken: 'c1', methods: ['totp', 'recoveryCode'], expiresAt: '2030-01-01T00:00:00.000Z' };

async function typePassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Adresse email/), 'totp@demo.fr');
  await user.type(screen.getByLabelText(/^Mot de passe/), 'Demo2026!');
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return user;
}

describe("login's second step", () => {
  it('asks for the code after the password, then signs in', async () => {
    const api = mockApi(
      intranetHandlers({
        'POST /api/auth/admin': () => json(200, { secondFactorChallenge: challenge }),
        'POST /api/auth/second-factor': () => json(200, tokens()),
      }),
    );
    const { router } = renderRoute('/intranet/login?redirect=%2Fintranet%2Fnetwork-news');
    const user = await typePassword();
    expect(await screen.findByRole('heading', { name: 'Double authentification' })).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBeNull();
    await user.type(screen.getByLabelText(/Code à 6 chiffres/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitForPath(router, '/intranet/network-news');
    expect(api.callsTo('POST', '/api/auth/second-factor')[0]?.body).toEqual({ challengeToken: 'c1', code: '123 456' });
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('r2');
  });

  it('shows the refusal of a wrong code and keeps the step; a recovery code can be used instead', async () => {
    let calls = 0;
    const api = mockApi(
      intranetHandlers({
        'POST /api/auth/admin': () => json(200, { secondFactorChallenge: challenge }),
        'POST /api/auth/second-factor': () =>
          ++calls === 1
            ? json(401, { code: 'invalid_second_factor', message: 'Code invalide ou déjà utilisé.' })
            : json(200, tokens()),
      }),
    );
    const { router } = renderRoute('/intranet/login');
    const user = await typePassword();
    await user.type(await screen.findByLabelText(/Code à 6 chiffres/), '000000');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code invalide ou déjà utilisé.');

    await user.click(screen.getByRole('button', { name: 'Utiliser un code de secours' }));
    await user.type(screen.getByLabelText(/Code de secours/), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitForPath(router, '/intranet');
    expect(api.callsTo('POST', '/api/auth/second-factor')[1]?.body).toEqual({
      challengeToken: 'c1',
      recoveryCode: 'abcde-fghjk',
    });
  });

  it('says what a malformed code lacks, without calling the server', async () => {
    const api = mockApi(intranetHandlers({ 'POST /api/auth/admin': () => json(200, { secondFactorChallenge: challenge }) }));
    renderRoute('/intranet/login');
    const user = await typePassword();
    await user.type(await screen.findByLabelText(/Code à 6 chiffres/), '12a');
    await user.tab();
    expect(await screen.findByText('Saisissez les 6 chiffres affichés par votre application.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/second-factor')).toHaveLength(0);
  });

  it('an expired step goes back to the password', async () => {
    mockApi(
      intranetHandlers({
        'POST /api/auth/admin': () => json(200, { secondFactorChallenge: challenge }),
        'POST /api/auth/second-factor': () =>
          json(400, {
            code: 'second_factor_challenge_expired',
            message: 'Cette étape de connexion a expiré : reconnectez-vous.',
          }),
      }),
    );
    renderRoute('/intranet/login');
    const user = await typePassword();
    await user.type(await screen.findByLabelText(/Code à 6 chiffres/), '123456');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
  });

  it('a role that requires a factor enrols first: QR code and key, code, recovery codes, then signed in', async () => {
    const api = mockApi(
      intranetHandlers({
        'POST /api/auth/admin': () =>
          json(200, { secondFactorSetupRequired: { challengeToken: 's1', expiresAt: challenge.expiresAt } }),
        'POST /api/auth/second-factor/totp-setup': () =>
          json(200, {
            secret: 'KRUGK4TNNFHE6ZLSM5SVI33UOBCGK3LP',
            otpauthUri: 'otpauth://totp/x?secret=KRUGK4TNNFHE6ZLSM5SVI33UOBCGK3LP',
          }),
        'POST /api/auth/second-factor/totp-setup:confirm': () =>
          json(200, { ...tokens(), recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] }),
      }),
    );
    const { router } = renderRoute('/intranet/login');
    const user = await typePassword();
    expect(await screen.findByRole('heading', { name: 'Activez la double authentification' })).toBeInTheDocument();
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('KRUG K4TN NFHE 6ZLS M5SV I33U OBCG K3LP');
    await user.type(screen.getByLabelText(/Code à 6 chiffres/), '654321');
    await user.click(screen.getByRole('button', { name: 'Activer et me connecter' }));
    expect(await screen.findByRole('list', { name: 'Vos codes de secours' })).toHaveTextContent('aaaaa-bbbbb');
    // No session before the codes were seen.
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBeNull();
    await user.click(screen.getByRole('button', { name: "J'ai noté mes codes, continuer" }));
    await waitForPath(router, '/intranet');
    expect(api.callsTo('POST', '/api/auth/second-factor/totp-setup:confirm')[0]?.body).toEqual({
      challengeToken: 's1',
      code: '654321',
    });
  });
});
