import type { AgencyContractServiceCall, ToDoItem } from '@reseau/contracts/schemas/extranet';
import { useQuery } from '@tanstack/react-query';
import { api } from '../http';
import { extranetKeys } from './keys';

export type { AgencyContractServiceCall, ToDoItem };

/** GET /my-to-do-list: quotes awaiting a decision, then invoices to pay, at the agency. */
export function useToDoList(agencyId: number) {
  return useQuery({
    queryKey: extranetKeys.toDoList(agencyId),
    queryFn: async () => (await api.get<{ toDoList: ToDoItem[] }>('/my-to-do-list', { query: { agencyId } })).toDoList,
    meta: { errorMessage: 'errors.loadToDoList' },
  });
}

/** GET /agency-contract-service-calls/mine: the agency's service calls, newest first, finished ones included. */
export function useServiceCalls(agencyId: number) {
  return useQuery({
    queryKey: extranetKeys.serviceCalls(agencyId),
    queryFn: async () =>
      (
        await api.get<{ agencyContractServiceCalls: AgencyContractServiceCall[] }>('/agency-contract-service-calls/mine', {
          query: { agencyId },
        })
      ).agencyContractServiceCalls,
    meta: { errorMessage: 'errors.loadServiceCalls' },
  });
}
