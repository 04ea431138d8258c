import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../lib/navigation';
import { getSession, startSession } from '../lib/session';
import { makeToken } from '../test/utils';
import { LOGOUT_TIMEOUT_MS, logout } from './logout';

afterEach(() => {
  vi.useRealTimers();
  registerNavigator(null);
});

describe('logout', () => {
  it('a server that does not answer keeps the user waiting only the short time-out', async () => {
    vi.useFakeTimers();
    startSession({ accessToken: makeToken({ aud: 'extranet' }), refreshToken: 'r1' });
    const navigate = vi.fn();
    registerNavigator({ navigate, location: () => '/extranet' });
    // Never answers, but gives up when aborted (as fetch does).
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    vi.stubGlobal('fetch', fetchMock);

    const done = logout('extranet');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getSession().refreshToken).toBe('r1');
    await vi.advanceTimersByTimeAsync(LOGOUT_TIMEOUT_MS);
    await done;
    expect(getSession().accessToken).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/extranet/login', { replace: true });
  });

  it('a failed call does not keep the user signed in', async () => {
    startSession({ accessToken: makeToken({ aud: 'intranet' }), refreshToken: 'r2' });
    const navigate = vi.fn();
    registerNavigator({ navigate, location: () => '/intranet' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await logout('intranet');
    expect(getSession().refreshToken).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/intranet/login', { replace: true });
  });
});
