import { type RouteObject, redirect } from 'react-router';
import { redirectSignedIn, requireSignedIn } from './guards';
import type { RouteHandle } from './route-handle';

/*
 * The route map of spec 00 §2. This file is in the entry chunk, so it imports nothing heavy:
 * every screen and each area's shell is a lazy module.
 */

const comingSoon = () => import('../features/common/ComingSoonPage').then((m) => ({ Component: m.ComingSoonPage }));

function soon(path: string, handle: RouteHandle): RouteObject {
  return { path, handle, lazy: comingSoon };
}

const intranetChildren: RouteObject[] = [
  {
    index: true,
    handle: { titleKey: 'menu.home', accessId: 'home' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/home/HomePage').then((m) => ({ Component: m.HomePage })),
  },
  soon('demands', { titleKey: 'menu.demands', accessId: 'demands' }),
  soon('quotations', { titleKey: 'menu.quotations', accessId: 'quotations' }),
  soon('invoices', { titleKey: 'menu.invoices', accessId: 'invoices' }),
  soon('all-demands', { titleKey: 'menu.allDemands', accessId: 'all-demands' }),
  soon('all-quotations', { titleKey: 'menu.allQuotations', accessId: 'all-quotations' }),
  soon('all-invoices', { titleKey: 'menu.allInvoices', accessId: 'all-invoices' }),
  {
    path: 'network-news',
    handle: { titleKey: 'menu.networkNews', accessId: 'network-news' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/network-news/NetworkNewsPage').then((m) => ({ Component: m.NetworkNewsPage })),
  },
  {
    path: 'network-news/:id',
    handle: { titleKey: 'pages.networkNewsDetail', accessId: 'network-news' } satisfies RouteHandle,
    lazy: () =>
      import('../features/intranet/network-news/NetworkNewsDetailPage').then((m) => ({ Component: m.NetworkNewsDetailPage })),
  },
  {
    path: 'network-news-edit',
    handle: { titleKey: 'pages.networkNewsEdit', accessId: 'network-news-edit' } satisfies RouteHandle,
    lazy: () =>
      import('../features/intranet/network-news/NetworkNewsEditPage').then((m) => ({ Component: m.NetworkNewsEditPage })),
  },
  {
    path: 'doc-base',
    handle: { titleKey: 'menu.docBase', accessId: 'doc-base' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/doc-bases/DocBasesPage').then((m) => ({ Component: m.DocBasesPage })),
  },
  {
    path: 'doc-base/:baseId',
    handle: { titleKey: 'pages.docBaseList', accessId: 'doc-base' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/doc-bases/DocBaseListPage').then((m) => ({ Component: m.DocBaseListPage })),
  },
  {
    path: 'doc-base/:baseId/edit-doc',
    handle: { titleKey: 'pages.docBaseEdit', accessId: 'doc-base' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/doc-bases/DocBaseEditPage').then((m) => ({ Component: m.DocBaseEditPage })),
  },
  {
    path: 'doc-base/:baseId/:itemId',
    handle: { titleKey: 'pages.docBaseItem', accessId: 'doc-base' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/doc-bases/DocBaseItemPage').then((m) => ({ Component: m.DocBaseItemPage })),
  },
  {
    path: 'forum',
    handle: { titleKey: 'menu.forum', accessId: 'forum' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/forums/ForumsPage').then((m) => ({ Component: m.ForumsPage })),
  },
  {
    path: 'forum/:forumId',
    handle: { titleKey: 'pages.forumThreads', accessId: 'forum' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/forums/ForumThreadsPage').then((m) => ({ Component: m.ForumThreadsPage })),
  },
  {
    path: 'forum/:forumId/create-thread',
    handle: { titleKey: 'pages.forumCreateThread', accessId: 'forum' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/forums/CreateThreadPage').then((m) => ({ Component: m.CreateThreadPage })),
  },
  {
    path: 'forum/:forumId/thread/:threadId',
    handle: { titleKey: 'pages.forumThread', accessId: 'forum' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/forums/ForumThreadPage').then((m) => ({ Component: m.ForumThreadPage })),
  },
  {
    path: 'spare-parts',
    handle: { titleKey: 'menu.spareParts', accessId: 'spare-parts' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/spare-parts/SparePartsPage').then((m) => ({ Component: m.SparePartsPage })),
  },
  soon('signature', { titleKey: 'menu.signature', accessId: 'signature' }),
  {
    path: 'applications',
    handle: { titleKey: 'menu.applications', accessId: 'applications' } satisfies RouteHandle,
    lazy: () =>
      import('../features/intranet/applications/NetworkApplicationsPage').then((m) => ({
        Component: m.NetworkApplicationsPage,
      })),
  },
  soon('adherent-book-list', { titleKey: 'menu.adherentBookList', accessId: 'adherent-book-list' }),
  soon('adherent-book-map', { titleKey: 'menu.adherentBookMap', accessId: 'adherent-book-map' }),
  {
    path: 'users',
    handle: { titleKey: 'menu.users', accessId: 'users' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/users/UsersPage').then((m) => ({ Component: m.UsersPage })),
  },
  {
    path: 'user',
    handle: { titleKey: 'pages.user', accessId: 'users' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/users/UserPage').then((m) => ({ Component: m.UserPage })),
  },
  {
    path: 'adherents',
    handle: { titleKey: 'menu.adherents', accessId: 'adherents' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/adherents/AdherentsPage').then((m) => ({ Component: m.AdherentsPage })),
  },
  {
    path: 'adherent',
    handle: { titleKey: 'pages.adherent', accessId: 'adherents' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/adherents/AdherentPage').then((m) => ({ Component: m.AdherentPage })),
  },
  {
    path: 'adherent-admin',
    handle: { titleKey: 'pages.adherentAdmin', accessId: 'adherent-forms' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/adherents/AdherentAdminPage').then((m) => ({ Component: m.AdherentAdminPage })),
  },
  {
    path: 'agency',
    handle: { titleKey: 'pages.agency', accessId: 'agency-form' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/adherents/AgencyFormPage').then((m) => ({ Component: m.AgencyFormPage })),
  },
  {
    path: 'prestations',
    handle: { titleKey: 'menu.prestations', accessId: 'prestations' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/prestations/PrestationsPage').then((m) => ({ Component: m.PrestationsPage })),
  },
  {
    path: 'prestation',
    handle: { titleKey: 'pages.prestation', accessId: 'prestations' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/prestations/PrestationPage').then((m) => ({ Component: m.PrestationPage })),
  },
  {
    path: 'equipment',
    handle: { titleKey: 'pages.equipment', accessId: 'prestations' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/prestations/EquipmentPage').then((m) => ({ Component: m.EquipmentPage })),
  },
  soon('job-offers', { titleKey: 'menu.jobOffers', accessId: 'job-offers' }),
  soon('job-offer', { titleKey: 'pages.jobOffer', accessId: 'job-offers' }),
  soon('monthly-result', { titleKey: 'menu.monthlyResult', accessId: 'monthly-result' }),
  {
    path: 'network-agency-page-contents',
    handle: { titleKey: 'menu.networkAgencyPageContents', accessId: 'network-agency-page-contents' } satisfies RouteHandle,
    lazy: () =>
      import('../features/intranet/agency-page/NetworkContentsPage').then((m) => ({ Component: m.NetworkContentsPage })),
  },
  {
    path: 'network-agency-page-content',
    handle: { titleKey: 'pages.networkAgencyPageContent', accessId: 'network-agency-page-contents' } satisfies RouteHandle,
    lazy: () =>
      import('../features/intranet/agency-page/ContentEditPage').then((m) => ({ Component: m.NetworkAgencyPageContentPage })),
  },
  {
    path: 'agency-page',
    handle: { titleKey: 'menu.agencyPage', accessId: 'agency-page' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/agency-page/AgencyPagePage').then((m) => ({ Component: m.AgencyPagePage })),
  },
  {
    path: 'agency-page-content',
    handle: { titleKey: 'pages.agencyPageContent', accessId: 'agency-page' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/agency-page/ContentEditPage').then((m) => ({ Component: m.AgencyPageContentPage })),
  },
  {
    path: 'my-agency',
    handle: { titleKey: 'menu.myAgency', accessId: 'my-agency' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/my-agency/MyAgencyPage').then((m) => ({ Component: m.MyAgencyPage })),
  },
  {
    path: 'adherent-users',
    handle: { titleKey: 'menu.adherentUsers', accessId: 'adherent-users' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/adherent-users/AdherentUsersPage').then((m) => ({ Component: m.AdherentUsersPage })),
  },
  {
    path: 'adherent-user',
    handle: { titleKey: 'pages.adherentUser', accessId: 'adherent-users' } satisfies RouteHandle,
    lazy: () => import('../features/intranet/adherent-users/AdherentUserPage').then((m) => ({ Component: m.AdherentUserPage })),
  },
  soon('search', { titleKey: 'pages.search', accessId: 'search' }),
];

const extranetChildren: RouteObject[] = [
  {
    index: true,
    lazy: () => import('../features/extranet/home/ExtranetHomePage').then((m) => ({ Component: m.ExtranetHomePage })),
  },
  {
    path: 'contract/:id',
    handle: { titleKey: 'pages.contract' } satisfies RouteHandle,
    lazy: () => import('../features/extranet/contract/ContractPage').then((m) => ({ Component: m.ContractPage })),
  },
  {
    path: 'faq',
    handle: { titleKey: 'pages.faq' } satisfies RouteHandle,
    lazy: () => import('../features/extranet/faq/FaqPage').then((m) => ({ Component: m.FaqPage })),
  },
  {
    path: 'personal-info',
    handle: { titleKey: 'pages.personalInfo' } satisfies RouteHandle,
    lazy: () => import('../features/extranet/personal-info/PersonalInfoPage').then((m) => ({ Component: m.PersonalInfoPage })),
  },
  {
    path: 'payment-cancel',
    handle: { titleKey: 'pages.paymentCancel' } satisfies RouteHandle,
    lazy: () => import('../features/extranet/payment/PaymentCancelPage').then((m) => ({ Component: m.PaymentCancelPage })),
  },
  {
    path: 'payment-return',
    handle: { titleKey: 'pages.paymentReturn' } satisfies RouteHandle,
    lazy: () => import('../features/extranet/payment/PaymentReturnPage').then((m) => ({ Component: m.PaymentReturnPage })),
  },
];

const routeError = () => import('../features/common/RouteErrorPage').then((m) => ({ ErrorBoundary: m.RouteErrorPage }));

export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: routeError,
    // Shown while the first screen's code arrives.
    HydrateFallback: () => null,
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
      // Runs even for a signed-in customer: it also confirms an email change.
      {
        path: 'extranet/verify-email',
        lazy: () => import('../features/auth/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailRoute })),
      },

      // The two areas, each its own chunk.
      {
        path: 'intranet',
        loader: requireSignedIn('intranet'),
        lazy: () => import('./intranet/IntranetShell').then((m) => ({ Component: m.IntranetRoute })),
        children: intranetChildren,
      },
      {
        path: 'extranet',
        loader: requireSignedIn('extranet'),
        lazy: () => import('./extranet/ExtranetShell').then((m) => ({ Component: m.ExtranetRoute })),
        children: extranetChildren,
      },

      { path: '*', lazy: () => import('../features/common/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];
