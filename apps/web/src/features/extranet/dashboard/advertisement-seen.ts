/**
 * The sessionStorage key that says an agency's advertisement was shown in this browser session.
 * Its own module so that the journeys (which do not load React) can mark it seen too.
 */
export const advertisementSeenKey = (agencyId: number) => `reseau.advertisementSeen.${agencyId}`;
