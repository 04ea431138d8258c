import type { Principal } from '../../auth/principal.js';
import type { LiveEvent } from '../../kernel/live-events.js';
import { mayHearOfAgencyContacts } from '../contacts/policy.js';
import { mayHearOfAgencySignatures } from '../signature-documents/policy.js';

/**
 * Who hears an event: only a caller who may read what changed, by the same rules as the routes
 * the screen then calls, so that an event never tells anyone of something they may not read.
 */
export function hears(principal: Principal, event: LiveEvent): boolean {
  switch (event.kind) {
    case 'notifications':
      return principal.kind === 'admin' && event.adminIds.includes(principal.adminId);
    case 'contacts':
      return principal.kind === 'admin' && mayHearOfAgencyContacts(principal, event.agencyId);
    case 'extranet':
      return principal.kind === 'client' && principal.clientId === event.clientId;
    case 'signatures':
      return principal.kind === 'admin' && mayHearOfAgencySignatures(principal, event.agencyId);
  }
}

/** What the browser receives: the kind, and the agency for demands (one of the caller's). */
export function visiblePart(event: LiveEvent): Record<string, unknown> {
  return event.kind === 'contacts' ? { kind: event.kind, agencyId: event.agencyId } : { kind: event.kind };
}
