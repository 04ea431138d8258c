import type { AgencyContractServiceCall } from '@reseau/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { agencyContractServiceCalls, agencyContracts } from '../../db/schema/index.js';
import type { CustomerContext } from '../../lib/request-context.js';
import { ownContracts } from '../agency-contracts/policy.js';

/**
 * The caller's service calls (of one agency or all), newest request first, each with the
 * equipment and address of its contract for the tracker's first step.
 */
export async function listMyServiceCalls(
  { db, caller: client }: CustomerContext,
  query: { agencyId?: number; isFinished?: boolean },
): Promise<AgencyContractServiceCall[]> {
  return db
    .select({
      id: agencyContractServiceCalls.id,
      requestDate: agencyContractServiceCalls.requestDate,
      isFinished: agencyContractServiceCalls.isFinished,
      appointmentDate: agencyContractServiceCalls.appointmentDate,
      appointmentTime: agencyContractServiceCalls.appointmentTime,
      quotationId: agencyContractServiceCalls.quotationId,
      invoiceId: agencyContractServiceCalls.invoiceId,
      voucherId: agencyContractServiceCalls.voucherId,
      agencyContractId: agencyContractServiceCalls.agencyContractId,
      equipmentType: agencyContracts.equipmentType,
      equipmentModel: agencyContracts.equipmentModel,
      route: agencyContracts.route,
      postalCode: agencyContracts.postalCode,
      locality: agencyContracts.locality,
    })
    .from(agencyContractServiceCalls)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractServiceCalls.agencyContractId))
    .where(
      and(
        ownContracts(client, query.agencyId),
        query.isFinished === undefined ? undefined : eq(agencyContractServiceCalls.isFinished, query.isFinished),
      ),
    )
    .orderBy(desc(agencyContractServiceCalls.requestDate), desc(agencyContractServiceCalls.id));
}
