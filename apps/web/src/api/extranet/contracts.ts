import type { AgencyContract, ChangePhonesBody } from '@reseau/contracts/schemas/extranet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, landingGet } from '../http';
import { extranetKeys } from './keys';

export type { AgencyContract };

/** GET /agency-contracts/mine: the customer's contracts, at one agency or all of them. */
export function useMyContracts(agencyId?: number | null, enabled = true) {
  return useQuery({
    queryKey: extranetKeys.contracts(agencyId),
    ...landingGet(
      '/agency-contracts/mine',
      { agencyId },
      (answer: { agencyContracts: AgencyContract[] }) => answer.agencyContracts,
    ),
    enabled,
    meta: { errorMessage: 'errors.loadContracts' },
  });
}

/** 204: changed at once; 202: a verification mail went to the new address. */
export type EmailChangeOutcome = 'changed' | 'verification_sent';

/** POST /agency-contracts/{id}:open-email-address-change */
export function useChangeContractEmail(contractId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: { emailAddress: string; redirectUrl: string }): Promise<EmailChangeOutcome> => {
      const response = await api.post<Response>(`/agency-contracts/${contractId}:open-email-address-change`, values, {
        responseType: 'response',
      });
      return response.status === 202 ? 'verification_sent' : 'changed';
    },
    onSuccess: (outcome) => {
      if (outcome === 'changed') return client.invalidateQueries({ queryKey: extranetKeys.allContracts });
    },
  });
}

/** POST /agency-contracts/{id}:change-phones */
export function useChangeContractPhones(contractId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: ChangePhonesBody) => api.post<void>(`/agency-contracts/${contractId}:change-phones`, values),
    onSuccess: () => client.invalidateQueries({ queryKey: extranetKeys.allContracts }),
  });
}
