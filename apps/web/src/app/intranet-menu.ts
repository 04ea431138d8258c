import type { ContactTypeGroup } from '@reseau/contracts/constants/contacts';
import {
  IconAddressBook,
  IconApps,
  IconBriefcase,
  IconBuilding,
  IconBuildingCommunity,
  IconBuildingStore,
  IconChartBar,
  IconFileImport,
  IconFileInvoice,
  IconFolders,
  IconHome,
  IconInbox,
  IconLayoutGrid,
  IconListSearch,
  IconMailExclamation,
  IconMap2,
  IconMessages,
  IconNews,
  IconReceipt,
  IconReplace,
  IconScale,
  IconSearch,
  IconSignature,
  IconTool,
  IconUserShield,
  IconUsersGroup,
  IconWorld,
  type TablerIcon,
} from '@tabler/icons-react';
import type { AccessContext, AccessRule } from '../lib/permissions';
import { canAccess } from '../lib/permissions';
import { INTRANET_ACCESS } from './intranet-access';

export type MenuSection = 'main' | 'activity' | 'network' | 'resources' | 'agency' | 'administration';

export interface IntranetMenuEntry {
  /** Referenced by the routes' `accessId`: the same rule guards the entry and its screens. */
  id: string;
  path: string;
  labelKey: string;
  icon: TablerIcon;
  section: MenuSection;
  access?: AccessRule;
  /** false: a guarded screen with no menu entry (the search page is reached from the header). */
  inMenu?: boolean;
  /** The entry's badge: the current agency's contacts to handle of that group (spec 00 §3). */
  countGroup?: ContactTypeGroup;
}

/**
 * The one table of the intranet menu (spec 00 §2 and §6): route, icon, label and who sees it.
 * Entries without `access` are for everyone.
 */
