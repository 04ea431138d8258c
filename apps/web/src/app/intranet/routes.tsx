import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../route-handle';

/*
 * The intranet's screens but its home (spec 00 §2). This table is not in the entry chunk: the
 * router adds it under the `intranet` route on the first navigation into the area
 * (`patchRoutesOnNavigation`, app/router.tsx), so the login route does not load it.
 * A new screen: `{ path, handle, lazy: () => import(...) }` here, in place of its `soon(...)` line.
 */

const comingSoon = () => import('../../features/common/ComingSoonPage').then((m) => ({ Component: m.ComingSoonPage }));

function soon(path: string, handle: RouteHandle): RouteObject {
  return { path, handle, lazy: comingSoon };
}

export const intranetChildren: RouteObject[] = [
  soon('demands', { titleKey: 'menu.demands', accessId: 'demands' }),
  soon('quotations', { titleKey: 'menu.quotations', accessId: 'quotations' }),
  soon('invoices', { titleKey: 'menu.invoices', accessId: 'invoices' }),
  soon('all-demands', { titleKey: 'menu.allDemands', accessId: 'all-demands' }),
  soon('all-quotations', { titleKey: 'menu.allQuotations', accessId: 'all-quotations' }),
  soon('all-invoices', { titleKey: 'menu.allInvoices', accessId: 'all-invoices' }),
  {
    path: 'network-news',
    handle: { titleKey: 'menu.networkNews', accessId: 'network-news' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/network-news/NetworkNewsPage').then((m) => ({ Component: m.NetworkNewsPage })),
  },
  {
    path: 'network-news/:id',
    handle: { titleKey: 'pages.networkNewsDetail', accessId: 'network-news' } satisfies RouteHandle,
    lazy: () =>
      import('../../features/intranet/network-news/NetworkNewsDetailPage').then((m) => ({ Component: m.NetworkNewsDetailPage })),
  },
  {
    path: 'network-news-edit',
    handle: { titleKey: 'pages.networkNewsEdit', accessId: 'network-news-edit' } satisfies RouteHandle,
    lazy: () =>
      import('../../features/intranet/network-news/NetworkNewsEditPage').then((m) => ({ Component: m.NetworkNewsEditPage })),
  },
  {
    path: 'doc-base',
    handle: { titleKey: 'menu.docBase', accessId: 'doc-base' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/doc-bases/DocBasesPage').then((m) => ({ Component: m.DocBasesPage })),
  },
  {
    path: 'doc-base/:baseId',
    handle: { titleKey: 'pages.docBaseList', accessId: 'doc-base' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/doc-bases/DocBaseListPage').then((m) => ({ Component: m.DocBaseListPage })),
  },
  {
    path: 'doc-base/:baseId/edit-doc',
    handle: { titleKey: 'pages.docBaseEdit', accessId: 'doc-base' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/doc-bases/DocBaseEditPage').then((m) => ({ Component: m.DocBaseEditPage })),
  },
  {
    path: 'doc-base/:baseId/:itemId',
    handle: { titleKey: 'pages.docBaseItem', accessId: 'doc-base' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/doc-bases/DocBaseItemPage').then((m) => ({ Component: m.DocBaseItemPage })),
  },
  {
    path: 'forum',
    handle: { titleKey: 'menu.forum', accessId: 'forum' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/forums/ForumsPage').then((m) => ({ Component: m.ForumsPage })),
  },
  {
    path: 'forum/:forumId',
    handle: { titleKey: 'pages.forumThreads', accessId: 'forum' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/forums/ForumThreadsPage').then((m) => ({ Component: m.ForumThreadsPage })),
  },
  {
    path: 'forum/:forumId/create-thread',
    handle: { titleKey: 'pages.forumCreateThread', accessId: 'forum' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/forums/CreateThreadPage').then((m) => ({ Component: m.CreateThreadPage })),
  },
  {
    path: 'forum/:forumId/thread/:threadId',
    handle: { titleKey: 'pages.forumThread', accessId: 'forum' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/forums/ForumThreadPage').then((m) => ({ Component: m.ForumThreadPage })),
  },
  {
    path: 'spare-parts',
    handle: { titleKey: 'menu.spareParts', accessId: 'spare-parts' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/spare-parts/SparePartsPage').then((m) => ({ Component: m.SparePartsPage })),
  },
  {
    path: 'signature',
    handle: { titleKey: 'menu.signature', accessId: 'signature' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/signature/SignaturePage').then((m) => ({ Component: m.SignaturePage })),
  },
  {
    path: 'applications',
    handle: { titleKey: 'menu.applications', accessId: 'applications' } satisfies RouteHandle,
    lazy: () =>
      import('../../features/intranet/applications/NetworkApplicationsPage').then((m) => ({
        Component: m.NetworkApplicationsPage,
      })),
  },
  soon('adherent-book-list', { titleKey: 'menu.adherentBookList', accessId: 'adherent-book-list' }),
  soon('adherent-book-map', { titleKey: 'menu.adherentBookMap', accessId: 'adherent-book-map' }),
  {
    path: 'users',
    handle: { titleKey: 'menu.users', accessId: 'users' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/users/UsersPage').then((m) => ({ Component: m.UsersPage })),
  },
  {
    path: 'user',
    handle: { titleKey: 'pages.user', accessId: 'users' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/users/UserPage').then((m) => ({ Component: m.UserPage })),
  },
  {
    path: 'adherents',
    handle: { titleKey: 'menu.adherents', accessId: 'adherents' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/adherents/AdherentsPage').then((m) => ({ Component: m.AdherentsPage })),
  },
  {
    path: 'adherent',
    handle: { titleKey: 'pages.adherent', accessId: 'adherents' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/adherents/AdherentPage').then((m) => ({ Component: m.AdherentPage })),
  },
  {
    path: 'adherent-admin',
    handle: { titleKey: 'pages.adherentAdmin', accessId: 'adherent-forms' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/adherents/AdherentAdminPage').then((m) => ({ Component: m.AdherentAdminPage })),
  },
  {
    path: 'agency',
    handle: { titleKey: 'pages.agency', accessId: 'agency-form' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/adherents/AgencyFormPage').then((m) => ({ Component: m.AgencyFormPage })),
  },
  {
    path: 'prestations',
    handle: { titleKey: 'menu.prestations', accessId: 'prestations' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/prestations/PrestationsPage').then((m) => ({ Component: m.PrestationsPage })),
  },
  {
    path: 'prestation',
    handle: { titleKey: 'pages.prestation', accessId: 'prestations' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/prestations/PrestationPage').then((m) => ({ Component: m.PrestationPage })),
  },
  {
    path: 'equipment',
    handle: { titleKey: 'pages.equipment', accessId: 'prestations' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/prestations/EquipmentPage').then((m) => ({ Component: m.EquipmentPage })),
  },
  soon('job-offers', { titleKey: 'menu.jobOffers', accessId: 'job-offers' }),
  soon('job-offer', { titleKey: 'pages.jobOffer', accessId: 'job-offers' }),
  soon('monthly-result', { titleKey: 'menu.monthlyResult', accessId: 'monthly-result' }),
  {
    path: 'network-agency-page-contents',
    handle: { titleKey: 'menu.networkAgencyPageContents', accessId: 'network-agency-page-contents' } satisfies RouteHandle,
    lazy: () =>
      import('../../features/intranet/agency-page/NetworkContentsPage').then((m) => ({ Component: m.NetworkContentsPage })),
  },
  {
    path: 'network-agency-page-content',
    handle: { titleKey: 'pages.networkAgencyPageContent', accessId: 'network-agency-page-contents' } satisfies RouteHandle,
    lazy: () =>
      import('../../features/intranet/agency-page/ContentEditPage').then((m) => ({ Component: m.NetworkAgencyPageContentPage })),
  },
  {
    path: 'agency-page',
    handle: { titleKey: 'menu.agencyPage', accessId: 'agency-page' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/agency-page/AgencyPagePage').then((m) => ({ Component: m.AgencyPagePage })),
  },
  {
    path: 'agency-page-content',
    handle: { titleKey: 'pages.agencyPageContent', accessId: 'agency-page' } satisfies RouteHandle,
    lazy: () =>
      import('../../features/intranet/agency-page/ContentEditPage').then((m) => ({ Component: m.AgencyPageContentPage })),
  },
  {
    path: 'my-agency',
    handle: { titleKey: 'menu.myAgency', accessId: 'my-agency' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/my-agency/MyAgencyPage').then((m) => ({ Component: m.MyAgencyPage })),
  },
  {
    path: 'adherent-users',
    handle: { titleKey: 'menu.adherentUsers', accessId: 'adherent-users' } satisfies RouteHandle,
    lazy: () =>
      import('../../features/intranet/adherent-users/AdherentUsersPage').then((m) => ({ Component: m.AdherentUsersPage })),
  },
  {
    path: 'adherent-user',
    handle: { titleKey: 'pages.adherentUser', accessId: 'adherent-users' } satisfies RouteHandle,
    lazy: () =>
      import('../../features/intranet/adherent-users/AdherentUserPage').then((m) => ({ Component: m.AdherentUserPage })),
  },
  soon('search', { titleKey: 'pages.search', accessId: 'search' }),
];
