import { QueryCache, QueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { isApiError } from '../lib/api-error';
import { notifyError } from '../lib/notify';
import { getSession, subscribeSession } from '../lib/session';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorMessage?: string };
  }
}

/** A failed load shows the query's French popover (its meta.errorMessage key), once per failure. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const key = query.meta?.errorMessage;
        if (!key) return;
        // A session that ended sends the user to the login: no popover on top of it.
        if (isApiError(error) && error.status === 401) return;
        notifyError(i18n.t(key));
      },
    }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache, cleared when impersonation starts or ends and at logout. */
export const queryClient = createQueryClient();

/** Who the cached answers belong to: the signed-in user, their area and whom they impersonate. */
function identity(): string {
  const s = getSession();
  return `${s.area ?? ''}:${s.claims?.sub ?? ''}:${s.impersonation?.id ?? ''}`;
}

// A new sign-in, a logout or a session ended by the server: nothing cached survives the change.
let lastIdentity = identity();
subscribeSession(() => {
  const next = identity();
  if (next !== lastIdentity) {
    lastIdentity = next;
    queryClient.clear();
  }
});
