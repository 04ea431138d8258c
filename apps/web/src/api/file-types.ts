import type { FileTypeSummary } from '@reseau/contracts/schemas/files';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';

export type { FileTypeSummary };

/** GET /file-types: what each upload field accepts. Fixed by the server's release, so read once. */
export function useFileTypes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['file-types'],
    queryFn: async () => (await api.get<{ fileTypes: FileTypeSummary[] }>('/file-types')).fileTypes,
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
