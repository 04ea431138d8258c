import type { Area } from '@reseau/contracts/constants/auth';
import { DATA_EXPORT_FILE_NAME } from '@reseau/contracts/constants/data-exports';
import type { DataExportRequested } from '@reseau/contracts/schemas/data-exports';
import { downloadFile } from './files';
import { api } from './http';

/**
 * "Télécharger mes données" (issue 28 §1): the request is answered at once (202) and the ZIP's
 * link arrives by mail. POST /clients/me/data-exports (extranet) or /admins/me/data-exports (intranet).
 */
export function requestOwnDataExport(area: Area) {
  return api.post<DataExportRequested>(area === 'extranet' ? '/clients/me/data-exports' : '/admins/me/data-exports');
}

/** POST /clients/{clientId}/data-exports: an agency exports a customer's data; the link goes to the customer. */
export function requestClientDataExport(clientId: number) {
  return api.post<DataExportRequested>(`/clients/${clientId}/data-exports`);
}

/** GET /data-exports/{token}: the ZIP the mailed link opens, saved under the server's name. */
export function downloadDataExport(token: string) {
  return downloadFile(`/data-exports/${encodeURIComponent(token)}`, DATA_EXPORT_FILE_NAME);
}