export const INTRANET_MENU: readonly IntranetMenuEntry[] = [
  { id: 'home', path: '/intranet', labelKey: 'menu.home', icon: IconHome, section: 'main' },

  {
    id: 'demands',
    path: '/intranet/demands',
    labelKey: 'menu.demands',
    countGroup: 'external',
    icon: IconInbox,
    section: 'activity',
    access: INTRANET_ACCESS.demands,
  },
  {
    id: 'quotations',
    path: '/intranet/quotations',
    labelKey: 'menu.quotations',
    countGroup: 'quotation',
    icon: IconFileInvoice,
    section: 'activity',
    access: INTRANET_ACCESS.quotations,
  },
  {
    id: 'invoices',
    path: '/intranet/invoices',
    labelKey: 'menu.invoices',
    countGroup: 'invoice',
    icon: IconReceipt,
    section: 'activity',
    access: INTRANET_ACCESS.invoices,
  },

  {
    id: 'all-demands',
    path: '/intranet/all-demands',
    labelKey: 'menu.allDemands',
    icon: IconInbox,
    section: 'network',
    access: INTRANET_ACCESS['all-demands'],
  },
  {
    id: 'all-quotations',
    path: '/intranet/all-quotations',
    labelKey: 'menu.allQuotations',
    icon: IconFileInvoice,
    section: 'network',
    access: INTRANET_ACCESS['all-quotations'],
  },
  {
    id: 'all-invoices',
    path: '/intranet/all-invoices',
    labelKey: 'menu.allInvoices',
    icon: IconReceipt,
    section: 'network',
    access: INTRANET_ACCESS['all-invoices'],
  },

  { id: 'network-news', path: '/intranet/network-news', labelKey: 'menu.networkNews', icon: IconNews, section: 'resources' },
  {
    id: 'network-news-edit',
    path: '/intranet/network-news-edit',
    labelKey: 'pages.networkNewsEdit',
    icon: IconNews,
    section: 'resources',
    access: INTRANET_ACCESS['network-news-edit'],
    inMenu: false,
  },
  {
    id: 'doc-base',
    path: '/intranet/doc-base',
    labelKey: 'menu.docBase',
    icon: IconFolders,
    section: 'resources',
    access: INTRANET_ACCESS['doc-base'],
  },
  {
    id: 'forum',
    path: '/intranet/forum',
    labelKey: 'menu.forum',
    icon: IconMessages,
    section: 'resources',
    access: INTRANET_ACCESS.forum,
  },
  {
    id: 'spare-parts',
    path: '/intranet/spare-parts',
    labelKey: 'menu.spareParts',
    icon: IconReplace,
    section: 'resources',
    access: INTRANET_ACCESS['spare-parts'],
  },
  {
    id: 'applications',
    path: '/intranet/applications',
    labelKey: 'menu.applications',
    icon: IconApps,
    section: 'resources',
    access: INTRANET_ACCESS.applications,
  },
  {
    id: 'adherent-book-list',
    path: '/intranet/adherent-book-list',
    labelKey: 'menu.adherentBookList',
    icon: IconAddressBook,
    section: 'resources',
    access: INTRANET_ACCESS['adherent-book-list'],
  },
  {
    id: 'adherent-book-map',
    path: '/intranet/adherent-book-map',
    labelKey: 'menu.adherentBookMap',
    icon: IconMap2,
    section: 'resources',
    access: INTRANET_ACCESS['adherent-book-map'],
  },
  { id: 'signature', path: '/intranet/signature', labelKey: 'menu.signature', icon: IconSignature, section: 'resources' },

  {
    id: 'job-offers',
    path: '/intranet/job-offers',
    labelKey: 'menu.jobOffers',
    icon: IconBriefcase,
    section: 'agency',
    access: INTRANET_ACCESS['job-offers'],
  },
  {
    id: 'monthly-result',
    path: '/intranet/monthly-result',
    labelKey: 'menu.monthlyResult',
    icon: IconChartBar,
    section: 'agency',
    access: INTRANET_ACCESS['monthly-result'],
  },
  {
    id: 'agency-page',
    path: '/intranet/agency-page',
    labelKey: 'menu.agencyPage',
    icon: IconWorld,
    section: 'agency',
    access: INTRANET_ACCESS['agency-page'],
  },
  {
    id: 'my-agency',
    path: '/intranet/my-agency',
    labelKey: 'menu.myAgency',
    icon: IconBuildingStore,
    section: 'agency',
    access: INTRANET_ACCESS['my-agency'],
  },
  {
    id: 'imports',
    path: '/intranet/imports',
    labelKey: 'menu.imports',
    icon: IconFileImport,
    section: 'agency',
    access: INTRANET_ACCESS.imports,
  },
  {
    id: 'adherent-users',
    path: '/intranet/adherent-users',
    labelKey: 'menu.adherentUsers',
    icon: IconUsersGroup,
    section: 'agency',
    access: INTRANET_ACCESS['adherent-users'],
  },

  {
    id: 'users',
    path: '/intranet/users',
    labelKey: 'menu.users',
    icon: IconUserShield,
    section: 'administration',
    access: INTRANET_ACCESS.users,
  },
  {
    id: 'adherents',
    path: '/intranet/adherents',
    labelKey: 'menu.adherents',
    icon: IconBuildingCommunity,
    section: 'administration',
    access: INTRANET_ACCESS.adherents,
  },
  {
    id: 'prestations',
    path: '/intranet/prestations',
    labelKey: 'menu.prestations',
    icon: IconTool,
    section: 'administration',
    access: INTRANET_ACCESS.prestations,
  },
  {
    id: 'network-agency-page-contents',
    path: '/intranet/network-agency-page-contents',
    labelKey: 'menu.networkAgencyPageContents',
    icon: IconLayoutGrid,
    section: 'administration',
    access: INTRANET_ACCESS['network-agency-page-contents'],
  },
  {
    id: 'mail-queue',
    path: '/intranet/mail-queue',
    labelKey: 'menu.mailQueue',
    icon: IconMailExclamation,
    section: 'administration',
    access: INTRANET_ACCESS['mail-queue'],
  },
  {
    id: 'audit-log',
    path: '/intranet/audit-log',
    labelKey: 'menu.auditLog',
    icon: IconListSearch,
    section: 'administration',
    access: INTRANET_ACCESS['audit-log'],
  },
  {
    id: 'legal-pages',
    path: '/intranet/legal-pages',
    labelKey: 'menu.legalPages',
    icon: IconScale,
    section: 'administration',
    access: INTRANET_ACCESS['legal-pages'],
  },

  // Guarded screens without a menu entry of their own.
  {
    id: 'adherent-forms',
    path: '/intranet/adherent-admin',
    labelKey: 'pages.adherentAdmin',
    icon: IconBuilding,
    section: 'administration',
    inMenu: false,
    access: INTRANET_ACCESS['adherent-forms'],
  },
  {
    // The agency form is reached from the adherent page: creating an agency and turning it on or off
    // need adherents_administration on the server too.
    id: 'agency-form',
    path: '/intranet/agency',
    labelKey: 'pages.agency',
    icon: IconBuildingStore,
    section: 'administration',
    inMenu: false,
    access: INTRANET_ACCESS['agency-form'],
  },
  {
    id: 'search',
    path: '/intranet/search',
    labelKey: 'pages.search',
    icon: IconSearch,
    section: 'main',
    inMenu: false,
  },
];

export const MENU_SECTION_ORDER: readonly MenuSection[] = [
  'main',
  'activity',
  'network',
  'resources',
  'agency',
  'administration',
];

export function menuEntry(id: string | undefined): IntranetMenuEntry | undefined {
  return id ? INTRANET_MENU.find((entry) => entry.id === id) : undefined;
}

/** The entries a user sees, in menu order. */
export function visibleMenu(ctx: AccessContext): IntranetMenuEntry[] {
  return INTRANET_MENU.filter((entry) => entry.inMenu !== false && canAccess(entry.access, ctx));
}

/**
 * The header's search box is for "intranet admins" (spec 00 §2), read as every staff user: the
 * search key carries each one's reading, so a hit never shows what they may not open
 * (docs/decisions.md). Customers never reach the intranet shell.
 */
export function canSearch(roleId: number | null): boolean {
  return roleId !== null;
}
