import type { FileTypeSummary } from '@reseau/contracts/schemas/files';
import { useQuery } from '@tanstack/react-query';
import { landingGet } from './http';

export type { FileTypeSummary };

/** GET /file-types: what each upload field accepts. Fixed by the server's release, so read once. */
export function useFileTypes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['file-types'],
    ...landingGet('/file-types', undefined, (answer: { fileTypes: FileTypeSummary[] }) => answer.fileTypes),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
