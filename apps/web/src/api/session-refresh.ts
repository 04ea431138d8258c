import { areaOfPath, currentLocation, loginPath, navigateTo } from '../lib/navigation';
import { clearSession, getSession, setTokens } from '../lib/session';
import { buildUrl, REQUEST_TIMEOUT_MS, send } from './request';

/*
 * The session's refresh: one POST /auth/refresh shared by every call that got a 401 meanwhile,
 * and the end of the session when the refresh token is refused.
 */

let refreshing: Promise<'refreshed' | 'refused' | 'failed'> | null = null;

/** POST /auth/refresh once, shared by every request that got a 401 meanwhile. */
function refreshTokens(): Promise<'refreshed' | 'refused' | 'failed'> {
  refreshing ??= (async () => {
    const refreshToken = getSession().refreshToken;
    if (!refreshToken) return 'refused';
    try {
      const response = await send(
        buildUrl('/auth/refresh'),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ refreshToken }),
        },
        REQUEST_TIMEOUT_MS,
      );
      if (response.ok) {
        const tokens = (await response.json()) as { accessToken: string; refreshToken: string };
        setTokens(tokens);
        return 'refreshed';
      }
      // 400 (or 401): the refresh token is dead; any other answer is passed on as it is.
      return response.status === 400 || response.status === 401 ? 'refused' : 'failed';
    } catch {
      return 'failed';
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Renews the session's tokens now, as a 401 would (spec 03 §7: personal info tries the refresh
 * again at load, so an address changed through a mailed link, or by the agency, shows at once). A
 * refused refresh ends the session; a failed one (network) leaves it as it is.
 */
export async function renewSession(): Promise<void> {
  if ((await refreshTokens()) === 'refused') endSession();
}

/** The session is over: clear it and send the user to their area's login, remembering where they were. */
function endSession() {
  const origin = currentLocation();
  const area = areaOfPath(origin);
  clearSession();
  navigateTo(loginPath(area, origin), { replace: true });
}

/**
 * After a 401 to a call sent with `sentAuthorization`: `refreshed` (send it again), `refused` (the
 * session is over: it has been ended) or `failed` (the refresh could not be made: pass the 401 on).
 */
export async function renewAfter401(sentAuthorization: string): Promise<'refreshed' | 'refused' | 'failed'> {
  // Another call may already have refreshed while this one was in flight.
  const current = getSession().accessToken;
  const alreadyRefreshed = current && sentAuthorization !== `Bearer ${current}`;
  const outcome = !current ? 'refused' : alreadyRefreshed ? 'refreshed' : await refreshTokens();
  if (outcome === 'refused' && getSession().accessToken) endSession();
  return outcome;
}
