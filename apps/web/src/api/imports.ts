import type { ImportReport, ImportSummary } from '@reseau/contracts/schemas/imports';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';

export type { ImportReport, ImportSummary };

export const importKeys = {
  history: (agencyId: number) => ['imports', 'agency', agencyId] as const,
  report: (id: number) => ['imports', id] as const,
};

/** GET /imports?agencyId: the agency's imports, newest first (the server keeps the 200 newest). */
export function useImports(agencyId: number | null) {
  return useQuery({
    queryKey: importKeys.history(agencyId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<{ imports: ImportSummary[] }>('/imports', { query: { agencyId: agencyId ?? 0 }, signal })).imports,
    enabled: agencyId !== null,
    meta: { errorMessage: 'imports.errors.load' },
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
