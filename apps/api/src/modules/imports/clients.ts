import { IMPORT_MESSAGES, type ImportClientItem } from '@reseau/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { clients } from '../../db/schema/index.js';
import { claimRefs, listOf, recordset, rehashRefs, rowsOf, storedRefs, updateRows } from './bulk.js';
import type { ChunkContext, ChunkOutcomes } from './chunk.js';
import type { ValidItem } from './normalise.js';

type ClientItem = ValidItem & { item: ImportClientItem };

/** Accounts by lower-case email. */
async function accountsByEmail(tx: Tx, emails: Iterable<string>): Promise<Map<string, number>> {
  const rows = await rowsOf<{ id: number; email: string }>(
    tx,
    sql`select c.id, c.email from ${listOf(emails)} cross join lateral (select id, lower(email_address) as email from clients where lower(email_address) = l.v) c`,
  );
  return new Map(rows.map((r) => [r.email, Number(r.id)]));
}

/**
 * The accounts of the chunk's new customers: an existing one with the email (a customer of
 * another agency, or one who signed up) as it is; otherwise one made without a password, the
 * "known customer" who sets one at the first connection. The unique email decides between two
 * batches making the same customer at once.
 */
async function accountsFor(tx: Tx, items: ClientItem[]): Promise<Map<string, number>> {
  const accounts = await accountsByEmail(
    tx,
    items.map((v) => v.item.email),
  );
  const toMake = new Map<string, ImportClientItem>();
  for (const { item } of items) if (!accounts.has(item.email) && !toMake.has(item.email)) toMake.set(item.email, item);
  if (toMake.size === 0) return accounts;
  const rows = [...toMake.values()].map((i) => ({ emailAddress: i.email, firstName: i.firstName, lastName: i.lastName }));
  const made = await rowsOf<{ id: number; email: string }>(
    tx,
    sql`insert into clients (email_address, first_name, last_name)
        select email_address, first_name, last_name from ${recordset(clients, ['emailAddress', 'firstName', 'lastName'], rows)}
        order by email_address
        on conflict do nothing
        returning id, lower(email_address) as email`,
  );
  for (const r of made) accounts.set(r.email, Number(r.id));
  const raced = [...toMake.keys()].filter((email) => !accounts.has(email));
  for (const [email, id] of await accountsByEmail(tx, raced)) accounts.set(email, id);
  return accounts;
}

/**
 * References whose customer erased their account (RGPD issue 28 §2) are tombstones: a line for one is
 * refused, unless it says `isNewCustomer`; then the tombstone goes and the line makes a new customer
 * like any new reference. Answers the stored references that remain.
 */
async function settleErasedRefs(
  ctx: ChunkContext,
  chunk: ClientItem[],
  stored: Map<string, { entityId: number }>,
  out: ChunkOutcomes,
) {
  const ids = [...stored.values()].map((s) => s.entityId);
  if (ids.length === 0) return;
  const erased = await rowsOf<{ id: number }>(
    ctx.tx,
    sql`select c.id from ${listOf(ids, 'int')} join clients c on c.id = l.v where c.erased_at is not null`,
  );
  const erasedIds = new Set(erased.map((r) => Number(r.id)));
  const released: string[] = [];
  for (const v of chunk) {
    const s = stored.get(v.item.externalRef);
    if (!s || !erasedIds.has(s.entityId)) continue;
    if (!v.item.isNewCustomer) {
      out.set(v.index, { status: 'error', errors: { externalRef: [IMPORT_MESSAGES.erasedClient] } });
      continue;
    }
    stored.delete(v.item.externalRef);
    released.push(v.item.externalRef);
  }
  if (released.length === 0) return;
  await ctx.tx.execute(
    sql`delete from import_refs r using ${listOf(released)} where r.agency_id = ${ctx.agencyId} and r.type = 'client' and r.external_ref = l.v`,
  );
}

/**
 * Customers. A reference keeps its email: moving it to another address would hand the agency's
 * contracts to another person. The names are the agency's to correct only while no other agency
 * shares the customer.
 */
export async function writeClients(ctx: ChunkContext, chunk: ClientItem[]): Promise<ChunkOutcomes> {
  const { tx, agencyId } = ctx;
  const out: ChunkOutcomes = new Map();
  const stored = await storedRefs(
    tx,
    agencyId,
    'client',
    chunk.map((v) => v.item.externalRef),
    { lock: true },
  );
  await settleErasedRefs(ctx, chunk, stored, out);
  const fresh = chunk.filter((v) => !stored.has(v.item.externalRef) && !out.has(v.index));
  const accounts = await accountsFor(tx, fresh);
  const accountOf = (v: ClientItem) => {
    const id = accounts.get(v.item.email);
    if (id === undefined) throw new Error('client neither made nor found');
    return id;
  };
  const claimed = await claimRefs(
    tx,
    agencyId,
    'client',
    fresh.map((v) => ({ externalRef: v.item.externalRef, entityId: accountOf(v), contentHash: v.hash })),
  );
  const linked: number[] = [];
  for (const v of fresh) {
    if (!claimed.has(v.item.externalRef)) continue;
    out.set(v.index, { status: 'created' });
    linked.push(accountOf(v));
  }
  const raced = fresh.filter((v) => !claimed.has(v.item.externalRef)).map((v) => v.item.externalRef);
  for (const [ref, s] of await storedRefs(tx, agencyId, 'client', raced, { lock: true })) stored.set(ref, s);

  const changed: { v: ClientItem; id: number }[] = [];
  for (const v of chunk) {
    const s = stored.get(v.item.externalRef);
    if (!s || out.has(v.index)) continue;
    if (s.contentHash === v.hash) out.set(v.index, { status: 'unchanged' });
    else changed.push({ v, id: s.entityId });
  }
  const rows = await rowsOf<{ id: number; email: string }>(
    tx,
    sql`select c.id, lower(c.email_address) as email from ${listOf(
      changed.map((c) => c.id),
      'int',
    )} join clients c on c.id = l.v`,
  );
  const emailOf = new Map(rows.map((r) => [Number(r.id), r.email]));
  const updated = changed.filter(({ v, id }) => {
    if (emailOf.get(id) === v.item.email) return true;
    out.set(v.index, { status: 'error', errors: { email: [IMPORT_MESSAGES.emailLocked] } });
    return false;
  });
  await updateRows(
    tx,
    clients,
    ['firstName', 'lastName'],
    updated.map(({ v, id }) => ({ id, firstName: v.item.firstName, lastName: v.item.lastName })),
    { where: `not exists (select 1 from client_agencies ca where ca.client_id = t.id and ca.agency_id <> ${agencyId})` },
  );
  await rehashRefs(
    tx,
    agencyId,
    'client',
    updated.map(({ v }) => ({ externalRef: v.item.externalRef, contentHash: v.hash })),
  );
  for (const { v, id } of updated) {
    out.set(v.index, { status: 'updated' });
    linked.push(id);
  }
  if (linked.length > 0) {
    await tx.execute(
      sql`insert into client_agencies (client_id, agency_id) select l.v, ${agencyId}::int from ${listOf(linked, 'int')} on conflict do nothing`,
    );
  }
  for (const v of chunk) {
    const id =
      stored.get(v.item.externalRef)?.entityId ?? (claimed.has(v.item.externalRef) ? accounts.get(v.item.email) : undefined);
    if (v.item.invite && out.get(v.index)?.status !== 'error' && id !== undefined) ctx.effects.invitedClientIds.push(id);
  }
  return out;
}
