import { NETWORK_ACTUALITIES_PAGE_SIZE } from '@reseau/contracts/constants/network-actualities';
import { SPARE_PART_ANNOUNCEMENTS_PAGE_SIZE } from '@reseau/contracts/constants/spare-parts';
import type { LoaderFunctionArgs } from 'react-router';
import { actingRoleId } from '../../lib/acting-role';
import { canAccess } from '../../lib/permissions';
import { getSession } from '../../lib/session';
import { intranetScreenRequests, notOnQueryChange } from '../first-requests';
import { menuEntry } from '../intranet-menu';

/*
 * The first GETs of the intranet's screens, started by their routes (./routes.tsx) while the
 * screen's code is on its way: each path is the screen's own request to the byte, or it is sent
 * twice (screen-requests.test.tsx renders each screen and checks that it took every answer).
 * Only what the address and the stored session decide: a request that waits for an answer (a
 * list's next page, the figures of the month the screen picks) is left to the screen.
 */

/**
 * The loader of the screens guarded by the menu entry `accessId` (spread into the route): starts
 * `paths` when the stored permissions open the screen (a screen the shell will refuse asks for
 * nothing), and not again when only the address's query changes.
 */
const screen = (
  accessId: string,
  paths: (args: LoaderFunctionArgs, agencyId: number | null) => ReadonlyArray<string | false>,
) => ({
  loader: intranetScreenRequests((args, agencyId) => {
    const session = getSession();
    const rule = menuEntry(accessId)?.access;
    const ctx = { permissions: session.permissions, roleId: actingRoleId(session), hasAgency: agencyId !== null };
    return rule && !canAccess(rule, ctx) ? [] : paths(args, agencyId);
  }),
  shouldRevalidate: notOnQueryChange,
});

/** `path(id)` of the current agency, when there is one. */
const ofAgency = (agencyId: number | null, path: (id: number) => string) => agencyId !== null && path(agencyId);

export const screenRequests = {
  networkNews: screen('network-news', () => [
    `/network-actualities?pageNumber=1&pageSize=${NETWORK_ACTUALITIES_PAGE_SIZE}`,
    '/network-actuality-categories',
  ]),
  docBases: screen('doc-base', () => ['/document-bases']),
  forums: screen('forum', () => ['/forums']),
  forumThread: screen('forum', ({ params }) => [
    '/forums',
    /^\d+$/.test(params.threadId ?? '') && `/forum-threads/${params.threadId}`,
  ]),
  spareParts: screen('spare-parts', () => [
    `/spare-part-announcements?pageNumber=1&pageSize=${SPARE_PART_ANNOUNCEMENTS_PAGE_SIZE}`,
    '/spare-part-energy-types',
  ]),
  applications: screen('applications', () => ['/network-applications']),
  directoryList: screen('adherent-book-list', () => ['/regions', '/agency-adherent-admins']),
  monthlyResult: screen('monthly-result', () => ['/monthly-result-equipments', '/monthly-result-brands']),
  agencyPage: screen('agency-page', (_args, agencyId) => [
    ofAgency(agencyId, (id) => `/agencies/${id}`),
    ofAgency(agencyId, (id) => `/agency-page-contents?agencyId=${id}`),
    // The upload rules of its images and logos, and of its editor's images.
    '/file-types',
  ]),
  myAgency: screen('my-agency', (_args, agencyId) => [
    ofAgency(agencyId, (id) => `/agencies/${id}`),
    ofAgency(agencyId, (id) => `/agencies/${id}/api-keys`),
  ]),
  adherentUsers: screen('adherent-users', () => ['/all-agency-adherents']),
  prestations: screen('prestations', () => ['/equipment-types']),
};
