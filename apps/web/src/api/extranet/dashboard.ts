import type { AgencyContractServiceCall, ToDoItem } from '@reseau/contracts/schemas/extranet';
import { useQuery } from '@tanstack/react-query';
import { landingGet } from '../http';
import { extranetKeys } from './keys';

export type { AgencyContractServiceCall, ToDoItem };

/** GET /my-to-do-list: quotes awaiting a decision, then invoices to pay, at the agency. */
export function useToDoList(agencyId: number) {
  return useQuery({
    queryKey: extranetKeys.toDoList(agencyId),
    ...landingGet('/my-to-do-list', { agencyId }, (answer: { toDoList: ToDoItem[] }) => answer.toDoList),
    meta: { errorMessage: 'errors.loadToDoList' },
  });
}

/** GET /agency-contract-service-calls/mine: the agency's service calls, newest first, finished ones included. */
export function useServiceCalls(agencyId: number) {
  return useQuery({
    queryKey: extranetKeys.serviceCalls(agencyId),
    ...landingGet(
      '/agency-contract-service-calls/mine',
      { agencyId },
      (answer: { agencyContractServiceCalls: AgencyContractServiceCall[] }) => answer.agencyContractServiceCalls,
    ),
    meta: { errorMessage: 'errors.loadServiceCalls' },
  });
}
