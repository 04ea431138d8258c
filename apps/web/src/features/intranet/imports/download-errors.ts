import type { QueryClient } from '@tanstack/react-query';
import { fetchImportReport, importKeys } from '../../../api/imports';
import { saveBlob } from '../../../lib/save-blob';
import { importErrorsCsv, importErrorsFileName } from './errors-csv';

/**
 * « Télécharger les erreurs (CSV) »: reads the report (GET /imports/{id}, the history holds counts
 * only), builds the file in the browser and hands it over. The report is cached: the drawer that
 * shows the same errors reads it once.
 */
export async function downloadImportErrors(client: QueryClient, id: number): Promise<void> {
  const report = await client.fetchQuery({
    queryKey: importKeys.report(id),
    queryFn: ({ signal }) => fetchImportReport(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  saveBlob(new Blob([importErrorsCsv(report)], { type: 'text/csv;charset=utf-8' }), importErrorsFileName(id));
}
