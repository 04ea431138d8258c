import type { ContactTypeGroup } from '@reseau/contracts/constants/contacts';
import {
  AGENCY_KEY_ROLE_IDS,
  MEMBER_DIRECTORY_ROLE_IDS,
  NETWORK_CONTACTS_ROLE_IDS,
} from '@reseau/contracts/constants/permissions';
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
  IconMap2,
  IconMessages,
  IconNews,
  IconReceipt,
  IconReplace,
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
    access: { anyPermission: ['contact_administration'] },
  },
  {
    id: 'quotations',
    path: '/intranet/quotations',
    labelKey: 'menu.quotations',
    countGroup: 'quotation',
    icon: IconFileInvoice,
    section: 'activity',
    access: { anyPermission: ['contact_administration'] },
  },
  {
    id: 'invoices',
    path: '/intranet/invoices',
    labelKey: 'menu.invoices',
    countGroup: 'invoice',
    icon: IconReceipt,
    section: 'activity',
    access: { anyPermission: ['contact_administration'] },
  },

  {
    id: 'all-demands',
    path: '/intranet/all-demands',
    labelKey: 'menu.allDemands',
    icon: IconInbox,
    section: 'network',
    access: { roleIds: NETWORK_CONTACTS_ROLE_IDS },
  },
  {
    id: 'all-quotations',
    path: '/intranet/all-quotations',
    labelKey: 'menu.allQuotations',
    icon: IconFileInvoice,
    section: 'network',
    access: { roleIds: NETWORK_CONTACTS_ROLE_IDS },
  },
  {
    id: 'all-invoices',
    path: '/intranet/all-invoices',
    labelKey: 'menu.allInvoices',
    icon: IconReceipt,
    section: 'network',
    access: { roleIds: NETWORK_CONTACTS_ROLE_IDS },
  },

  { id: 'network-news', path: '/intranet/network-news', labelKey: 'menu.networkNews', icon: IconNews, section: 'resources' },
  {
    id: 'network-news-edit',
    path: '/intranet/network-news-edit',
    labelKey: 'pages.networkNewsEdit',
    icon: IconNews,
    section: 'resources',
    access: { anyPermission: ['network_actualities_administration'] },
    inMenu: false,
  },
  {
    id: 'doc-base',
    path: '/intranet/doc-base',
    labelKey: 'menu.docBase',
    icon: IconFolders,
    section: 'resources',
    access: { anyPermission: ['document_base_reading', 'document_base_administration'] },
  },
  {
    id: 'forum',
    path: '/intranet/forum',
    labelKey: 'menu.forum',
    icon: IconMessages,
    section: 'resources',
    access: {
      anyPermission: [
        'forum_adherent_administration',
        'forum_tech_administration',
        'forum_admin_administration',
        'forum_ca_administration',
      ],
    },
  },
  {
    id: 'spare-parts',
    path: '/intranet/spare-parts',
    labelKey: 'menu.spareParts',
    icon: IconReplace,
    section: 'resources',
    access: { anyPermission: ['spare_part_announcement_administration'] },
  },
  {
    id: 'applications',
    path: '/intranet/applications',
    labelKey: 'menu.applications',
    icon: IconApps,
    section: 'resources',
    access: { anyPermission: ['network_application_read', 'network_application_administration'] },
  },
  {
    id: 'adherent-book-list',
    path: '/intranet/adherent-book-list',
    labelKey: 'menu.adherentBookList',
    icon: IconAddressBook,
    section: 'resources',
    access: { roleIds: MEMBER_DIRECTORY_ROLE_IDS },
  },
  {
    id: 'adherent-book-map',
    path: '/intranet/adherent-book-map',
    labelKey: 'menu.adherentBookMap',
    icon: IconMap2,
    section: 'resources',
    access: { roleIds: MEMBER_DIRECTORY_ROLE_IDS },
  },
  { id: 'signature', path: '/intranet/signature', labelKey: 'menu.signature', icon: IconSignature, section: 'resources' },

  {
    id: 'job-offers',
    path: '/intranet/job-offers',
    labelKey: 'menu.jobOffers',
    icon: IconBriefcase,
    section: 'agency',
    access: { anyPermission: ['job_offer_administration'] },
  },
  {
    id: 'monthly-result',
    path: '/intranet/monthly-result',
    labelKey: 'menu.monthlyResult',
    icon: IconChartBar,
    section: 'agency',
    access: { anyPermission: ['monthly_result_administration'] },
  },
  {
    id: 'agency-page',
    path: '/intranet/agency-page',
    labelKey: 'menu.agencyPage',
    icon: IconWorld,
    section: 'agency',
    access: { anyPermission: ['agency_info_administration'], needsAgency: true },
  },
  {
    id: 'my-agency',
    path: '/intranet/my-agency',
    labelKey: 'menu.myAgency',
    icon: IconBuildingStore,
    section: 'agency',
    access: { anyPermission: ['agency_info_administration'], needsAgency: true },
  },
  {
    id: 'imports',
    path: '/intranet/imports',
    labelKey: 'menu.imports',
    icon: IconFileImport,
    section: 'agency',
    access: { anyPermission: ['agency_info_administration'], roleIds: AGENCY_KEY_ROLE_IDS, needsAgency: true },
  },
  {
    id: 'adherent-users',
    path: '/intranet/adherent-users',
    labelKey: 'menu.adherentUsers',
    icon: IconUsersGroup,
    section: 'agency',
    access: { anyPermission: ['adherent_users_administration'] },
  },

  {
    id: 'users',
    path: '/intranet/users',
    labelKey: 'menu.users',
    icon: IconUserShield,
    section: 'administration',
    access: { anyPermission: ['network_admins_administration'] },
  },
  {
    id: 'adherents',
    path: '/intranet/adherents',
    labelKey: 'menu.adherents',
    icon: IconBuildingCommunity,
    section: 'administration',
    access: { anyPermission: ['adherents_administration'] },
  },
  {
    id: 'prestations',
    path: '/intranet/prestations',
    labelKey: 'menu.prestations',
    icon: IconTool,
    section: 'administration',
    access: { anyPermission: ['network_prestation_administration', 'agency_prestation_administration'] },
  },
  {
    id: 'network-agency-page-contents',
    path: '/intranet/network-agency-page-contents',
    labelKey: 'menu.networkAgencyPageContents',
    icon: IconLayoutGrid,
    section: 'administration',
    access: { anyPermission: ['network_agency_page_content_administration'] },
  },

  // Guarded screens without a menu entry of their own.
  {
    id: 'adherent-forms',
    path: '/intranet/adherent-admin',
    labelKey: 'pages.adherentAdmin',
    icon: IconBuilding,
    section: 'administration',
    inMenu: false,
    access: { anyPermission: ['adherents_administration', 'adherent_users_administration'] },
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
    access: { anyPermission: ['adherents_administration'] },
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
