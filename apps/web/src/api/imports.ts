import type { ImportReport, ImportSummary } from '@reseau/contracts/schemas/imports';
import { useQuery } from '@tanstack/react-query';
import { usePagedQuery } from '../lib/use-paged-query';
import { api } from './http';
import { pageOf } from './pages';

export type { ImportReport, ImportSummary };

export const importKeys = {
  history: (agencyId: number, pageNumber: number, pageSize: number) =>
    ['imports', 'agency', agencyId, pageNumber, pageSize] as const,
  report: (id: number) => ['imports', id] as const,
};

/** GET /imports?agencyId: one page of the agency's imports, newest first. */
export function useImports(agencyId: number | null, pageNumber: number, pageSize: number) {
  return usePagedQuery<ImportSummary>({
    queryKey: importKeys.history(agencyId ?? 0, pageNumber, pageSize),
    ...pageOf('/imports', 'imports', { agencyId: agencyId ?? 0, pageNumber, pageSize }),
    enabled: agencyId !== null,
    errorMessage: 'imports.errors.load',
  });
}

/** GET /imports/{id}: the stored report, item by item. */
export function fetchImportReport(id: number, signal?: AbortSignal): Promise<ImportReport> {
  return api.get<ImportReport>(`/imports/${id}`, { signal });
}

export function useImportReport(id: number | null) {
  return useQuery({
    queryKey: importKeys.report(id ?? 0),
    queryFn: ({ signal }) => fetchImportReport(id ?? 0, signal),
    enabled: id !== null,
    // A report never changes once written.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorMessage: 'imports.errors.report' },
  });
}
