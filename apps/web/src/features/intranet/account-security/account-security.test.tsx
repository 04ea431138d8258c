import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

interface Status {
  totpEnabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  required: boolean;
}
const off: Status = { totpEnabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
const on: Status = { totpEnabled: true, enabledAt: '2026-11-20T09:00:00.000Z', recoveryCodesLeft: 10, required: true };

describe('/intranet/account-security', () => {
  it('shows the staff member’s passkeys beside the authenticator app (issue 27)', async () => {
    mockApi(
      intranetHandlers({
        'GET /api/me/second-factor': () => json(200, off),
        'GET /api/me/passkeys': () =>
          json(200, [
            { id: 3, name: 'Clé USB du bureau', createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: '2026-11-27T08:00:00.000Z' },
          ]),
      }),
    );
    signInAs('intranet', { roleId: 2 });
    renderRoute('/intranet/account-security');
    const passkeys = await screen.findByRole('list', { name: "Mes clés d'accès" });
    expect(passkeys).toHaveTextContent('Clé USB du bureau');
    expect(passkeys).toHaveTextContent('utilisée le 27.11.2026');
    expect(screen.getByRole('region', { name: "Clés d'accès" })).toBeInTheDocument();
  });

  it('adds an authenticator: QR code and key, a code, then the recovery codes once', async () => {
    let status = off;
    const api = mockApi(
      intranetHandlers({
        'GET /api/me/second-factor': () => json(200, status),
        'POST /api/me/second-factor/totp': () =>
          json(200, { secret: 'KRUGK4TNNFHE6ZLSM5SVI33UOBCGK3LP', otpauthUri: 'otpauth://totp/x' }),
        'POST /api/me/second-factor/totp:confirm': () => {
          status = { ...on, required: false };
          return json(200, { recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] });
        },
      }),
    );
    signInAs('intranet', { roleId: 6 });
    renderRoute('/intranet/account-security');
    expect(await screen.findByRole('heading', { name: 'Sécurité du compte' })).toBeInTheDocument();
    expect(await screen.findByText('Désactivée')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: "Ajouter une application d'authentification" }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('KRUG K4TN');
    await user.type(screen.getByLabelText(/Code à 6 chiffres/), '123456');
    await user.click(screen.getByRole('button', { name: 'Activer' }));
    expect(await screen.findByRole('list', { name: 'Vos codes de secours' })).toHaveTextContent('ccccc-ddddd');
    expect(await screen.findByText(/Activée depuis le 20.11.2026/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/me/second-factor/totp:confirm')[0]?.body).toEqual({ code: '123456' });
  });

  it('a required factor cannot be removed; new recovery codes after the password', async () => {
    const api = mockApi(
      intranetHandlers({
        'GET /api/me/second-factor': () => json(200, on),
        'POST /api/me/second-factor/recovery-codes': () => json(200, { recoveryCodes: ['eeeee-fffff'] }),
      }),
    );
    signInAs('intranet', { roleId: 1 });
    renderRoute('/intranet/account-security');
    expect(await screen.findByText(/Votre rôle impose la double authentification/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Retirer l'application" })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Mot de passe actuel ou code/), 'Demo2026!');
    await user.click(screen.getByRole('button', { name: 'Nouveaux codes de secours' }));
    expect(await screen.findByRole('list', { name: 'Vos codes de secours' })).toHaveTextContent('eeeee-fffff');
    expect(api.callsTo('POST', '/api/me/second-factor/recovery-codes')[0]?.body).toEqual({ password: 'Demo2026!' });
  });
});
