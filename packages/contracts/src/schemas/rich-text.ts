import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import { hasRichTextContent, RICH_TEXT_MAX_LENGTH } from '../constants/rich-text.js';

/**
 * A rich-text field of a request: HTML of at most `maxLength` characters. The API sanitizes it
 * (`sanitizeRichText`) before storing it; this schema only bounds what is read.
 */
export function richTextField(maxLength: number = RICH_TEXT_MAX_LENGTH) {
  return z.string({ error: MESSAGES.required }).max(maxLength, MESSAGES.tooLong);
}

/** A rich-text field that must show something: an empty editor (`<p></p>`) is refused like ''. */
export function requiredRichTextField(maxLength: number = RICH_TEXT_MAX_LENGTH) {
  return richTextField(maxLength).refine(hasRichTextContent, MESSAGES.required);
}
