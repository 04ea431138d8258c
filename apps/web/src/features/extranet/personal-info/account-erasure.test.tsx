import { ACCOUNT_ERASURE_MESSAGES } from '@reseau/contracts/constants/account-erasure';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { extranetHandlers, signInCustomer } from '../../../test/extranet-fixtures';
import { type Handler, json, mockApi, renderRoute, waitForPath } from '../../../test/utils';

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
