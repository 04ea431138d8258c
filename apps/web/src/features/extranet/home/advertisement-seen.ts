/**
 * The localStorage key that says this customer has seen this advertisement (an agency's
 * advertisement file) in this browser: it is shown once per advertisement and customer, not at
 * every sign-in (docs/decisions.md). Its own module so that the journeys (which do not load
 * React) can mark it seen too.
 */
export const advertisementSeenKey = (customerId: string, agencyId: number, fileId: number) =>
  `reseau.advertisementSeen.${customerId}.${agencyId}.${fileId}`;
