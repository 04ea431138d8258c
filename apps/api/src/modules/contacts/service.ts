import type { ContactType } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agencyContracts, clients, contacts } from '../../db/schema/index.js';
import { publishLiveEvent } from '../../kernel/live-events.js';

/**
 * Records a demand for the agency of a customer's contract: the customer's identity and address
 * come from the contract, the type-specific fields go in `data` (spec 02 §3). With a `dedupeKey`
 * (a provider event, a payment id) a second call for the same fact adds nothing.
 * Returns whether a contact was added; the agency's staff hear of it live (at commit, in a transaction).
 */
export async function recordContractContact(
  db: DbOrTx,
  opts: { agencyContractId: number; type: ContactType; data: Record<string, unknown>; dedupeKey?: string },
): Promise<boolean> {
  const [row] = await db
    .select({
      agencyId: agencyContracts.agencyId,
      clientId: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      accountEmail: clients.emailAddress,
      contractEmail: agencyContracts.emailAddress,
      mobile: agencyContracts.mobilePhoneNumber,
      landline: agencyContracts.landlinePhoneNumber,
      route: agencyContracts.route,
      postalCode: agencyContracts.postalCode,
      locality: agencyContracts.locality,
    })
    .from(agencyContracts)
    .innerJoin(clients, eq(clients.id, agencyContracts.clientId))
    .where(eq(agencyContracts.id, opts.agencyContractId));
  if (!row) throw new Error(`contract ${opts.agencyContractId} not found`);

  const inserted = await db
    .insert(contacts)
    .values({
      agencyId: row.agencyId,
      type: opts.type,
      clientId: row.clientId,
      fullName: `${row.firstName} ${row.lastName}`,
      emailAddress: row.contractEmail ?? row.accountEmail,
      phone: row.mobile ?? row.landline,
      address: row.route,
      postalCode: row.postalCode,
      city: row.locality,
      isClientKnown: true,
      data: { agencyContractId: opts.agencyContractId, ...opts.data },
      dedupeKey: opts.dedupeKey,
    })
    .onConflictDoNothing()
    .returning({ id: contacts.id });
  if (inserted.length === 0) return false;
  await publishLiveEvent(db, { kind: 'contacts', agencyId: row.agencyId });
  return true;
}
