import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderRoute, waitForPath } from '../../test/utils';

const wrong = {
  code: 'validation_failed',
  message: 'Certaines informations sont invalides.',
  errors: { password: ["Ce mot de passe n'est pas celui choisi lors de votre demande de première connexion."] },
};

describe('first-connection link (activation=true)', () => {
  it('asks for the chosen password, shows a wrong one, then opens the login prefilled with the success popover', async () => {
    localStorage.setItem('reseau.pendingActivationEmail', 'nouveau@demo.fr');
    const answers = [() => json(400, wrong), () => json(200, { purpose: 'email_verification', redirectUrl: null })];
    const api = mockApi({
      'POST /api/clients/toka_00000000000000000000000000000000000000:close-email-verification': () =>
        (answers.shift() as () => Response)(),
    });
    const { router } = renderRoute('/extranet/verify-email?token=toka_00000000000000000000000000000000000000&activation=true');
    const user = userEvent.setup();

    const password = await screen.findByLabelText(/^Saisissez le mot de passe choisi lors de votre demande/);
    // Nothing is sent before the password is typed: the link is not spent.
    await user.click(screen.getByRole('button', { name: 'Activer mon espace client' }));
    expect(await screen.findByText('Veuillez remplir ce champ')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/clients/toka_00000000000000000000000000000000000000:close-email-verification')).toHaveLength(
      0,
    );

    await user.type(password, 'Autre2026x');
    await user.click(screen.getByRole('button', { name: 'Activer mon espace client' }));
    expect(
      await screen.findByText("Ce mot de passe n'est pas celui choisi lors de votre demande de première connexion."),
    ).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Proprio2026');
    await user.click(screen.getByRole('button', { name: 'Activer mon espace client' }));
    await waitForPath(router, '/extranet/login');
    expect(await screen.findByText(/Votre adresse email a été vérifiée/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Adresse email/ })).toHaveValue('nouveau@demo.fr');
    expect(
      api.callsTo('POST', '/api/clients/toka_00000000000000000000000000000000000000:close-email-verification').map((c) => c.body),
    ).toEqual([{ password: 'Autre2026x' }, { password: 'Proprio2026' }]);
    expect(localStorage.getItem('reseau.pendingActivationEmail')).toBeNull();
  });

  it('explains a link that is spent (used, expired or too many wrong passwords)', async () => {
    mockApi({
      'POST /api/clients/tokd_00000000000000000000000000000000000000:close-email-verification': () =>
        json(400, { code: 'invalid_token', message: 'x' }),
    });
    renderRoute('/extranet/verify-email?token=tokd_00000000000000000000000000000000000000&activation=true');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Saisissez le mot de passe/), 'Proprio2026');
    await user.click(screen.getByRole('button', { name: 'Activer mon espace client' }));
    expect(await screen.findByRole('heading', { name: 'Lien expiré ou invalide' })).toBeInTheDocument();
    expect(screen.getByText(/Ce lien de vérification n'est plus valide/)).toBeInTheDocument();
  });

  it('an email-change link is still confirmed at once, without a body', async () => {
    const api = mockApi({
      'POST /api/clients/tokv_00000000000000000000000000000000000000:close-email-verification': () =>
        json(200, { purpose: 'email_change', redirectUrl: null }),
    });
    const { router } = renderRoute('/extranet/verify-email?token=tokv_00000000000000000000000000000000000000');
    await waitForPath(router, '/extranet/login');
    expect(screen.queryByLabelText(/^Saisissez le mot de passe/)).not.toBeInTheDocument();
    expect(
      api.callsTo('POST', '/api/clients/tokv_00000000000000000000000000000000000000:close-email-verification')[0]?.body,
    ).toBeUndefined();
    // Nothing remembered: the login is not prefilled.
    expect(await screen.findByRole('textbox', { name: /Adresse email/ })).toHaveValue('');
  });

  it('a first-connection link without activation=true (mailed earlier) asks for the password too', async () => {
    const answers = [
      () => json(400, { code: 'validation_failed', message: 'x', errors: { password: ['Veuillez remplir ce champ'] } }),
      () => json(200, { purpose: 'email_verification', redirectUrl: null }),
    ];
    const api = mockApi({
      'POST /api/clients/toko_00000000000000000000000000000000000000:close-email-verification': () =>
        (answers.shift() as () => Response)(),
    });
    const { router } = renderRoute('/extranet/verify-email?token=toko_00000000000000000000000000000000000000');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Saisissez le mot de passe choisi lors de votre demande/), 'Proprio2026');
    await user.click(screen.getByRole('button', { name: 'Activer mon espace client' }));
    await waitForPath(router, '/extranet/login');
    expect(
      api.callsTo('POST', '/api/clients/toko_00000000000000000000000000000000000000:close-email-verification').map((c) => c.body),
    ).toEqual([undefined, { password: 'Proprio2026' }]);
  });
});
