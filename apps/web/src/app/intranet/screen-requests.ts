import { INTRANET_SCREENS, type IntranetScreenName } from '../early-paths';
import { intranetScreenRequests, notOnQueryChange } from '../first-requests';

/*
 * The loaders of the intranet's screens that start their first GETs (spread into their routes in
 * ./routes.tsx): the paths, the route and the rule of each are in ../early-paths.ts, which the
 * page's boot script reads too. A route spreading `screenRequests.x` has the path
 * `INTRANET_SCREENS.x.route` (screen-requests.test.tsx checks it). Not run again when only the
 * address's query changes.
 */
export const screenRequests = Object.fromEntries(
  (Object.keys(INTRANET_SCREENS) as IntranetScreenName[]).map((name) => [
    name,
    { loader: intranetScreenRequests(name), shouldRevalidate: notOnQueryChange },
  ]),
) as Record<IntranetScreenName, { loader: ReturnType<typeof intranetScreenRequests>; shouldRevalidate: typeof notOnQueryChange }>;
