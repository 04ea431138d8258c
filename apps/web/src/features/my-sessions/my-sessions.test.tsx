import type { OwnSession } from '@reseau/contracts/schemas/sessions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extranetHandlers, signInCustomer } from '../../test/extranet-fixtures';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../test/utils';

const CURRENT: OwnSession = {
  id: '0b5e4b3c-1111-4c1a-9d2e-000000000001',
  deviceLabel: 'Chrome sur Windows',
  ipAddress: '203.0.113.7',
  createdAt: '2026-11-27T08:00:00.000Z',
  lastUsedAt: '2026-11-28T09:00:00.000Z',
  isCurrent: true,
};
const PHONE: OwnSession = {
  id: '0b5e4b3c-2222-4c1a-9d2e-000000000002',
  deviceLabel: 'Safari sur iPhone',
  ipAddress: '198.51.100.21',
  createdAt: '2026-11-20T18:30:00.000Z',
  lastUsedAt: '2026-11-26T07:15:00.000Z',
  isCurrent: false,
};
const LAPTOP: OwnSession = {
  ...PHONE,
  id: '0b5e4b3c-3333-4c1a-9d2e-000000000003',
  deviceLabel: 'Firefox sur Linux',
  ipAddress: null,
};

/** GET /me/sessions answering `state.sessions`; the two writes change it as the server would. */
function sessionsApi(
  handlersOf: (o: Record<string, Handler>) => Record<string, Handler>,
  overrides: Record<string, Handler> = {},
) {
  const state = { sessions: [CURRENT, PHONE, LAPTOP] };
  const api = mockApi(
    handlersOf({
      'GET /api/me/sessions': () => json(200, { sessions: state.sessions }),
      [`DELETE /api/me/sessions/${PHONE.id}`]: () => {
        state.sessions = state.sessions.filter((s) => s.id !== PHONE.id);
        return new Response(null, { status: 204 });
      },
      'POST /api/me/sessions:end-others': () => {
        const endedCount = state.sessions.length - 1;
        state.sessions = [CURRENT];
        return json(200, { endedCount });
      },
      ...overrides,
    }),
  );
  return api;
}

/** A phone's width: every `max-width` query matches (the page's 48em one among them). */
const onPhone = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Mes connexions (issue 27 §3)', () => {
  it('lists the sessions with "Cette session" marked; another one is ended after a confirmation', async () => {
    signInAs('intranet', { roleId: 6, sub: '12' });
    const api = sessionsApi(intranetHandlers);
    renderRoute('/intranet/my-sessions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes connexions' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Sessions ouvertes' });
    const [current, phone, laptop] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(current).toHaveTextContent('Chrome sur Windows');
    expect(current).toHaveTextContent('Cette session');
    expect(current).toHaveTextContent('203.0.113.7');
    expect(within(current!).queryByRole('button')).not.toBeInTheDocument();
    expect(phone).toHaveTextContent('Safari sur iPhone');
    expect(phone).toHaveTextContent('198.51.100.21');
    expect(laptop).toHaveTextContent('Inconnue');

    const user = userEvent.setup();
    await user.click(within(phone!).getByRole('button', { name: 'Déconnecter Safari sur iPhone (198.51.100.21)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déconnecter cette session ?' });
    expect(dialog).toHaveTextContent('Safari sur iPhone (198.51.100.21) sera déconnecté immédiatement');
    await user.click(within(dialog).getByRole('button', { name: 'Déconnecter' }));
    expect(await screen.findByText('La session a été déconnectée.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/me/sessions/${PHONE.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Safari sur iPhone')).not.toBeInTheDocument());
  });

  it('ends all the other sessions of a customer, keeping this one', async () => {
    signInCustomer();
    const api = sessionsApi(extranetHandlers);
    renderRoute('/extranet/my-sessions');
    await screen.findByRole('table', { name: 'Sessions ouvertes' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Déconnecter toutes les autres sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déconnecter toutes les autres sessions ?' });
    expect(dialog).toHaveTextContent('Les 2 autres sessions ouvertes seront déconnectées immédiatement.');
    await user.click(within(dialog).getByRole('button', { name: 'Déconnecter toutes les autres sessions' }));
    expect(await screen.findByText('Les autres sessions ont été déconnectées.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/me/sessions:end-others')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Firefox sur Linux')).not.toBeInTheDocument());
    // Only this one left: nothing else to end.
    expect(screen.queryByRole('button', { name: 'Déconnecter toutes les autres sessions' })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it again on "Réessayer"', async () => {
    signInAs('intranet', { roleId: 6, sub: '12' });
    let fail = true;
    sessionsApi(intranetHandlers, {
      'GET /api/me/sessions': () =>
        fail ? json(500, { code: 'internal_error', message: 'x' }) : json(200, { sessions: [CURRENT] }),
    });
    renderRoute('/intranet/my-sessions');
    const retry = await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 5000 });
    expect(screen.getAllByText("Les sessions n'ont pas pu être chargées.").length).toBeGreaterThan(0);
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('table', { name: 'Sessions ouvertes' })).toHaveTextContent('Cette session');
  });

  it('shows cards on a phone, each other one with its « Déconnecter »', async () => {
    onPhone();
    signInCustomer();
    sessionsApi(extranetHandlers);
    renderRoute('/extranet/my-sessions');
    const list = await screen.findByRole('list', { name: 'Sessions ouvertes' });
    const [current, phone] = within(list).getAllByRole('listitem');
    expect(current).toHaveTextContent('Chrome sur WindowsCette session');
    expect(within(current!).queryByRole('button')).not.toBeInTheDocument();
    expect(phone).toHaveTextContent('Adresse IP : 198.51.100.21');
    expect(within(phone!).getByRole('button', { name: 'Déconnecter Safari sur iPhone (198.51.100.21)' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is in the intranet’s profile menu', async () => {
    signInAs('intranet', { roleId: 6, sub: '12' });
    sessionsApi(intranetHandlers);
    renderRoute('/intranet/my-sessions');
    await screen.findByRole('table', { name: 'Sessions ouvertes' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Menu du profil/ }, { timeout: 5000 }));
    expect(await screen.findByRole('menuitem', { name: 'Mes connexions' })).toHaveAttribute('href', '/intranet/my-sessions');
  });
});
