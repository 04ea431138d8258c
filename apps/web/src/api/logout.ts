import type { Area } from '@reseau/contracts/constants/auth';
import { navigateTo } from '../lib/navigation';
import { clearSession, getSession } from '../lib/session';
import { endServerSession } from './auth';
import { queryClient } from './query-client';

/** Sign-out waits this long at most for the server to end the session. */
export const LOGOUT_TIMEOUT_MS = 2_000;

/**
 * Logout ends the session on the server first (its tokens stop working everywhere at once), then
 * clears tokens, permissions, impersonation, current agency and agency list (spec 00 §4). A slow
 * or failed call never keeps the user signed in here. `landing`: where to go instead of the login
 * page as it is (the login page with a notice, after « Supprimer mon compte »).
 */
export async function logout(area: Area, landing = `/${area}/login`) {
  const { accessToken, refreshToken } = getSession();
  if (accessToken || refreshToken)
    await endServerSession({ accessToken, refreshToken }, LOGOUT_TIMEOUT_MS).catch(() => undefined);
  // Queries in flight are dropped and the cache emptied while the tokens are still there: nothing
  // answers into, or refetches for, a session that is ending (their 401s would try a refresh).
  await queryClient.cancelQueries();
  queryClient.clear();
  clearSession();
  navigateTo(landing, { replace: true });
}
