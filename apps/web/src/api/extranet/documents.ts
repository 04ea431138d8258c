import type { AgencyContractDocument } from '@reseau/contracts/schemas/extranet';
import { useQuery } from '@tanstack/react-query';
import { api } from '../http';
import { extranetKeys } from './keys';

export type { AgencyContractDocument };

/** GET /agency-contract-documents/mine?agencyContractId, newest first. */
export function useContractDocuments(contractId: number) {
  return useQuery({
    queryKey: extranetKeys.documents(contractId),
    queryFn: async () => {
      const { agencyContractDocuments } = await api.get<{ agencyContractDocuments: AgencyContractDocument[] }>(
        '/agency-contract-documents/mine',
        { query: { agencyContractId: contractId } },
      );
      return [...agencyContractDocuments].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
    },
    meta: { errorMessage: 'errors.loadDocuments' },
  });
}
