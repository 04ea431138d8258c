import { z } from 'zod';

/** GET /file-types: what each upload field accepts, so the web app can refuse early. */
export const fileTypeSummary = z.object({
  fileTypeId: z.number().int(),
  allowedMimeTypes: z.array(z.string()),
  maxSize: z.number().int(),
});
export type FileTypeSummary = z.infer<typeof fileTypeSummary>;
export const fileTypeList = z.object({ fileTypes: z.array(fileTypeSummary) });

/** POST /files answers the new file's id. */
export const uploadedFile = z.object({ id: z.number().int() });
export type UploadedFile = z.infer<typeof uploadedFile>;
