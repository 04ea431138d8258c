import {
  CONTACT_DATA_FIELDS,
  CONTACT_TYPE_GROUPS,
  type Contact,
  type ContactData,
  type ContactList,
  type ContactListQuery,
  type ContactType,
  type UnprocessedContactCounts,
} from '@reseau/contracts';
import { and, desc, eq, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { adherents, agencies, contacts } from '../../db/schema/index.js';
import { publishLiveEvent } from '../../kernel/live-events.js';
import { likePattern } from '../../lib/like-pattern.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import type { StaffContext } from '../../lib/request-context.js';
import { listedAgency, ownContacts } from './policy.js';

const c = contacts;

/**
 * `search` (spec 02 §7) looks at the name, email, phone, city and the quotation or invoice number,
 * ignoring case and accents ("helene" finds "Hélène"); a search made of digits also finds a phone
 * written with spaces or dots ("0612" finds "06 12 34 56 78").
 */
function matches(search: string): SQL {
  const haystack = sql`public.immutable_unaccent(concat_ws(' ', ${c.fullName}, ${c.emailAddress}, ${c.phone}, ${c.city}, ${c.data}->>'quotationNumber', ${c.data}->>'invoiceNumber'))`;
  const text = sql`${haystack} ilike public.immutable_unaccent(${likePattern(search)})`;
  const digits = search.replace(/[\s.\-/]/g, '');
  if (!/^\+?\d{3,}$/.test(digits)) return text;
  return or(text, sql`regexp_replace(coalesce(${c.phone}, ''), '[^0-9+]', '', 'g') like ${likePattern(digits)}`) as SQL;
}

/** Only the type's own fields of `data` (CONTACT_DATA_FIELDS) leave the server. */
function presentData(type: ContactType, data: Record<string, unknown>): ContactData {
  const fields = CONTACT_DATA_FIELDS[type] ?? [];
  return Object.fromEntries(fields.filter((f) => data[f] !== undefined).map((f) => [f, data[f]])) as ContactData;
}

const columns = {
  id: c.id,
  type: c.type,
  fullName: c.fullName,
  emailAddress: c.emailAddress,
  phone: c.phone,
  address: c.address,
  postalCode: c.postalCode,
  city: c.city,
  isClientKnown: c.isClientKnown,
  clientId: c.clientId,
  isProcessed: c.isProcessed,
  createdAt: c.createdAt,
  processedAt: c.processedAt,
  agencyId: c.agencyId,
  agencyName: agencies.name,
  adherentName: adherents.name,
  data: c.data,
};
const selectContacts = (db: DbOrTx) =>
  db
    .select(columns)
    .from(c)
    .innerJoin(agencies, eq(agencies.id, c.agencyId))
    .innerJoin(adherents, eq(adherents.id, agencies.adherentId));
type Row = Awaited<ReturnType<typeof selectContacts>>[number];

function present(row: Row): Contact {
  const type = row.type as ContactType;
  return {
    id: row.id,
    type,
    fullName: row.fullName,
    emailAddress: row.emailAddress,
    phone: row.phone,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    isClientKnown: row.isClientKnown,
    clientId: row.clientId,
    isProcessed: row.isProcessed,
    creationDate: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    agencyId: row.agencyId,
    agencyName: row.agencyName,
    adherentName: row.adherentName,
    data: presentData(type, row.data),
  };
}

/**
 * GET /contacts: the contacts of one agency (`agencyId`, checked by the policy's `listedAgency`) or
 * of the whole network (none), newest first, one bounded page (constants/contacts.ts); one query
 * for the page, one for the count.
 */
export async function listContacts({ db, caller }: StaffContext, query: ContactListQuery): Promise<ContactList> {
  const agencyId = listedAgency(caller, query.agencyId);
  const where = and(
    agencyId === null ? undefined : eq(c.agencyId, agencyId),
    query.isProcessed === undefined ? undefined : eq(c.isProcessed, query.isProcessed),
    query.contactTypes === undefined ? undefined : inArray(c.type, query.contactTypes),
    query.search ? matches(query.search) : undefined,
  );
  const rows = await selectContacts(db)
    .where(where)
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const total = await db.$count(c, where);
  return { contacts: rows.map(present), pageCount: pageCount(total, query) };
}

/**
 * `:set-processed` and `:set-to-process`: one conditional UPDATE each, so `processedAt` keeps its
 * meaning (when it was marked handled; the dashboard counts those of the last month) whatever the
 * order of concurrent calls: marking an already handled contact keeps its date, marking a contact
 * to handle clears it. Answers false when the caller has no such contact (another agency's).
 */
export async function setContactProcessed({ db, caller: admin }: StaffContext, id: number, processed: boolean): Promise<boolean> {
  const mine = and(eq(c.id, id), ownContacts(admin));
  const changed = await db
    .update(c)
    .set(processed ? { isProcessed: true, processedAt: sql`now()` } : { isProcessed: false, processedAt: null })
    .where(and(mine, processed ? not(c.isProcessed) : c.isProcessed))
    .returning({ agencyId: c.agencyId });
  if (changed[0]) {
    // The menu counts of every tab of the agency's staff.
    await publishLiveEvent(db, { kind: 'contacts', agencyId: changed[0].agencyId });
    return true;
  }
  // Nothing changed: already in that state (an answer all the same), or not the caller's.
  return (await db.$count(c, mine)) > 0;
}

const unprocessedOf = (types: readonly string[]) => sql<number>`count(*) filter (where ${inArray(c.type, [...types])})::int`;

/** GET /unprocessed-contact-count-by-contact-types: the menu badges (spec 00 §3) of one agency or of the network, one query. */
export async function countUnprocessedContacts(
  { db, caller }: StaffContext,
  listed: number | undefined,
): Promise<UnprocessedContactCounts> {
  const agencyId = listedAgency(caller, listed);
  const [row] = await db
    .select({
      external: unprocessedOf(CONTACT_TYPE_GROUPS.external),
      quotation: unprocessedOf(CONTACT_TYPE_GROUPS.quotation),
      invoice: unprocessedOf(CONTACT_TYPE_GROUPS.invoice),
    })
    .from(c)
    .where(and(agencyId === null ? undefined : eq(c.agencyId, agencyId), eq(c.isProcessed, false)));
  return { external: row?.external ?? 0, quotation: row?.quotation ?? 0, invoice: row?.invoice ?? 0 };
}
