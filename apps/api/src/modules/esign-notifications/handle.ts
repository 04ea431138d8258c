import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { webhookEvents } from '../../db/schema/index.js';
import type { ProviderSignatureRequest, SignatureNotification } from '../../integrations/esign/provider.js';
import { quotationEnvelopes } from '../quotations/webhook.js';
import { signatureDocumentEnvelopes } from '../signature-documents/webhook.js';
import type { SignatureEnvelopeKind } from './envelope-kind.js';

export type NotificationOutcome = 'applied' | 'duplicate' | 'ignored';

/** Every kind of envelope: one provider account, one webhook path, one dedupe for all of them. */
const ENVELOPE_KINDS: readonly SignatureEnvelopeKind[] = [quotationEnvelopes, signatureDocumentEnvelopes];

/** `webhook_events.provider` of signature notifications (payment providers have their own). */
const eventSource = (provider: string) => `esign:${provider}`;

/**
 * A signature notification, authenticated by the provider adapter: it only says "look at
 * request X". Only a request of ours is looked at (anything else records nothing). Handled once
 * per event (unique key, `ON CONFLICT DO NOTHING`); the state applied is the one the provider
 * gives when asked, never the notification's. A failure forgets the event, so that the
 * provider's retry is handled again.
 */
export async function handleSignatureNotification(
  deps: AppDeps,
  notification: SignatureNotification,
): Promise<NotificationOutcome> {
  const provider = deps.signature;
  let envelope: Awaited<ReturnType<SignatureEnvelopeKind['find']>> = null;
  for (const kind of ENVELOPE_KINDS) {
    envelope = await kind.find(deps, provider.name, notification.requestId);
    if (envelope) break;
  }
  // Not one of ours (another integration on the same Yousign account): nothing recorded.
  if (!envelope) return 'ignored';
  const requestId = notification.requestId;

  // Anyone may call an unauthenticated webhook (the sandbox's) with made-up event ids: there the
  // event is the state read back, so replays and inventions add no row.
  let remote: ProviderSignatureRequest | null | undefined;
  let eventId = notification.eventId;
  if (!provider.authenticatesNotifications) {
    remote = await provider.getRequest(requestId);
    if (!remote) return 'ignored';
    eventId = `${requestId}:${remote.status}:${remote.openedAt ? 'seen' : 'unseen'}`;
  }

  const source = eventSource(provider.name);
  const inserted = await deps.db
    .insert(webhookEvents)
    .values({ provider: source, eventId })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (inserted.length === 0) return 'duplicate';

  try {
    remote ??= await provider.getRequest(requestId);
    if (!remote) return 'ignored';
    await envelope.apply(remote);
    return 'applied';
  } catch (err) {
    await deps.db.delete(webhookEvents).where(and(eq(webhookEvents.provider, source), eq(webhookEvents.eventId, eventId)));
    throw err;
  }
}
