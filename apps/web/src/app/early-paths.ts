import { ADHERENTS_PAGE_SIZE } from '@reseau/contracts/constants/adherents';
import { AUDIT_LOG_PAGE_SIZE } from '@reseau/contracts/constants/audit-log';
import { CONTACT_TYPE_GROUPS, CONTACTS_PAGE_SIZE, type ContactTypeGroup } from '@reseau/contracts/constants/contacts';
import { DASHBOARD_NETWORK_ACTUALITIES, NETWORK_ACTUALITIES_PAGE_SIZE } from '@reseau/contracts/constants/network-actualities';
import { MAX_PAGE_SIZE } from '@reseau/contracts/constants/pagination';
import { SIGNATURE_DEFAULT_PAGE_SIZE } from '@reseau/contracts/constants/signature-documents';
import { SPARE_PART_ANNOUNCEMENTS_PAGE_SIZE } from '@reseau/contracts/constants/spare-parts';
import { defaultPeriod } from '../features/intranet/signature/period';
import { actingRoleId, actsAsNetwork } from '../lib/acting-role';
import { canAccess } from '../lib/permissions';
import { type SessionSnapshot, signedInTo } from '../lib/stored-session';
import { INTRANET_ACCESS } from './intranet-access';

/*
 * The GETs each screen makes as it opens, from its address and the stored session only: what the
 * routes' loaders start while the screen's code is on its way (./first-requests.ts,
 * ./intranet/screen-requests.ts), and what the page's boot script starts before any of the app's
 * code has arrived (boot/early-requests.ts). One table for both: a path that differs from the
 * screen's own request by a byte is sent twice (first-requests.test.tsx and
 * screen-requests.test.tsx render each screen and check that it took every answer started for
 * it). Without React, the router or the UI kit, so that the boot script stays a few kilobytes.
 */

type Params = Readonly<Record<string, string | undefined>>;

/** An intranet screen whose route starts its first GETs: its route path, its menu id, its paths. */
interface IntranetScreen {
  /** The path of its route in ./intranet/routes.tsx, under `/intranet/` (`:name` for a parameter). */
  route: string;
  /** The menu id whose rule opens it (./intranet-access.ts). */
  accessId: string;
  /** `search`: the address's query (a list's tab, search or page). */
  paths: (
    params: Params,
    agencyId: number | null,
    search: URLSearchParams,
    session: SessionSnapshot,
  ) => ReadonlyArray<string | false>;
}

/** `path(id)` of the current agency, when there is one. */
const ofAgency = (agencyId: number | null, path: (id: number) => string) => agencyId !== null && path(agencyId);

/** `agencyId`, `year` and `month` of the month before today's, in the order of the screen's call. */
function previousMonthOf(agencyId: number): string {
  const now = new Date();
  const month = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `agencyId=${agencyId}&year=${month.getFullYear()}&month=${month.getMonth() + 1}`;
}

const isId = (value: string | undefined) => /^\d+$/.test(value ?? '');

/**
 * The first page of a contacts screen (features/intranet/contacts): to handle, of the current
 * agency, or of the whole network (role 1's screens, `network`, with their agency filter's list). An address with a query (the
 * other tab, a search, a page, an agency filter) is left to the screen.
 */
const contactsPage =
  (group: ContactTypeGroup, network: boolean): IntranetScreen['paths'] =>
  (_params, agencyId, search) => {
    if (search.size > 0 || (!network && agencyId === null)) return [];
    // In the order and the encoding of the screen's own call (api/contacts.ts, api/http.ts buildUrl).
    const query = new URLSearchParams();
    if (!network) query.set('agencyId', String(agencyId));
    query.set('isProcessed', 'false');
    query.set('contactTypes', CONTACT_TYPE_GROUPS[group].join(','));
    query.set('pageNumber', '1');
    query.set('pageSize', String(CONTACTS_PAGE_SIZE));
    // The network's views filter by agency: the filter's list of adherents and their agencies.
    return [`/contacts?${query}`, ...(network ? ['/all-agency-adherents'] : [])];
  };

