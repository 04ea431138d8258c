import { POSTAL_CODE_CSV_CONTENT_TYPES } from '@reseau/contracts/constants/agencies';
import { downloadFile } from './files';
import { api } from './http';

/** GET /agencies/{id}/export-postal-codes: the served postal codes, saved as a CSV file. */
export function exportPostalCodes(agencyId: number): Promise<void> {
  return downloadFile(`/agencies/${agencyId}/export-postal-codes`, `codes-postaux-agence-${agencyId}.csv`);
}

/**
 * POST /agencies/{id}/import-postal-codes: the raw file with its content type; replaces the set. A
 * file without a CSV type (some systems) goes as text/csv; the server refuses binary content.
 */
export function importPostalCodes(agencyId: number, file: File): Promise<{ postalCodes: string[] }> {
  const contentType = POSTAL_CODE_CSV_CONTENT_TYPES.includes(file.type) ? file.type : 'text/csv';
  return api.post(`/agencies/${agencyId}/import-postal-codes`, file, { headers: { 'content-type': contentType } });
}
