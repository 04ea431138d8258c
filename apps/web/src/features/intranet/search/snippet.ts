/** A piece of a hit's excerpt: plain text, marked when it is a matched word. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * The server's excerpt is escaped HTML whose only tags are the <b> around matched words
 * (integrations/search/postgres.ts). It is read here as text pieces that React renders as text,
 * so no markup of the indexed content ever reaches the page, whatever the server sends.
 */
export function snippetParts(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const pattern = /<b>(.*?)<\/b>/gs;
  let last = 0;
  for (const found of html.matchAll(pattern)) {
    if (found.index > last) parts.push({ text: decode(html.slice(last, found.index)), match: false });
    parts.push({ text: decode(found[1] ?? ''), match: true });
    last = found.index + found[0].length;
  }
  if (last < html.length) parts.push({ text: decode(html.slice(last)), match: false });
  // Any other tag (never sent today) is shown as the text it is, never interpreted.
  return parts.filter((part) => part.text.length > 0);
}
