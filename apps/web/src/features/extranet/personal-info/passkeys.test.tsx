import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { extranetHandlers, signInCustomer } from '../../../test/extranet-fixtures';
import { type Handler, json, mockApi, renderRoute } from '../../../test/utils';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const PHONE = { id: 4, name: 'Téléphone', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };
const OPTIONS = { challengeId: '6f1c1d2e-8a57-4b8e-9a53-0b5d0c1f2a3b', options: { challenge: 'abc' } };

function passkeysApi(overrides: Record<string, Handler> = {}) {
  const state = { list: [PHONE] as unknown[] };
  const api = mockApi(
    extranetHandlers({
      'GET /api/me/passkeys': () => json(200, state.list),
      'POST /api/me/passkeys/registration-options': () => json(200, OPTIONS),
      'POST /api/me/passkeys': ({ body }) => {
        const added = { id: 5, name: (body as { name: string }).name, createdAt: '2026-11-28T10:00:00.000Z', lastUsedAt: null };
        state.list = [...state.list, added];
        return json(201, added);
      },
      'DELETE /api/me/passkeys/4': () => {
        state.list = state.list.filter((p) => (p as { id: number }).id !== 4);
        return new Response(null, { status: 204 });
      },
      ...overrides,
    }),
  );
  return api;
}

async function panel() {
  return (await screen.findByRole('heading', { name: "Clés d'accès", level: 2 })).closest('section') as HTMLElement;
}

describe('passkeys in the personal information (issue 27 §2)', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startRegistration.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the customer’s passkeys and adds one through the browser’s prompt, with the name given', async () => {
    signInCustomer();
    browser.startRegistration.mockResolvedValue({ id: 'cred', type: 'public-key' });
    const api = passkeysApi();
    renderRoute('/extranet/personal-info');
    const section = await panel();
    const list = await within(section).findByRole('list', { name: "Mes clés d'accès" });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Téléphone')]);
    expect(list).toHaveTextContent('jamais utilisée');

    const user = userEvent.setup();
    const add = within(section).getByRole('button', { name: "Ajouter une clé d'accès" });
    expect(add).toBeDisabled();
    await user.type(within(section).getByRole('textbox', { name: /Nom de la nouvelle clé/ }), 'Ordinateur du bureau');
    await user.click(add);
    expect(await screen.findByText("Clé d'accès ajoutée.")).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS.options });
    expect(api.callsTo('POST', '/api/me/passkeys')[0]?.body).toEqual({
      challengeId: OPTIONS.challengeId,
      name: 'Ordinateur du bureau',
      response: { id: 'cred', type: 'public-key' },
    });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
  });

  it('says nothing was made when the prompt is closed, and shows the server’s refusal', async () => {
    signInCustomer();
    const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
    browser.startRegistration.mockRejectedValueOnce(cancelled);
    const api = passkeysApi({
      'POST /api/me/passkeys': () => json(409, { code: 'conflict', message: "Cette clé d'accès est déjà enregistrée." }),
    });
    renderRoute('/extranet/personal-info');
    const section = await panel();
    const user = userEvent.setup();
    await user.type(within(section).getByRole('textbox', { name: /Nom de la nouvelle clé/ }), 'Clé');
    await user.click(within(section).getByRole('button', { name: "Ajouter une clé d'accès" }));
    expect(await screen.findByText("Ajout annulé : aucune clé d'accès n'a été créée.")).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/me/passkeys')).toHaveLength(0);

    browser.startRegistration.mockResolvedValueOnce({ id: 'cred' });
    await user.click(within(section).getByRole('button', { name: "Ajouter une clé d'accès" }));
    expect(await screen.findByText("Cette clé d'accès est déjà enregistrée.")).toBeInTheDocument();
    // What was typed stays for another try.
    expect(within(section).getByRole('textbox', { name: /Nom de la nouvelle clé/ })).toHaveValue('Clé');
  });

  it('shows the recovery codes the first passkey brings, until they are noted', async () => {
    signInCustomer();
    browser.startRegistration.mockResolvedValue({ id: 'cred', type: 'public-key' });
    const codes = ['abcde-fghjk', 'mnpqr-stuvw'];
    passkeysApi({
      'GET /api/me/passkeys': () => json(200, []),
      'POST /api/me/passkeys': () =>
        json(201, { id: 9, name: 'Téléphone', createdAt: '2026-11-28T10:00:00.000Z', lastUsedAt: null, recoveryCodes: codes }),
    });
    renderRoute('/extranet/personal-info');
    const section = await panel();
    const user = userEvent.setup();
    await user.type(within(section).getByRole('textbox', { name: /Nom de la nouvelle clé/ }), 'Téléphone');
    await user.click(within(section).getByRole('button', { name: "Ajouter une clé d'accès" }));
    const list = await within(section).findByRole('list', { name: 'Vos codes de secours' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    await user.click(within(section).getByRole('button', { name: "J'ai noté mes codes" }));
    expect(within(section).queryByRole('list', { name: 'Vos codes de secours' })).not.toBeInTheDocument();
  });

  it('removes a passkey once confirmed', async () => {
    signInCustomer();
    const api = passkeysApi();
    renderRoute('/extranet/personal-info');
    const section = await panel();
    const user = userEvent.setup();
    await user.click(await within(section).findByRole('button', { name: "Supprimer la clé d'accès Téléphone" }));
    const dialog = await screen.findByRole('dialog', { name: "Supprimer cette clé d'accès ?" });
    expect(dialog).toHaveTextContent('« Téléphone » ne permettra plus de vous connecter.');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("Clé d'accès supprimée.")).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/me/passkeys/4')).toHaveLength(1);
    expect(await within(section).findByText("Aucune clé d'accès pour le moment.")).toBeInTheDocument();
  });

  it('says the browser cannot make passkeys instead of offering the form', async () => {
    vi.unstubAllGlobals();
    signInCustomer();
    passkeysApi();
    renderRoute('/extranet/personal-info');
    const section = await panel();
    expect(within(section).getByText("Ce navigateur ne permet pas d'utiliser les clés d'accès.")).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: "Ajouter une clé d'accès" })).not.toBeInTheDocument();
  });
});
