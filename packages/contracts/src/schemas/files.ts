import { z } from 'zod';
import { FILE_PREVIEW_WIDTHS } from '../constants/files.js';

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

/** GET /files/{id}: `width` asks for an image's preview at that width (FILE_PREVIEW_WIDTHS). */
const PREVIEW_WIDTH_MESSAGE = `La largeur doit être l'une de : ${FILE_PREVIEW_WIDTHS.join(', ')}.`;
export const fileQuery = z.object({
  width: z.coerce
    .number({ error: PREVIEW_WIDTH_MESSAGE })
    .refine((width) => (FILE_PREVIEW_WIDTHS as readonly number[]).includes(width), { error: PREVIEW_WIDTH_MESSAGE })
    .optional(),
});
