import type { AgencyContractQuotation } from '@reseau/contracts/schemas/quotations';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../http';
import { extranetKeys } from './keys';

export type { AgencyContractQuotation };

/** GET /agency-contract-quotations/mine?agencyContractId */
export function useContractQuotations(contractId: number) {
  return useQuery({
    queryKey: extranetKeys.quotations(contractId),
    queryFn: async () =>
      (
        await api.get<{ agencyContractQuotations: AgencyContractQuotation[] }>('/agency-contract-quotations/mine', {
          query: { agencyContractId: contractId },
        })
      ).agencyContractQuotations,
    meta: { errorMessage: 'errors.loadQuotations' },
  });
}

/** POST :initialize-signature → the provider's signing page, where the browser goes next. */
export async function initializeSignature(quotationId: number, redirectUrl: string): Promise<string> {
  const answer = await api.post<{ signatureUrl: string }>(`/agency-contract-quotations/${quotationId}:initialize-signature`, {
    redirectUrl,
  });
  return answer.signatureUrl;
}

/** POST :accept, the direct acceptance of a quote without a file. */
export function acceptQuotation(quotationId: number) {
  return api.post<void>(`/agency-contract-quotations/${quotationId}:accept`);
}

/** POST :refuse */
export function refuseQuotation(quotationId: number) {
  return api.post<void>(`/agency-contract-quotations/${quotationId}:refuse`);
}

/** A decision changes the quote lists, the to-do lists and the service-call trackers. */
export function useRefreshAfterQuoteDecision() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: extranetKeys.allQuotations }),
      client.invalidateQueries({ queryKey: extranetKeys.allToDoLists }),
    ]);
}
