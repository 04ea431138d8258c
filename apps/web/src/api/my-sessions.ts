import type { OtherSessionsEnded, OwnSession } from '@reseau/contracts/schemas/sessions';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';
import { queryClient } from './query-client';

export type { OwnSession };

export const mySessionKeys = { all: ['my-sessions'] as const };

/** GET /me/sessions: the open sessions of the signed-in account ("Mes connexions"), staff or customer. */
export function useMySessions() {
  return useQuery({
    queryKey: mySessionKeys.all,
    queryFn: () => api.get<{ sessions: OwnSession[] }>('/me/sessions').then((answer) => answer.sessions),
    meta: { errorMessage: 'mySessions.errors.load' },
  });
}

/** DELETE /me/sessions/{id}: its tokens stop at once. Ended meanwhile elsewhere (404), the row goes too. */
export async function endMySession(id: string): Promise<void> {
  try {
    await api.delete(`/me/sessions/${encodeURIComponent(id)}`);
  } finally {
    await queryClient.invalidateQueries({ queryKey: mySessionKeys.all });
  }
}

/** POST /me/sessions:end-others: every session of the account but this one. */
export async function endMyOtherSessions(): Promise<OtherSessionsEnded> {
  try {
    return await api.post<OtherSessionsEnded>('/me/sessions:end-others');
  } finally {
    await queryClient.invalidateQueries({ queryKey: mySessionKeys.all });
  }
}

/** POST /auth/sessions:end-by-link: the new-device mail's link (no session needed: the token is the credential). */
export function endSessionByLink(token: string): Promise<void> {
  return api.post<void>('/auth/sessions:end-by-link', { token }, { anonymous: true });
}