export const INTRANET_SCREENS = {
  demands: { route: 'demands', accessId: 'demands', paths: contactsPage('external', false) },
  quotations: { route: 'quotations', accessId: 'quotations', paths: contactsPage('quotation', false) },
  invoices: { route: 'invoices', accessId: 'invoices', paths: contactsPage('invoice', false) },
  allDemands: { route: 'all-demands', accessId: 'all-demands', paths: contactsPage('external', true) },
  allQuotations: { route: 'all-quotations', accessId: 'all-quotations', paths: contactsPage('quotation', true) },
  allInvoices: { route: 'all-invoices', accessId: 'all-invoices', paths: contactsPage('invoice', true) },
  networkNews: {
    route: 'network-news',
    accessId: 'network-news',
    paths: () => [`/network-actualities?pageNumber=1&pageSize=${NETWORK_ACTUALITIES_PAGE_SIZE}`, '/network-actuality-categories'],
  },
  docBases: { route: 'doc-base', accessId: 'doc-base', paths: () => ['/document-bases'] },
  forums: { route: 'forum', accessId: 'forum', paths: () => ['/forums'] },
  forumThread: {
    route: 'forum/:forumId/thread/:threadId',
    accessId: 'forum',
    paths: (params) => ['/forums', isId(params.threadId) && `/forum-threads/${params.threadId}`],
  },
  spareParts: {
    route: 'spare-parts',
    accessId: 'spare-parts',
    paths: () => [
      `/spare-part-announcements?pageNumber=1&pageSize=${SPARE_PART_ANNOUNCEMENTS_PAGE_SIZE}`,
      '/spare-part-energy-types',
    ],
  },
  applications: { route: 'applications', accessId: 'applications', paths: () => ['/network-applications'] },
  directoryMap: {
    route: 'adherent-book-map',
    accessId: 'adherent-book-map',
    paths: () => ['/regions', '/adherents?isForMap=true'],
  },
  directoryList: {
    route: 'adherent-book-list',
    accessId: 'adherent-book-list',
    paths: () => ['/regions', '/agency-adherent-admins'],
  },
  // The previous month's result, as the screen opens without a chosen month
  // (features/intranet/monthly-result/months.ts picks the same month). Not the network's figures:
  // the screen asks for them only once the month is entered.
  monthlyResult: {
    route: 'monthly-result',
    accessId: 'monthly-result',
    paths: (_params, agencyId, search) => [
      '/monthly-result-equipments',
      '/monthly-result-brands',
      !search.has('month') && ofAgency(agencyId, (id) => `/monthly-results?${previousMonthOf(id)}`),
    ],
  },
  agencyPage: {
    route: 'agency-page',
    accessId: 'agency-page',
    paths: (_params, agencyId) => [
      ofAgency(agencyId, (id) => `/agencies/${id}`),
      ofAgency(agencyId, (id) => `/agency-page-contents?agencyId=${id}`),
      // The upload rules of its images and logos, and of its editor's images.
      '/file-types',
    ],
  },
  myAgency: {
    route: 'my-agency',
    accessId: 'my-agency',
    paths: (_params, agencyId) => [
      ofAgency(agencyId, (id) => `/agencies/${id}`),
      ofAgency(agencyId, (id) => `/agencies/${id}/api-keys`),
    ],
  },
  adherentUsers: { route: 'adherent-users', accessId: 'adherent-users', paths: () => ['/all-agency-adherents'] },
  prestations: { route: 'prestations', accessId: 'prestations', paths: () => ['/equipment-types'] },
  // The network's offers for a network role acting as itself, else the current agency's.
  jobOffers: {
    route: 'job-offers',
    accessId: 'job-offers',
    paths: (_params, agencyId, _search, session) => [
      actsAsNetwork(session) ? '/job-offers?isNetwork=true' : ofAgency(agencyId, (id) => `/job-offers?agencyId=${id}`),
      '/job-offer-types',
    ],
  },
  // The first page of a list (an address without a search, a filter or a page).
  adherents: {
    route: 'adherents',
    accessId: 'adherents',
    paths: (_params, _agencyId, search) => [
      '/regions',
      search.size === 0 && `/adherents?pageNumber=1&pageSize=${ADHERENTS_PAGE_SIZE}`,
    ],
  },
  users: {
    route: 'users',
    accessId: 'users',
    paths: (_params, _agencyId, search) => [search.size === 0 && `/network-admins?pageNumber=1&pageSize=${MAX_PAGE_SIZE}`],
  },
  // The holders' desk as it opens (no search, status, period or page in the address): its two
  // tables' first pages and the month counts of the last three months, and the form's upload rules.
  signature: {
    route: 'signature',
    accessId: 'signature',
    paths: (_params, agencyId, search, session) => {
      if (search.size > 0 || agencyId === null || !session.permissions.includes('signature_document_administration')) return [];
      const { startDateIncluded, endDateExcluded } = defaultPeriod();
      const window = `limit=${SIGNATURE_DEFAULT_PAGE_SIZE}&offset=0`;
      return [
        `/signature-documents?agencyId=${agencyId}&startDateIncluded=${startDateIncluded}&endDateExcluded=${endDateExcluded}&${window}`,
        `/agency-contract-quotations?agencyId=${agencyId}&hasSignatureInitiated=true&startSignatureDateIncluded=${startDateIncluded}&endSignatureDateExcluded=${endDateExcluded}&${window}`,
        `/signature-counts-by-agency?agencyId=${agencyId}&startDateIncluded=${startDateIncluded}&endDateExcluded=${endDateExcluded}`,
        '/file-types',
      ];
    },
  },
  networkAgencyPageContents: {
    route: 'network-agency-page-contents',
    accessId: 'network-agency-page-contents',
    paths: () => ['/agency-page-contents'],
  },
  // The newest entries, as the audit log opens without filters (issue 27 §4).
  auditLog: {
    route: 'audit-log',
    accessId: 'audit-log',
    paths: (_params, _agencyId, search) => [search.size === 0 && `/audit-log?pageNumber=1&pageSize=${AUDIT_LOG_PAGE_SIZE}`],
  },
  // The first tab's text, as the legal pages' editor opens (issue 28 §4).
  legalPages: {
    route: 'legal-pages',
    accessId: 'legal-pages',
    paths: (_params, _agencyId, search) => [search.size === 0 && '/legal-pages/mentions-legales'],
  },
} as const satisfies Record<string, IntranetScreen>;

