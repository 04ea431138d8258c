import { MAX_ID, RICH_TEXT_IMAGE_PATH } from '@reseau/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitizer of every rich-text field (FAQ answers, news, agency pages, job offers…),
 * applied on write: what the Tiptap editor of the web app produces, nothing more.
 *
 * - Text: paragraphs, line breaks, bold, italic, underline, lists, quotes, h2–h4 headings (h1 is
 *   the page's own title: a pasted h1 becomes an h2, h5/h6 become h4).
 * - Links: http, https, mailto and tel (the FAQ gives agencies' phone numbers), relative links
 *   to our own pages; every link opens in a new tab with `rel="noopener noreferrer"`.
 * - Images: only from our own file store, written `/api/files/{id}` (relative, so the same text
 *   works on every host and never names another site), with their alt text. Any other source
 *   (another site, `data:`, `javascript:`, a path with a query) drops the image.
 * - Nothing else: no style or class, no event handler, no script, iframe, svg, math or form.
 */

const IMAGE_PATH = RICH_TEXT_IMAGE_PATH.replaceAll('/', '\\/');
/** `/api/files/{id}`: a database id (1 to 2 147 483 647), nothing before or after. */
const STORE_IMAGE_SRC = new RegExp(`^${IMAGE_PATH}([1-9]\\d{0,9})$`);
/** An image tag of sanitized HTML and its file id. */
const SANITIZED_IMAGE = new RegExp(`<img src="${IMAGE_PATH}(\\d+)"`, 'g');

function storeImageId(src: string | undefined): number | null {
  const match = src === undefined ? null : STORE_IMAGE_SRC.exec(src);
  const id = match ? Number(match[1]) : null;
  return id !== null && id <= MAX_ID ? id : null;
}

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'img'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // An image's src is checked whole below; no scheme at all is allowed on it.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' },
    }),
    img: (tagName, attribs) => {
      const id = storeImageId(attribs.src);
      if (id === null) return { tagName, attribs: {} };
      return { tagName, attribs: { src: `${RICH_TEXT_IMAGE_PATH}${id}`, ...(attribs.alt ? { alt: attribs.alt } : {}) } };
    },
  },
  // An image left without a source (it named another site) goes entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The HTML to store for a rich-text field: every write of one goes through here. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}

/**
 * The file ids of the images of a sanitized text, each once, in order. Read from the output (not
 * while sanitizing) so that an image the sanitizer dropped is never counted. In sanitized HTML an
 * `<img` can only be a tag (text has `&lt;`) and its src comes first, as written above.
 */
export function richTextImageFileIds(sanitizedHtml: string): number[] {
  const ids = [...sanitizedHtml.matchAll(SANITIZED_IMAGE)].map((match) => Number(match[1]));
  return [...new Set(ids)];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * The words of a rich text, for a search index or an excerpt: no tags (each one a space, so that
 * "<p>a</p><p>b</p>" gives "a b"), the common entities decoded, spaces collapsed.
 */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
