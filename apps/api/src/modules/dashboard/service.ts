import { type DashboardContacts, NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, eq, exists, isNotNull, type SQL, sql } from 'drizzle-orm';
import { assertOwnAgency } from '../../auth/guards.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies, clientAgencies, clients, contacts } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { assertMayReadNetworkContacts } from './policy.js';

/**
 * The four counts of spec 00 §3 for one agency or (without one) the whole network, in one query:
 * - count_to_process: demands not processed yet;
 * - count_to_process_new_client: of those, the ones from someone who is not a known customer
 *   (`isClientKnown` false: a prospect from the public site);
 * - count_processed_last_month: demands marked processed during the last month (rolling, from now);
 * - count_verified_clients: customers of the agency (of any agency) whose account is usable: a
 *   password set, the email verified, the account active.
 */
async function countDashboardContacts(db: DbOrTx, agencyId?: number): Promise<DashboardContacts> {
  const ofAgency: SQL | undefined = agencyId === undefined ? undefined : eq(contacts.agencyId, agencyId);
  const customerOf = agencyId === undefined ? sql`true` : sql`${clientAgencies.agencyId} = ${agencyId}`;
  const verifiedClients = db
    .select({ n: sql<number>`count(*)::int` })
    .from(clients)
    .where(
      and(
        isNotNull(clients.passwordHash),
        isNotNull(clients.emailVerifiedAt),
        eq(clients.isActive, true),
        exists(sql`(select 1 from ${clientAgencies} where ${clientAgencies.clientId} = ${clients.id} and ${customerOf})`),
      ),
    );
  const [row] = await db
    .select({
      count_to_process: sql<number>`count(*) filter (where not ${contacts.isProcessed})::int`,
      count_to_process_new_client: sql<number>`count(*) filter (where not ${contacts.isProcessed} and not ${contacts.isClientKnown})::int`,
      count_processed_last_month: sql<number>`count(*) filter (where ${contacts.isProcessed} and ${contacts.processedAt} >= now() - interval '1 month')::int`,
      count_verified_clients: sql<number>`(${verifiedClients})`.mapWith(Number),
    })
    .from(contacts)
    .where(ofAgency);
  return {
    count_to_process: row?.count_to_process ?? 0,
    count_to_process_new_client: row?.count_to_process_new_client ?? 0,
    count_processed_last_month: row?.count_processed_last_month ?? 0,
    count_verified_clients: row?.count_verified_clients ?? 0,
  };
}

async function agencyExists(db: DbOrTx, agencyId: number): Promise<boolean> {
  const rows = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId));
  return rows.length > 0;
}

/** GET /my-adherent-dashboard-contacts/{id}: the counts of one of the caller's agencies (403 for another's, 404 for none). */
export async function agencyDashboardContacts({ db, caller }: StaffContext, agencyId: number): Promise<DashboardContacts> {
  assertOwnAgency(caller, agencyId);
  if (!(await agencyExists(db, agencyId))) throw errors.notFound(NOT_FOUND_SUBJECTS.agency);
  return countDashboardContacts(db, agencyId);
}

/** GET /network-dashboard-contacts: the counts of the whole network (role 1 only). */
export async function networkDashboardContacts({ db, caller }: StaffContext): Promise<DashboardContacts> {
  assertMayReadNetworkContacts(caller);
  return countDashboardContacts(db);
}