export type IntranetScreenName = keyof typeof INTRANET_SCREENS;

/**
 * The first GETs of the intranet screen `name` at `params`: none when the stored permissions do
 * not open it (the shell will refuse it: it asks for nothing).
 */
export function intranetScreenPaths(
  name: IntranetScreenName,
  params: Params,
  search: URLSearchParams,
  session: SessionSnapshot,
): string[] {
  const screen: IntranetScreen = INTRANET_SCREENS[name];
  const agencyId = session.currentAgency?.id ?? null;
  const context = { permissions: session.permissions, roleId: actingRoleId(session), hasAgency: agencyId !== null };
  const rule = INTRANET_ACCESS[screen.accessId];
  if (rule && !canAccess(rule, context)) return [];
  return screen.paths(params, agencyId, search, session).filter((path): path is string => path !== false);
}

/**
 * The intranet's frame: the permissions, the agency switch, the bell, and the menu's badges when
 * the stored permissions show them (the demands, quotations and invoices entries).
 */
export function intranetFramePaths(session: SessionSnapshot): string[] {
  const { currentAgency, permissions } = session;
  const badges = currentAgency && permissions.includes('contact_administration');
  return [
    '/roles',
    '/agencies',
    '/count-all-unread-notifications',
    ...(badges ? [`/unprocessed-contact-count-by-contact-types?agencyId=${currentAgency.id}`] : []),
  ];
}

/** The intranet's home: the newest news (its first panel). */
export const intranetHomePaths = () => [`/network-actualities?pageNumber=1&pageSize=${DASHBOARD_NETWORK_ACTUALITIES}`];

/** The extranet's frame: the customer's agencies and the current one's details. */
export function extranetFramePaths(session: SessionSnapshot): string[] {
  const agency = session.currentAgency;
  return ['/agencies', ...(agency ? [`/agencies/${agency.id}`] : [])];
}

/** The extranet's home at the current agency: the to-do list, the service calls, the contracts. */
export function extranetHomePaths(session: SessionSnapshot): string[] {
  const agency = session.currentAgency;
  return agency
    ? [
        `/my-to-do-list?agencyId=${agency.id}`,
        `/agency-contract-service-calls/mine?agencyId=${agency.id}`,
        `/agency-contracts/mine?agencyId=${agency.id}`,
      ]
    : [];
}

/** A contract's page: the customer's contracts (it shows the one of the address) and its documents. */
export const contractPaths = (params: Params) =>
  isId(params.id) ? ['/agency-contracts/mine', `/agency-contract-documents/mine?agencyContractId=${params.id}`] : [];

/** The parameters of `pathname` when it fits the route `pattern` (`a/:id/b`), else null. */
export function matchRoute(pattern: string, pathname: string): Params | null {
  const wanted = pattern.split('/');
  const given = pathname.split('/');
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of wanted.entries()) {
    const value = given[i] ?? '';
    if (part.startsWith(':')) {
      if (value === '') return null;
      params[part.slice(1)] = decodeURIComponent(value);
    } else if (part !== value) return null;
  }
  return params;
}

/** The pages of an area that are not behind its sign-in (their routes start nothing). */
const PUBLIC_PAGES = new Set(['login', 'forgot-password', 'reset-password', 'set-password', 'verify-email']);

/**
 * Every GET the page at `pathname` (its query `search`) starts as it opens, for the session as stored: its area's
 * frame, then its screen's (what the routes' loaders will start). Nothing for a page outside the
 * areas or before their sign-in, nor for a caller not signed in to the area.
 */
export function earlyPaths(pathname: string, search: URLSearchParams, session: SessionSnapshot): string[] {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const [, area, ...rest] = trimmed.split('/');
  const screenPath = rest.join('/');
  if ((area !== 'intranet' && area !== 'extranet') || PUBLIC_PAGES.has(rest[0] ?? '') || !signedInTo(area, session)) {
    return [];
  }
  if (area === 'extranet') {
    if (screenPath === '') return [...extranetFramePaths(session), ...extranetHomePaths(session)];
    const contract = matchRoute('contract/:id', screenPath);
    return [...extranetFramePaths(session), ...(contract ? contractPaths(contract) : [])];
  }
  if (screenPath === '') return [...intranetFramePaths(session), ...intranetHomePaths()];
  for (const name of Object.keys(INTRANET_SCREENS) as IntranetScreenName[]) {
    const params = matchRoute(INTRANET_SCREENS[name].route, screenPath);
    if (params) return [...intranetFramePaths(session), ...intranetScreenPaths(name, params, search, session)];
  }
  return intranetFramePaths(session);
}
