import type { Area } from '@reseau/contracts/constants/auth';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { loginPath } from '../lib/navigation';
import { isSignedIn } from '../lib/session';

/**
 * Protected area: a signed-out visitor goes to the area's login, which brings them back afterwards.
 * A signed-in one goes on to `then` (the area's first requests, app/first-requests.ts).
 */
export function requireSignedIn(area: Area, then?: (args: LoaderFunctionArgs) => null | Promise<null>) {
  return (args: LoaderFunctionArgs) => {
    if (!isSignedIn(area)) {
      const url = new URL(args.request.url);
      throw redirect(loginPath(area, `${url.pathname}${url.search}`));
    }
    return then ? then(args) : null;
  };
}

/** Public screens (login, forgot and reset password): a signed-in user goes to the area's home. */
export function redirectSignedIn(area: Area) {
  return () => {
    if (isSignedIn(area)) throw redirect(`/${area}`);
    return null;
  };
}
