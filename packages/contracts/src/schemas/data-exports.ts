import { z } from 'zod';
import { DATA_EXPORT_TOKEN_MAX } from '../constants/data-exports.js';
import { idParam } from './primitives.js';

/** POST …/data-exports: the request is recorded; the ZIP follows by mail. */
export const dataExportRequested = z.object({
  dataExportId: z.number().int(),
  status: z.enum(['pending', 'ready', 'failed']),
});
export type DataExportRequested = z.infer<typeof dataExportRequested>;

/** POST /clients/{clientId}/data-exports: the customer the agency exports for. */
export const dataExportClientParams = z.object({ clientId: idParam });

/** GET /data-exports/{token}: the mailed link's token (a cut or mistyped one is a dead link, not a validation message). */
export const dataExportTokenParams = z.object({ token: z.string().max(DATA_EXPORT_TOKEN_MAX) });
