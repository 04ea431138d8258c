import sanitizeHtml from 'sanitize-html';

/**
 * The rich text a FAQ answer may hold: paragraphs, emphasis, lists, links and small headings.
 * Everything else (scripts, styles, event handlers, images, iframes) is dropped; links keep
 * http(s), mailto and tel only and open safely in a new tab.
 */
const FAQ_ANSWER_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

export function sanitizeFaqAnswer(html: string): string {
  return sanitizeHtml(html, FAQ_ANSWER_OPTIONS).trim();
}
