import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/**
 * What changed, and for whom: the audience ids travel between instances only, never to a
 * browser (each instance's streams hear an event only when their caller is in its audience,
 * modules/live-events/policy.ts). The event says "something changed"; the screen refetches what
 * it shows, through its own routes and their checks.
 */
export type LiveEvent =
  /** The bell (count and list) of these admins. */
  | { kind: 'notifications'; adminIds: readonly number[] }
  /** The demands of an agency (menu counts, lists): its staff who may read demands. */
  | { kind: 'contacts'; agencyId: number }
  /** A customer's to-do list, invoices or quotations. */
  | { kind: 'extranet'; clientId: number }
  /** The signature desk of an agency (its signature documents, its quotes' signatures, the counts). */
  | { kind: 'signatures'; agencyId: number };

export type LiveEventKind = LiveEvent['kind'];

export const LIVE_EVENTS_CHANNEL = 'live_events';

/** NOTIFY payloads stop at 8000 bytes: a large audience goes in several (an id is 10 digits at most). */
const MAX_IDS_PER_PAYLOAD = 500;

/**
 * Tells every instance's open streams that something changed. Pass the transaction of the change
 * when inside one: NOTIFY is delivered at commit, never for a change rolled back. The event id is
 * the database's clock in microseconds, the same clock for every instance.
 */
export async function publishLiveEvent(db: DbOrTx, event: LiveEvent): Promise<void> {
  for (const payload of payloadsOf(event)) {
    await db.execute(
      sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, floor(extract(epoch from clock_timestamp()) * 1000000)::bigint::text || ' ' || ${payload}::text)`,
    );
  }
}

function payloadsOf(event: LiveEvent): string[] {
  if (event.kind !== 'notifications') return [JSON.stringify(event)];
  const ids = [...new Set(event.adminIds)];
  const payloads: string[] = [];
  for (let i = 0; i < ids.length; i += MAX_IDS_PER_PAYLOAD) {
    payloads.push(JSON.stringify({ kind: event.kind, adminIds: ids.slice(i, i + MAX_IDS_PER_PAYLOAD) }));
  }
  return payloads;
}

const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => Number.isSafeInteger(id));

/** A payload as published above, or null when it is not one (never trusted further than its shape). */
export function parseLiveEvent(payload: string): { id: string; event: LiveEvent } | null {
  const space = payload.indexOf(' ');
  const id = payload.slice(0, space);
  if (space < 1 || !/^\d+$/.test(id)) return null;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(payload.slice(space + 1)) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (body.kind === 'notifications' && isIdList(body.adminIds))
    return { id, event: { kind: body.kind, adminIds: body.adminIds } };
  if (body.kind === 'contacts' && Number.isSafeInteger(body.agencyId))
    return { id, event: { kind: body.kind, agencyId: body.agencyId as number } };
  if (body.kind === 'signatures' && Number.isSafeInteger(body.agencyId))
    return { id, event: { kind: body.kind, agencyId: body.agencyId as number } };
  if (body.kind === 'extranet' && Number.isSafeInteger(body.clientId))
    return { id, event: { kind: body.kind, clientId: body.clientId as number } };
  return null;
}
