import type { AgencyContractDocument } from '@reseau/contracts/schemas/extranet';
import { useQuery } from '@tanstack/react-query';
import { landingGet } from '../http';
import { extranetKeys } from './keys';

export type { AgencyContractDocument };

/** GET /agency-contract-documents/mine?agencyContractId, newest first. */
export function useContractDocuments(contractId: number) {
  return useQuery({
    queryKey: extranetKeys.documents(contractId),
    ...landingGet(
      '/agency-contract-documents/mine',
      { agencyContractId: contractId },
      ({ agencyContractDocuments }: { agencyContractDocuments: AgencyContractDocument[] }) =>
        [...agencyContractDocuments].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id),
    ),
    meta: { errorMessage: 'errors.loadDocuments' },
  });
}
