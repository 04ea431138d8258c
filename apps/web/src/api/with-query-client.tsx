import type { Area } from '@reseau/contracts/constants/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { isSignedIn, useSession } from '../lib/session';
import { queryClient } from './query-client';

/**
 * Wraps a lazy route's component in the app's query cache (kept out of the login route's chunks).
 * With `signedIn`, the screen unmounts the moment its area's session ends (logout, refresh refused):
 * rendered once more without tokens, its queries would be built again and sent, each answered 401.
 */
export function withQueryClient<P extends object>(Component: ComponentType<P>, signedIn?: Area): ComponentType<P> {
  function WithQueryClient(props: P) {
    const session = useSession();
    if (signedIn && !isSignedIn(signedIn, session)) return null;
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
