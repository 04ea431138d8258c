/**
 * The href a typed link becomes. The API keeps http, https, mailto and tel links and our own
 * pages only (apps/api/src/lib/rich-text.ts): "ademe.fr" would otherwise be stored as a relative
 * link that leads nowhere, so what people type is completed the way they mean it.
 */
export function normalizeLinkHref(typed: string): string {
  const href = typed.trim();
  if (href === '' || /^(https?:\/\/|mailto:|tel:)/i.test(href) || /^\/(?!\/)/.test(href)) return href;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(href)) return `mailto:${href}`;
  if (/^\+?[\d .-]{6,}$/.test(href)) return `tel:${href.replace(/[ .-]/g, '')}`;
  return `https://${href.replace(/^\/+/, '')}`;
}

/** What a link may point to once written: the schemes the API keeps, or one of our pages. */
export const isAllowedLinkHref = (href: string): boolean => /^(https?:\/\/|mailto:|tel:|\/(?!\/))/i.test(href);
