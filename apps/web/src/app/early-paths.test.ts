import { ROLES } from '@reseau/contracts/constants/permissions';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getSession, setCurrentAgency, setImpersonation, setPermissions } from '../lib/session';
import { signInAs } from '../test/utils';
import { earlyPaths, INTRANET_SCREENS, type IntranetScreenName, intranetFramePaths } from './early-paths';
import { intranetChildren } from './intranet/routes';
import { screenRequests } from './intranet/screen-requests';

// What the page's boot script sends (boot/early-requests.ts) must be what the routes' loaders
// start for the same address: a path of the one and not of the other is sent for nobody.

const NO_QUERY = new URLSearchParams();
const AGENCY = { id: 11, name: 'Thermo Services Lille' };
const FRAME = [
  '/roles',
  '/agencies',
  '/count-all-unread-notifications',
  '/unprocessed-contact-count-by-contact-types?agencyId=11',
];

function asAdministrator() {
  signInAs('intranet', { roleId: 1, given_name: 'Alice' });
  setPermissions([...(ROLES.find((r) => r.id === 1)?.permissions ?? [])]);
  setCurrentAgency(AGENCY);
}

describe('the early paths of a page', () => {
  it('each screen table entry is the loader of the intranet route with its path', () => {
    const routes = intranetChildren as RouteObject[];
    for (const name of Object.keys(INTRANET_SCREENS) as IntranetScreenName[]) {
      const route = routes.find((r) => r.loader === screenRequests[name].loader);
      expect({ name, path: route?.path }).toEqual({ name, path: INTRANET_SCREENS[name].route });
    }
    // And no intranet route starts requests of its own outside the table.
    const loaders = new Set(Object.values(screenRequests).map((s) => s.loader));
    for (const route of routes) if (route.loader) expect(loaders.has(route.loader as never)).toBe(true);
  });

  it("an intranet screen's address: the frame, then the screen's requests", () => {
    asAdministrator();
    const session = getSession();
    expect(earlyPaths('/intranet/forum/2/thread/7', NO_QUERY, session)).toEqual([...FRAME, '/forums', '/forum-threads/7']);
    expect(earlyPaths('/intranet/my-agency', NO_QUERY, session)).toEqual([...FRAME, '/agencies/11', '/agencies/11/api-keys']);
    expect(earlyPaths('/intranet/', NO_QUERY, session)).toEqual([...FRAME, '/network-actualities?pageNumber=1&pageSize=5']);
    expect(earlyPaths('/intranet/demands', NO_QUERY, session)).toEqual([
      ...FRAME,
      '/contacts?agencyId=11&isProcessed=false&contactTypes=SITE_CONTACT%2CSOLUTIONS_CONTACT%2CEXTRANET_AGENCY_CONTACT%2CCLIENT_EMAIL_CHANGE_CONTACT%2CCLIENT_PHONES_CHANGE_CONTACT%2CCLIENT_ACCOUNT_ERASED_CONTACT&pageNumber=1&pageSize=12',
    ]);
    // A list's other tab, a search or a page: left to the screen.
    expect(earlyPaths('/intranet/demands', new URLSearchParams('tab=handled'), session)).toEqual(FRAME);
    // A screen whose requests wait for an answer: the frame only.
    expect(earlyPaths('/intranet/imports', NO_QUERY, session)).toEqual(FRAME);
    // A thread id that is not one: the screen shows its error, nothing is asked for it.
    expect(earlyPaths('/intranet/forum/2/thread/abc', NO_QUERY, session)).toEqual([...FRAME, '/forums']);
  });

  it("job offers: the network's for a network role, the current agency's for an agency's staff", () => {
    asAdministrator();
    expect(earlyPaths('/intranet/job-offers', NO_QUERY, getSession())).toEqual([
      ...FRAME,
      '/job-offers?isNetwork=true',
      '/job-offer-types',
    ]);
    signInAs('intranet', { roleId: 5, given_name: 'Denis' });
    setPermissions(['job_offer_administration']);
    setCurrentAgency(AGENCY);
    expect(earlyPaths('/intranet/job-offers', NO_QUERY, getSession())).toEqual([
      ...intranetFramePaths(getSession()),
      '/job-offers?agencyId=11',
      '/job-offer-types',
    ]);
  });

  it('a screen the stored permissions do not open: the frame only', () => {
    signInAs('intranet', { roleId: 8, given_name: 'Tom' });
    setPermissions([]);
    const session = getSession();
    expect(earlyPaths('/intranet/adherent-users', NO_QUERY, session)).toEqual(intranetFramePaths(session));
    expect(earlyPaths('/intranet/adherent-users', NO_QUERY, session)).not.toContain('/all-agency-adherents');
  });

  it('nothing for a visitor not signed in to the area, nor on the pages before the sign-in', () => {
    expect(earlyPaths('/intranet/forum', NO_QUERY, getSession())).toEqual([]);
    signInAs('extranet', { given_name: 'Claire' });
    expect(earlyPaths('/intranet/forum', NO_QUERY, getSession())).toEqual([]);
    expect(earlyPaths('/extranet/login', NO_QUERY, getSession())).toEqual([]);
    expect(earlyPaths('/extranet/verify-email', NO_QUERY, getSession())).toEqual([]);
    expect(earlyPaths('/', NO_QUERY, getSession())).toEqual([]);
    asAdministrator();
    expect(earlyPaths('/intranet/login', NO_QUERY, getSession())).toEqual([]);
    expect(earlyPaths('/intranet/reset-password', NO_QUERY, getSession())).toEqual([]);
  });

  it("the extranet: its frame, its home's and a contract's requests", () => {
    signInAs('extranet', { given_name: 'Claire' });
    setCurrentAgency({ id: 4, name: 'Atlantique Chauffage' });
    const session = getSession();
    expect(earlyPaths('/extranet', NO_QUERY, session)).toEqual([
      '/agencies',
      '/agencies/4',
      '/my-to-do-list?agencyId=4',
      '/agency-contract-service-calls/mine?agencyId=4',
      '/agency-contracts/mine?agencyId=4',
    ]);
    expect(earlyPaths('/extranet/contract/9', NO_QUERY, session)).toEqual([
      '/agencies',
      '/agencies/4',
      '/agency-contracts/mine',
      '/agency-contract-documents/mine?agencyContractId=9',
    ]);
    expect(earlyPaths('/extranet/faq', NO_QUERY, session)).toEqual(['/agencies', '/agencies/4']);
  });

  it('an administrator acting as an adherent user: the rules of the role acted as', () => {
    asAdministrator();
    setImpersonation({ id: 42, name: 'Tom', adherentId: 3, role: 8, regionId: null });
    setPermissions([]);
    expect(earlyPaths('/intranet/adherent-book-list', NO_QUERY, getSession())).not.toContain('/regions');
  });
});
