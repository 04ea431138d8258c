import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { getSession, SESSION_KEYS } from '../lib/session';
import { intranetHandlers, json, makeToken, mockApi, renderRoute, rolesAnswer, signInAs, waitForPath } from '../test/utils';
import { apiRequest, api as client, earlyAnswer, earlyAnswersRead, REQUEST_TIMEOUT_MS, startEarly, untakenEarly } from './http';
import { useNetworkActualities } from './network-actualities';
import { createQueryClient } from './query-client';

describe('http client session handling', () => {
  it('refreshes once on a 401, shared by concurrent calls, then retries each call once', async () => {
    const oldToken = signInAs('intranet', { roleId: 1, given_name: 'Alice', n: 1 });
    const freshToken = makeToken({ aud: 'intranet', roleId: 1, given_name: 'Alice', n: 2 });
    const fresh = `Bearer ${freshToken}`;
    const guarded =
      (answer: () => Response) =>
      ({ headers }: { headers: Headers }) =>
        headers.get('authorization') === fresh ? answer() : json(401, { code: 'unauthenticated', message: 'expiré' });
    const api = mockApi(
      intranetHandlers({
        'POST /api/auth/refresh': async () => {
          await new Promise((r) => setTimeout(r, 20)); // every call sees the refresh in flight
          return json(200, { accessToken: freshToken, refreshToken: 'refresh-2' });
        },
        'GET /api/roles': guarded(() => rolesAnswer()),
        'GET /api/agencies': guarded(() => json(200, { agencies: [] })),
        'GET /api/count-all-unread-notifications': guarded(() => json(200, { unreadNotificationsCounter: 7 })),
      }),
    );
    renderRoute('/intranet');

    // The badge only appears if the count call was retried with the new token.
    expect(await screen.findByRole('button', { name: 'Notifications : 7 non lues' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Utilisateurs réseau' })).toBeInTheDocument());

    const refreshes = api.callsTo('POST', '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'refresh-intranet' });
    expect(refreshes[0]?.headers.get('authorization')).toBeNull();
    for (const path of ['/api/roles', '/api/count-all-unread-notifications']) {
      const calls = api.callsTo('GET', path);
      expect(calls.map((c) => c.headers.get('authorization'))).toEqual([`Bearer ${oldToken}`, fresh]);
    }
    expect(localStorage.getItem(SESSION_KEYS.accessToken)).toBe(freshToken);
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('retries only once: a second 401 is passed on without another refresh', async () => {
    signInAs('intranet', { roleId: 1 });
    const freshToken = makeToken({ aud: 'intranet', roleId: 1, n: 3 });
    const api = mockApi({
      'POST /api/auth/refresh': () => json(200, { accessToken: freshToken, refreshToken: 'refresh-3' }),
      'GET /api/roles': () => json(401, { code: 'unauthenticated', message: 'non' }),
    });
    await expect(apiRequest('/roles')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(api.callsTo('GET', '/api/roles')).toHaveLength(2);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('clears the session when the refresh answers 400 and returns to the login, remembering the origin', async () => {
    signInAs('intranet', { roleId: 1 });
    localStorage.setItem(SESSION_KEYS.permissions, JSON.stringify(['contact_administration']));
    localStorage.setItem(SESSION_KEYS.currentAgency, JSON.stringify({ id: 11, name: 'Agence' }));
    const api = mockApi({
      'POST /api/auth/refresh': () => json(400, { code: 'invalid_refresh_token', message: 'Session expirée' }),
      'GET /api/roles': () => json(401, { code: 'unauthenticated', message: 'expiré' }),
      'GET /api/agencies': () => json(401, { code: 'unauthenticated', message: 'expiré' }),
      'GET /api/count-all-unread-notifications': () => json(401, { code: 'unauthenticated', message: 'expiré' }),
    });
    const { router } = renderRoute('/intranet/demands');

    await waitForPath(router, '/intranet/login');
    expect(router.state.location.search).toBe('?redirect=%2Fintranet%2Fdemands');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    for (const key of Object.values(SESSION_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(getSession().accessToken).toBeNull();
    expect(api.callsTo('POST', '/api/auth/refresh').length).toBeGreaterThanOrEqual(1);
  });

  it('leaves alone a call that ends with a 401 after the user signed out', async () => {
    signInAs('intranet', { roleId: 1 });
    const navigate = vi.fn();
    const { registerNavigator } = await import('../lib/navigation');
    registerNavigator({ navigate, location: () => '/intranet/login' });
    let answer: (r: Response) => void = () => {};
    const api = mockApi({ 'GET /api/roles': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const pending = apiRequest('/roles').catch((e) => e);
    await waitFor(() => expect(api.callsTo('GET', '/api/roles').length).toBeGreaterThan(0));
    const { clearSession } = await import('../lib/session');
    clearSession(); // logout while the call is in flight
    answer(json(401, { code: 'unauthenticated', message: 'expiré' }));
    expect(await pending).toMatchObject({ status: 401 });
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends the impersonation header when a record exists', async () => {
    signInAs('intranet', { roleId: 1 });
    localStorage.setItem(
      SESSION_KEYS.impersonation,
      JSON.stringify({ id: 42, name: 'Paul Durand', adherentId: 7, role: 6, regionId: 1 }),
    );
    const { reloadSession } = await import('../lib/session');
    reloadSession();
    const api = mockApi({ 'GET /api/roles': () => rolesAnswer() });
    await apiRequest('/roles');
    expect(api.calls[0]?.headers.get('x-impersonated-admin-id')).toBe('42');
  });

  it('normalises server errors to ApiError {status, code, message, errors}', async () => {
    mockApi({
      'POST /api/clients/x:close-password-reset': () =>
        json(400, { code: 'validation_failed', message: 'Données invalides', errors: { password: ['Trop court'] } }),
    });
    const error = await apiRequest('/clients/x:close-password-reset', { body: { password: 'a' }, anonymous: true }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Données invalides',
      errors: { password: ['Trop court'] },
    });
  });

  describe('time-outs', () => {
    afterEach(() => vi.useRealTimers());

    it('aborts a request after 10 seconds', async () => {
      vi.useFakeTimers();
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_url: string, init: RequestInit) =>
            new Promise((_resolve, reject) =>
              init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            ),
        ),
      );
      const pending = apiRequest('/roles', { anonymous: true }).catch((e) => e);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      let settled = false;
      void pending.then(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ status: 0, code: 'timeout' });
    });
  });
});

describe('early requests', () => {
  it('gives an early answer to the first call of the same URL and caller only, once', async () => {
    signInAs('intranet', { roleId: 1, n: 1 });
    let served = 0;
    const api = mockApi({ 'GET /api/roles': () => json(200, { served: ++served }) });
    startEarly('/roles');
    expect(await client.get('/roles')).toEqual({ served: 1 });
    expect(await client.get('/roles')).toEqual({ served: 2 });
    expect(api.callsTo('GET', '/api/roles')).toHaveLength(2);
  });

  it('is not taken by another caller, nor after a write, nor when it failed', async () => {
    signInAs('intranet', { roleId: 1, n: 1 });
    let served = 0;
    const api = mockApi({
      'GET /api/agencies': () => json(200, { served: ++served }),
      'POST /api/agencies': () => json(201, { id: 1 }),
      'GET /api/roles': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    startEarly('/agencies');
    // Someone else signs in: the answer fetched for the first caller is not theirs.
    signInAs('intranet', { roleId: 2, n: 2 });
    expect(await client.get('/agencies')).toEqual({ served: 2 });

    startEarly('/agencies');
    await client.post('/agencies', { name: 'Nouvelle' });
    expect(untakenEarly()).toEqual([]);
    expect(await client.get('/agencies')).toEqual({ served: 4 });

    startEarly('/roles');
    await expect(client.get('/roles')).rejects.toMatchObject({ code: 'network_error' });
    expect(api.callsTo('GET', '/api/roles')).toHaveLength(2);
  });

  it('starts nothing for a signed-out visitor', () => {
    mockApi({});
    startEarly('/roles');
    expect(untakenEarly()).toEqual([]);
  });

  it('hands an answer already in to its first taker, the same caller, once; one still on its way stays for the call', async () => {
    signInAs('intranet', { roleId: 1, n: 1 });
    let release = () => {};
    const api = mockApi({
      'GET /api/agencies': () => json(200, { agencies: [{ id: 1 }] }),
      'GET /api/roles': () => new Promise<Response>((resolve) => (release = () => resolve(json(200, [{ id: 9 }])))),
    });
    startEarly('/agencies');
    await earlyAnswersRead();
    startEarly('/roles');
    expect(earlyAnswer('/agencies')).toEqual({ agencies: [{ id: 1 }] });
    expect(earlyAnswer('/agencies')).toBeUndefined();
    expect(earlyAnswer('/roles')).toBeUndefined();
    release();
    expect(await client.get('/roles')).toEqual([{ id: 9 }]);
    expect(api.callsTo('GET', '/api/roles')).toHaveLength(1);

    startEarly('/agencies');
    await earlyAnswersRead();
    // Someone else signs in: the answer fetched for the first caller is not theirs.
    signInAs('intranet', { roleId: 2, n: 2 });
    expect(earlyAnswer('/agencies')).toBeUndefined();
    expect(untakenEarly()).toEqual([]);
  });

  it('a refusal is no answer: the call gets it as an error', async () => {
    signInAs('intranet', { roleId: 1, n: 1 });
    const api = mockApi({ 'GET /api/roles': () => json(403, { code: 'forbidden', message: 'Accès refusé' }) });
    startEarly('/roles');
    await earlyAnswersRead();
    expect(earlyAnswer('/roles')).toBeUndefined();
    await expect(client.get('/roles')).rejects.toMatchObject({ status: 403 });
    expect(api.callsTo('GET', '/api/roles')).toHaveLength(1);
  });

  it("a screen's query whose early answer is in has its data from its first render (no loader, no second request)", async () => {
    signInAs('intranet', { roleId: 1, n: 1 });
    const list = { networkActualities: [], totalCount: 0 };
    const api = mockApi({ 'GET /api/network-actualities': () => json(200, list) });
    startEarly('/network-actualities?pageNumber=1&pageSize=5');
    await earlyAnswersRead();
    const statuses: string[] = [];
    const client = createQueryClient();
    const { result } = renderHook(
      () => {
        const news = useNetworkActualities({ pageNumber: 1, pageSize: 5 });
        statuses.push(news.status);
        return news;
      },
      { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> },
    );
    expect(statuses[0]).toBe('success');
    expect(result.current.data).toEqual(list);
    expect(api.callsTo('GET', '/api/network-actualities')).toHaveLength(1);
  });
});
