/**
 * Rich-text fields (news, agency pages, job offers, FAQ answers…): HTML written with the web
 * app's editor and sanitized by the API on every write (apps/api/src/lib/rich-text.ts).
 */

/** Where a rich text's images live: `/api/files/{id}` of our own file store; any other source is dropped. */
export const RICH_TEXT_IMAGE_PATH = '/api/files/';
/** Characters of HTML a rich-text field takes unless its own rule says less. */
export const RICH_TEXT_MAX_LENGTH = 100_000;
/** Images one rich-text field may show (each is checked on write). */
export const RICH_TEXT_MAX_IMAGES = 20;

export const RICH_TEXT_MESSAGES = {
  imageNotFound: 'Une image de ce texte est introuvable : ajoutez-la de nouveau.',
  tooManyImages: `Ce texte contient trop d'images (${RICH_TEXT_MAX_IMAGES} au maximum).`,
} as const;

/**
 * Whether a rich text shows anything: some text or an image. An empty editor gives `<p></p>`, and a
 * required rich-text field must refuse it as it refuses ''.
 */
export function hasRichTextContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  const text = html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|&#xa0;/gi, ' ');
  return text.trim() !== '';
}
