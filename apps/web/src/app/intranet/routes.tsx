import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../route-handle';
import { screenRequests } from './screen-requests';

/*
 * The intranet's screens but its home (spec 00 §2). This table is not in the entry chunk: the
 * router adds it under the `intranet` route on the first navigation into the area
 * (`patchRoutesOnNavigation`, app/router.tsx), so the login route does not load it.
 * A new screen: `{ path, handle, lazy: () => import(...) }` here, and a `loader` from
 * ./screen-requests.ts for the GETs its first render makes.
 */

export const intranetChildren: RouteObject[] = [
  {
    path: 'demands',
    handle: { titleKey: 'menu.demands', accessId: 'demands' } satisfies RouteHandle,
    ...screenRequests.demands,
    lazy: () => import('../../features/intranet/contacts/ContactsPage').then((m) => ({ Component: m.DemandsPage })),
  },
  {
    path: 'quotations',
    handle: { titleKey: 'menu.quotations', accessId: 'quotations' } satisfies RouteHandle,
    ...screenRequests.quotations,
    lazy: () => import('../../features/intranet/contacts/ContactsPage').then((m) => ({ Component: m.QuotationsPage })),
  },
  {
    path: 'invoices',
    handle: { titleKey: 'menu.invoices', accessId: 'invoices' } satisfies RouteHandle,
    ...screenRequests.invoices,
    lazy: () => import('../../features/intranet/contacts/ContactsPage').then((m) => ({ Component: m.InvoicesPage })),
  },
  {
    path: 'all-demands',
    handle: { titleKey: 'menu.allDemands', accessId: 'all-demands' } satisfies RouteHandle,
    ...screenRequests.allDemands,
    lazy: () => import('../../features/intranet/contacts/ContactsPage').then((m) => ({ Component: m.AllDemandsPage })),
  },
  {
    path: 'all-quotations',
    handle: { titleKey: 'menu.allQuotations', accessId: 'all-quotations' } satisfies RouteHandle,
    ...screenRequests.allQuotations,
    lazy: () => import('../../features/intranet/contacts/ContactsPage').then((m) => ({ Component: m.AllQuotationsPage })),
  },
  {
    path: 'all-invoices',
    handle: { titleKey: 'menu.allInvoices', accessId: 'all-invoices' } satisfies RouteHandle,
    ...screenRequests.allInvoices,
    lazy: () => import('../../features/intranet/contacts/ContactsPage').then((m) => ({ Component: m.AllInvoicesPage })),
  },
  {
    path: 'network-news',
    handle: { titleKey: 'menu.networkNews', accessId: 'network-news' } satisfies RouteHandle,
    ...screenRequests.networkNews,
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
    ...screenRequests.docBases,
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
    ...screenRequests.forums,
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
    ...screenRequests.forumThread,
    lazy: () => import('../../features/intranet/forums/ForumThreadPage').then((m) => ({ Component: m.ForumThreadPage })),
  },
  {
    path: 'spare-parts',
    handle: { titleKey: 'menu.spareParts', accessId: 'spare-parts' } satisfies RouteHandle,
    ...screenRequests.spareParts,
    lazy: () => import('../../features/intranet/spare-parts/SparePartsPage').then((m) => ({ Component: m.SparePartsPage })),
  },
  {
    path: 'signature',
    handle: { titleKey: 'menu.signature', accessId: 'signature' } satisfies RouteHandle,
    ...screenRequests.signature,
    lazy: () => import('../../features/intranet/signature/SignaturePage').then((m) => ({ Component: m.SignaturePage })),
  },
  {
    path: 'applications',
    handle: { titleKey: 'menu.applications', accessId: 'applications' } satisfies RouteHandle,
    ...screenRequests.applications,
    lazy: () =>
      import('../../features/intranet/applications/NetworkApplicationsPage').then((m) => ({
        Component: m.NetworkApplicationsPage,
      })),
  },
  {
    path: 'adherent-book-list',
    handle: { titleKey: 'menu.adherentBookList', accessId: 'adherent-book-list' } satisfies RouteHandle,
    ...screenRequests.directoryList,
    lazy: () =>
      import('../../features/intranet/directory/AdherentBookListPage').then((m) => ({ Component: m.AdherentBookListPage })),
  },
  {
    path: 'adherent-book-map',
    handle: { titleKey: 'menu.adherentBookMap', accessId: 'adherent-book-map' } satisfies RouteHandle,
    ...screenRequests.directoryMap,
    lazy: () =>
      import('../../features/intranet/directory/AdherentBookMapPage').then((m) => ({ Component: m.AdherentBookMapPage })),
  },
  {
    path: 'users',
    handle: { titleKey: 'menu.users', accessId: 'users' } satisfies RouteHandle,
    ...screenRequests.users,
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
    ...screenRequests.adherents,
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
    ...screenRequests.prestations,
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
  {
    path: 'job-offers',
    handle: { titleKey: 'menu.jobOffers', accessId: 'job-offers' } satisfies RouteHandle,
    ...screenRequests.jobOffers,
    lazy: () => import('../../features/intranet/job-offers/JobOffersPage').then((m) => ({ Component: m.JobOffersPage })),
  },
  {
    path: 'job-offer',
    handle: { titleKey: 'pages.jobOffer', accessId: 'job-offers' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/job-offers/JobOfferPage').then((m) => ({ Component: m.JobOfferPage })),
  },
  {
    path: 'monthly-result',
    handle: { titleKey: 'menu.monthlyResult', accessId: 'monthly-result' } satisfies RouteHandle,
    ...screenRequests.monthlyResult,
    lazy: () =>
      import('../../features/intranet/monthly-result/MonthlyResultPage').then((m) => ({ Component: m.MonthlyResultPage })),
  },
  // "Mes connexions" (issue 27 §3), from the profile menu: every signed-in staff member.
  {
    path: 'my-sessions',
    handle: { titleKey: 'pages.mySessions' } satisfies RouteHandle,
    lazy: () => import('../../features/my-sessions/MySessionsPage').then((m) => ({ Component: m.MySessionsPage })),
  },
  {
    path: 'account-security',
    handle: { titleKey: 'secondFactor.pageTitle' } satisfies RouteHandle,
    lazy: () =>
      import('../../features/intranet/account-security/AccountSecurityPage').then((m) => ({ Component: m.AccountSecurityPage })),
  },
  // "Mes données" (issue 28 §1), from the profile menu: every signed-in staff member, their own account.
  {
    path: 'my-data',
    handle: { titleKey: 'shell.myData' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/my-data/MyDataPage').then((m) => ({ Component: m.MyDataPage })),
  },
  {
    path: 'mail-queue',
    handle: { titleKey: 'menu.mailQueue', accessId: 'mail-queue' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/mail-queue/MailQueuePage').then((m) => ({ Component: m.MailQueuePage })),
  },
  {
    path: 'audit-log',
    handle: { titleKey: 'menu.auditLog', accessId: 'audit-log' } satisfies RouteHandle,
    ...screenRequests.auditLog,
    lazy: () => import('../../features/intranet/audit-log/AuditLogPage').then((m) => ({ Component: m.AuditLogPage })),
  },
  {
    path: 'legal-pages',
    handle: { titleKey: 'menu.legalPages', accessId: 'legal-pages' } satisfies RouteHandle,
    ...screenRequests.legalPages,
    lazy: () => import('../../features/intranet/legal-pages/LegalPagesPage').then((m) => ({ Component: m.LegalPagesPage })),
  },
  {
    path: 'network-agency-page-contents',
    handle: { titleKey: 'menu.networkAgencyPageContents', accessId: 'network-agency-page-contents' } satisfies RouteHandle,
    ...screenRequests.networkAgencyPageContents,
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
    ...screenRequests.agencyPage,
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
    ...screenRequests.myAgency,
    lazy: () => import('../../features/intranet/my-agency/MyAgencyPage').then((m) => ({ Component: m.MyAgencyPage })),
  },
  {
    path: 'imports',
    handle: { titleKey: 'menu.imports', accessId: 'imports' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/imports/ImportsPage').then((m) => ({ Component: m.ImportsPage })),
  },
  {
    path: 'adherent-users',
    handle: { titleKey: 'menu.adherentUsers', accessId: 'adherent-users' } satisfies RouteHandle,
    ...screenRequests.adherentUsers,
    lazy: () =>
      import('../../features/intranet/adherent-users/AdherentUsersPage').then((m) => ({ Component: m.AdherentUsersPage })),
  },
  {
    path: 'adherent-user',
    handle: { titleKey: 'pages.adherentUser', accessId: 'adherent-users' } satisfies RouteHandle,
    lazy: () =>
      import('../../features/intranet/adherent-users/AdherentUserPage').then((m) => ({ Component: m.AdherentUserPage })),
  },
  {
    path: 'search',
    handle: { titleKey: 'pages.search', accessId: 'search' } satisfies RouteHandle,
    lazy: () => import('../../features/intranet/search/SearchPage').then((m) => ({ Component: m.SearchPage })),
  },
];
