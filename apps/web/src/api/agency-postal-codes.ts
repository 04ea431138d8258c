import { downloadFile } from './files';
import { api } from './http';

/** A CSV file type the API reads; a file without one (some systems) goes as text/csv. */
const CSV_TYPES = ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/csv'];

/** GET /agencies/{id}/export-postal-codes: the served postal codes, saved as a CSV file. */
export function exportPostalCodes(agencyId: number): Promise<void> {
  return downloadFile(`/agencies/${agencyId}/export-postal-codes`, `codes-postaux-agence-${agencyId}.csv`);
}

/** POST /agencies/{id}/import-postal-codes: the raw file with its content type; replaces the set. */
export function importPostalCodes(agencyId: number, file: File): Promise<{ postalCodes: string[] }> {
  const contentType = CSV_TYPES.includes(file.type) ? file.type : 'text/csv';
  return api.post(`/agencies/${agencyId}/import-postal-codes`, file, { headers: { 'content-type': contentType } });
}
