import { ACCOUNT_ERASURE_MESSAGES } from '@reseau/contracts/constants/account-erasure';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extranetHandlers, signInCustomer } from '../../../test/extranet-fixtures';
import { type Handler, json, mockApi, renderRoute, waitForPath } from '../../../test/utils';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);
const OPTIONS = { challengeId: '6f1c1d2e-8a57-4b8e-9a53-0b5d0c1f2a3b', options: { challenge: 'abc' } };
const PHONE = { id: 4, name: 'Téléphone', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };

function erasureApi(overrides: Record<string, Handler> = {}) {
  return mockApi(extranetHandlers({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }), ...overrides }));
}

async function openDialog() {
  const user = userEvent.setup();
  const section = await screen.findByRole('region', { name: 'Supprimer mon compte' });
  await user.click(within(section).getByRole('button', { name: 'Supprimer mon compte' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

describe('« Supprimer mon compte » (RGPD issue 28 §2)', () => {
  it('asks the current password, says what is kept, erases, signs out and lands on the login with its notice', async () => {
    signInCustomer();
    const api = erasureApi({ 'POST /api/clients/me:erase': () => new Response(null, { status: 204 }) });
    const { router } = renderRoute('/extranet/personal-info');
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText(/pendant 10 ans pour les factures/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/clients/me:erase')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Mot de passe actuel/), 'Demo2026!');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    await waitForPath(router, '/extranet/login');
    expect(router.state.location.search).toBe('?accountErased=true');
    expect(api.callsTo('POST', '/api/clients/me:erase')[0]?.body).toEqual({ password: 'Demo2026!' });
    expect(await screen.findByText(/Votre compte a été supprimé/)).toBeInTheDocument();
  });

  it('says the server’s refusal while a payment is in progress, and stays', async () => {
    signInCustomer();
    erasureApi({
      'POST /api/clients/me:erase': () =>
        json(409, { code: 'payment_in_progress', message: ACCOUNT_ERASURE_MESSAGES.paymentInProgress }),
    });
    const { router } = renderRoute('/extranet/personal-info');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(/^Mot de passe actuel/), 'Demo2026!');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_ERASURE_MESSAGES.paymentInProgress);
    expect(router.state.location.pathname).toBe('/extranet/personal-info');
  });

  it('shows a wrong password under its field', async () => {
    signInCustomer();
    erasureApi({
      'POST /api/clients/me:erase': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { password: ["Le mot de passe actuel n'est pas le bon."] },
        }),
    });
    renderRoute('/extranet/personal-info');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(/^Mot de passe actuel/), 'Faux2026!');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    expect(await within(dialog).findByText("Le mot de passe actuel n'est pas le bon.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Mot de passe actuel/)).toHaveValue('Faux2026!');
  });
});

describe('« Supprimer mon compte » with a passkey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a customer with a passkey confirms with it instead of the password', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startAuthentication.mockResolvedValue({ id: 'cred-1', type: 'public-key' });
    signInCustomer();
    const api = erasureApi({
      'GET /api/me/passkeys': () => json(200, [PHONE]),
      'POST /api/auth/client/passkey-options': () => json(200, OPTIONS),
      'POST /api/clients/me:erase': () => new Response(null, { status: 204 }),
    });
    const { router } = renderRoute('/extranet/personal-info');
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: "Confirmer plutôt avec ma clé d'accès" }));
    await waitForPath(router, '/extranet/login');
    expect(api.callsTo('POST', '/api/clients/me:erase')[0]?.body).toEqual({
      passkey: { challengeId: OPTIONS.challengeId, response: { id: 'cred-1', type: 'public-key' } },
    });
  });
});
