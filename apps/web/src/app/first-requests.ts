import type { Area } from '@reseau/contracts/constants/auth';
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router';
import { startEarly } from '../api/http';
import { getSession, isSignedIn } from '../lib/session';
import {
  contractPaths,
  extranetFramePaths,
  extranetHomePaths,
  type IntranetScreenName,
  intranetFramePaths,
  intranetHomePaths,
  intranetScreenPaths,
} from './early-paths';

/*
 * The GETs a landing screen makes as it opens (./early-paths.ts), started by its route's loader
 * while the screen's code is still on its way (api/http.ts startEarly): on a phone, the answers
 * are in before the code has run, instead of one round trip after it. On a page's first screen the
 * boot script (boot/early-requests.ts) has already sent them: the loader finds them started.
 */

/**
 * How long a screen's first render may wait for the answers its route started. The content is
 * then in the first paint (the LCP) instead of a skeleton first and the content a render later:
 * on the phone profile, the dashboard's news came 0.4 s sooner (decisions.md). Past this, the
 * screen renders with its skeletons and takes the answers as they land.
 */
export const CONTENT_WAIT_MS = 1000;

type Loader = (args: LoaderFunctionArgs) => null | Promise<null>;

/**
 * Whether the router is still routing the page's first screen. Only that screen waits for its
 * content: it has nothing on the page yet, and its first paint is the LCP. A screen opened from
 * another (a menu link, back to the dashboard) opens at once, with its cached data or its
 * skeletons, instead of holding the click up to CONTENT_WAIT_MS.
 */
let landing = true;

/** The next routing is a page's first screen again (a new router: tests make one each). */
export function landingStarts(): void {
  landing = true;
}

/** Ends the landing once `router` has routed its first screen. */
export function followLanding(router: {
  state: { initialized: boolean };
  subscribe: (listener: (state: { initialized: boolean }) => void) => () => void;
}): void {
  if (router.state.initialized) {
    landing = false;
    return;
  }
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    landing = false;
    stop();
  });
}

/**
 * The `shouldRevalidate` of every route whose loader starts requests: a change of the address's
 * query alone (a list's page, a filter) does not run it again. Its requests were taken by the
 * screen's queries, which read the new page themselves: run again, it would send them a second
 * time for nobody. A new screen or new parameters run it as usual.
 */
export const notOnQueryChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

/**
 * A loader starting `paths` for a caller signed in to `area`. A child route's loader runs beside
 * its area's guard, not after it: someone signed in to the other area starts nothing here.
 * The frame's loaders start their requests and return; a screen's content loaders (`waits`) hold
 * the page's first render until their answers are read, CONTENT_WAIT_MS at most.
 */
const starting =
  (area: Area, paths: (args: LoaderFunctionArgs) => readonly string[], { waits = false } = {}): Loader =>
  (args) => {
    if (!isSignedIn(area)) return null;
    const reads = paths(args).map((path) => startEarly(path));
    if (!waits || !landing || reads.length === 0) return null;
    return new Promise<null>((resolve) => {
      const timer = setTimeout(() => resolve(null), CONTENT_WAIT_MS);
      void Promise.all(reads).then(() => {
        clearTimeout(timer);
        resolve(null);
      });
    });
  };

/** The intranet's frame (./early-paths.ts). */
export const intranetShellRequests = starting('intranet', () => intranetFramePaths(getSession()));

/**
 * Starts the frame's requests of the area `path` opens, from the router's first match: before the
 * area's route table has arrived (its loaders run only then), so that the frame's answers come
 * with the code instead of one round trip after it. A repeat of a started request is not sent.
 */
export function startAreaFrame(path: string): void {
  const area = path.split('/')[1];
  if (area === 'intranet' && isSignedIn('intranet') && !path.startsWith('/intranet/login')) {
    for (const frame of intranetFramePaths(getSession())) void startEarly(frame);
  }
}

/**
 * The loader of the intranet screen `name` (./early-paths.ts): starts its first GETs when the
 * stored permissions open it. On the page's first screen it holds the first render until they are
 * in (CONTENT_WAIT_MS at most); opened from the menu, the requests go out with the screen's code
 * instead of after it.
 */
export const intranetScreenRequests = (name: IntranetScreenName): Loader =>
  starting(
    'intranet',
    ({ params, request }) => intranetScreenPaths(name, params, new URL(request.url).searchParams, getSession()),
    { waits: true },
  );

/** The intranet's home: the newest news (its first panel). */
export const intranetHomeRequests = starting('intranet', intranetHomePaths, { waits: true });

/** The extranet's frame: the customer's agencies and the current one's details. */
export const extranetShellRequests = starting('extranet', () => extranetFramePaths(getSession()));

/** The extranet's home at the current agency: the to-do list, the service calls, the contracts. */
export const extranetHomeRequests = starting('extranet', () => extranetHomePaths(getSession()), { waits: true });

/** A contract's page: the customer's contracts (it shows the one of the address) and its documents. */
export const contractRequests = starting('extranet', ({ params }) => contractPaths(params), { waits: true });
