import type { Area } from '@reseau/contracts/constants/auth';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { loginPath } from '../lib/navigation';
import { isSignedIn } from '../lib/session';

/** Protected area: a signed-out visitor goes to the area's login, which brings them back afterwards. */
export function requireSignedIn(area: Area) {
  return ({ request }: LoaderFunctionArgs) => {
    if (!isSignedIn(area)) {
      const url = new URL(request.url);
      throw redirect(loginPath(area, `${url.pathname}${url.search}`));
    }
    return null;
  };
}

/** Public screens (login, forgot and reset password): a signed-in user goes to the area's home. */
export function redirectSignedIn(area: Area) {
  return () => {
    if (isSignedIn(area)) throw redirect(`/${area}`);
    return null;
  };
}
