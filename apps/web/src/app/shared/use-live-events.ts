import type { Area } from '@reseau/contracts/constants/auth';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { contactKeys } from '../../api/contacts';
import { extranetKeys } from '../../api/extranet/keys';
import { type LiveMessage, runLiveStream } from '../../api/live-events';
import { notificationKeys } from '../../api/notifications';
import { signatureKeys } from '../../api/signature';
import { useSession } from '../../lib/session';
import { whenIdle } from '../../lib/when-idle';

/** The queries each event kind refreshes: what the screens show of what changed. */
const REFRESHED: Record<string, readonly (readonly string[])[]> = {
  notifications: [notificationKeys.all],
  contacts: [contactKeys.all],
  // A signed quote's envelope lands in the customer's documents.
  extranet: [extranetKeys.allToDoLists, extranetKeys.allInvoices, extranetKeys.allQuotations, extranetKeys.allDocuments],
  // The signature desk: documents, quotes' signatures and the counts of signed ones.
  signatures: [signatureKeys.all],
};

/** What an area refetches after a lost stream: every kind its events may concern. */
const AREA_KINDS: Record<Area, readonly string[]> = {
  intranet: ['notifications', 'contacts', 'signatures'],
  extranet: ['extranet'],
};

function refresh(client: QueryClient, kinds: readonly string[]) {
  for (const kind of kinds) for (const queryKey of REFRESHED[kind] ?? []) void client.invalidateQueries({ queryKey });
}

/** Refetches what a live event says changed (exported for the tests). */
export function applyLiveEvent(client: QueryClient, message: LiveMessage) {
  refresh(client, [message.event]);
}

/**
 * One live-event stream for this tab while signed in to `area` (the shells call it): each event
 * refreshes the queries it concerns; a stream opened again after a loss refreshes them all.
 * Opened again when the caller changes (another account, impersonation on or off).
 */
export function useLiveEvents(area: Area) {
  const client = useQueryClient();
  const session = useSession();
  const caller = session.accessToken
    ? `${session.claims?.sub ?? ''}:${session.impersonation ? String(session.impersonation.id) : ''}`
    : null;
  useEffect(() => {
    if (caller === null) return;
    const controller = new AbortController();
    // After the screen: the stream does not share the link with its first requests.
    const cancel = whenIdle(
      () =>
        void runLiveStream({
          signal: controller.signal,
          onEvent: (message) => applyLiveEvent(client, message),
          onReconnect: () => refresh(client, AREA_KINDS[area]),
        }),
      { afterLoad: true },
    );
    return () => {
      cancel();
      controller.abort();
    };
  }, [client, area, caller]);
}
