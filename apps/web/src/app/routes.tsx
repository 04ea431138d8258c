import { type PatchRoutesOnNavigationFunction, type RouteObject, redirect } from 'react-router';
import { BootScreen } from './boot-screen';
import {
  contractRequests,
  extranetHomeRequests,
  extranetShellRequests,
  intranetHomeRequests,
  intranetShellRequests,
  notOnQueryChange,
  startAreaFrame,
} from './first-requests';
import { redirectSignedIn, requireSignedIn } from './guards';
import type { RouteHandle } from './route-handle';

/*
 * The route map of spec 00 §2. This file is in the entry chunk, so it imports nothing heavy:
 * every screen and each area's shell is a lazy module, and an area's screens but its home are in
 * the area's own table (./intranet/routes.tsx, ./extranet/routes.tsx; see areaRoutes below).
 */

const routeError = () => import('../features/common/RouteErrorPage').then((m) => ({ ErrorBoundary: m.RouteErrorPage }));

export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: routeError,
    // Shown while the first screen's code arrives (the same screen as index.html's).
    HydrateFallback: BootScreen,
    children: [
      { index: true, loader: () => redirect('/extranet') },

      // Public screens of both areas.
      {
        path: 'intranet/login',
        loader: redirectSignedIn('intranet'),
        lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.IntranetLoginPage })),
      },
      {
        path: 'extranet/login',
        loader: redirectSignedIn('extranet'),
        lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.ExtranetLoginPage })),
      },
      {
        path: 'intranet/forgot-password',
        loader: redirectSignedIn('intranet'),
        lazy: () => import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.IntranetForgotPasswordPage })),
      },
      {
        path: 'extranet/forgot-password',
        loader: redirectSignedIn('extranet'),
        lazy: () => import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ExtranetForgotPasswordPage })),
      },
      {
        path: 'intranet/reset-password',
        loader: redirectSignedIn('intranet'),
        lazy: () => import('../features/auth/SetPasswordPage').then((m) => ({ Component: m.IntranetSetPasswordPage })),
      },
      {
        path: 'extranet/reset-password',
        loader: redirectSignedIn('extranet'),
        lazy: () => import('../features/auth/SetPasswordPage').then((m) => ({ Component: m.ExtranetSetPasswordPage })),
      },
      // The new-device mail's link (issue 27 §3): signed in or not, the token is what counts.
      {
        path: 'intranet/end-session',
        lazy: () => import('../features/auth/EndSessionPage').then((m) => ({ Component: m.IntranetEndSessionPage })),
      },
      {
        path: 'extranet/end-session',
        lazy: () => import('../features/auth/EndSessionPage').then((m) => ({ Component: m.ExtranetEndSessionPage })),
      },
      // The "Vos données sont prêtes" mail's link (issue 28 §1): signed in or not, the token is what counts.
      {
        path: 'intranet/data-export',
        lazy: () => import('../features/auth/DataExportDownloadPage').then((m) => ({ Component: m.IntranetDataExportPage })),
      },
      {
        path: 'extranet/data-export',
        lazy: () => import('../features/auth/DataExportDownloadPage').then((m) => ({ Component: m.ExtranetDataExportPage })),
      },
      // Runs even for a signed-in customer: it also confirms an email change.
      {
        path: 'extranet/verify-email',
        lazy: () => import('../features/auth/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailRoute })),
      },

      // The public legal pages (RGPD issue 28 §4), signed in or not; linked from the footers.
      {
        path: 'mentions-legales',
        lazy: () => import('../features/legal/LegalPage').then((m) => ({ Component: m.MentionsLegalesPage })),
      },
      {
        path: 'confidentialite',
        lazy: () => import('../features/legal/LegalPage').then((m) => ({ Component: m.PrivacyPolicyPage })),
      },
      {
        path: 'accessibilite',
        lazy: () => import('../features/legal/LegalPage').then((m) => ({ Component: m.AccessibilityStatementPage })),
      },

      // The two areas, each its own chunk.
      {
        id: 'intranet',
        path: 'intranet',
        loader: requireSignedIn('intranet', intranetShellRequests),
        shouldRevalidate: notOnQueryChange,
        lazy: () => import('./intranet/IntranetShell').then((m) => ({ Component: m.IntranetRoute })),
        // The home only; the other screens come from ./intranet/routes (see areaRoutes).
        children: [
          {
            index: true,
            handle: { titleKey: 'menu.home', accessId: 'home' } satisfies RouteHandle,
            loader: intranetHomeRequests,
            shouldRevalidate: notOnQueryChange,
            lazy: () => import('../features/intranet/home/HomePage').then((m) => ({ Component: m.HomePage })),
          },
        ],
      },
      {
        id: 'extranet',
        path: 'extranet',
        loader: requireSignedIn('extranet', extranetShellRequests),
        shouldRevalidate: notOnQueryChange,
        lazy: () => import('./extranet/ExtranetShell').then((m) => ({ Component: m.ExtranetRoute })),
        children: [
          {
            index: true,
            loader: extranetHomeRequests,
            shouldRevalidate: notOnQueryChange,
            lazy: () => import('../features/extranet/home/ExtranetHomePage').then((m) => ({ Component: m.ExtranetHomePage })),
          },
          // A contract's page is where the area's mails lead: here, its route starts its requests and
          // its code at once, without waiting for the area's table.
          {
            path: 'contract/:id',
            handle: { titleKey: 'pages.contract' } satisfies RouteHandle,
            loader: contractRequests,
            shouldRevalidate: notOnQueryChange,
            lazy: () => import('../features/extranet/contract/ContractPage').then((m) => ({ Component: m.ContractPage })),
          },
        ],
      },

      { path: '*', lazy: () => import('../features/common/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];

/** The areas whose screens (but the home) are a lazy table, by route id (also the path's first segment). */
const AREA_TABLES = {
  intranet: () => import('./intranet/routes').then((m) => m.intranetChildren),
  extranet: () => import('./extranet/routes').then((m) => m.extranetChildren),
} as const;

/**
 * `patchRoutesOnNavigation` of both routers. React Router calls it when a path matches no route
 * or only a splat (here the root's '*'), so `/intranet/users` first matches the page-not-found
 * screen, then this adds the intranet's table and the router matches again. It also calls it for
 * a path that a route with a parameter matches in full (a contract's page), in case a table holds
 * a more specific route: none does, so that page starts at once instead of a round trip later
 * (on the phone profile, 0.2 s). The frame's requests start here, before the table arrives.
 * Adding a table twice is harmless (React Router keeps routes it
 * already has), so no flag is kept between routers.
 */
export const areaRoutes: PatchRoutesOnNavigationFunction = async ({ path, matches, patch }) => {
  const area = path.split('/')[1];
  if (area !== 'intranet' && area !== 'extranet') return;
  const deepest = matches.at(-1);
  const matchedInFull = deepest && deepest.route.path !== '*' && trimSlash(deepest.pathname) === trimSlash(path);
  if (matchedInFull) return;
  // The area's loaders run once its table is in: its frame's requests need not wait for it.
  startAreaFrame(path);
  patch(area, await AREA_TABLES[area]());
};

const trimSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
