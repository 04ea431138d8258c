import { z } from 'zod';
import { LEGAL_PAGE_CONTENT_MAX, LEGAL_PAGE_SLUGS, LEGAL_PAGE_TITLE_MAX } from '../constants/legal-pages.js';
import { MESSAGES } from '../constants/messages.js';
import { requiredRichTextField } from './rich-text.js';

/**
 * `{slug}` of GET and PUT /legal-pages/{slug}: any short text, so that an unknown page is a 404
 * (a page that does not exist), not a validation error.
 */
export const legalPageParams = z.object({ slug: z.string().max(64) });

/** A legal page as the public reads it: its stored text, or the default while role 1 never saved one. */
export const legalPage = z.object({
  slug: z.enum(LEGAL_PAGE_SLUGS),
  title: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
  /** When role 1 last saved it; null: the default text. */
  updatedAt: z.iso.datetime().nullable(),
  isDefault: z.boolean(),
});
export type LegalPage = z.infer<typeof legalPage>;

/** PUT /legal-pages/{slug} (role 1). */
export const legalPageBody = z.object({
  title: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(LEGAL_PAGE_TITLE_MAX, MESSAGES.tooLong),
  content: requiredRichTextField(LEGAL_PAGE_CONTENT_MAX),
});
export type LegalPageBody = z.infer<typeof legalPageBody>;
