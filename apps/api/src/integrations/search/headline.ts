/**
 * ts_headline's fragments start and end on its parser's tokens, which are not the words a reader
 * sees: "…/documents/chaudiere-notice.pdf" is a piece of an address, "Nord" of "Dunkerque-Nord",
 * and a fragment that starts or ends inside the text says nothing of it (issue 25). Each fragment
 * is brought back to whole words of the indexed text (from the space before to the space after),
 * and the text left out before, between and after the fragments is shown as an ellipsis.
 */

/** The marks ts_headline is told to use: around a match, and between two fragments. */
export const HEADLINE_START = '\uE000';
export const HEADLINE_STOP = '\uE001';
export const HEADLINE_FRAGMENTS = '\uE002';
const ELLIPSIS = '…';
/** A partial word longer than this (a long address) is left out rather than completed. */
const LONGEST_COMPLETION = 40;

const unmarked = (text: string) => text.replaceAll(HEADLINE_START, '').replaceAll(HEADLINE_STOP, '');
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

interface Fragment {
  text: string;
  /** Text of the body before it, after it (when known). */
  before: boolean;
  after: boolean;
}

/** One fragment as whole words of `body`, searched from `from`; null when it is not found as is. */
function onWords(body: string, marked: string, from: number): (Fragment & { end: number }) | null {
  const plain = unmarked(marked);
  const at = body.indexOf(plain, from);
  if (plain === '' || at < 0) return null;
  let text = marked;
  let start = at;
  while (start > 0 && !isSpace(body[start - 1])) start--;
  if (at - start > LONGEST_COMPLETION) {
    // Drop the piece of the long word instead, unless it holds the match.
    const cut = text.search(/\s/);
    const piece = cut < 0 ? text : text.slice(0, cut);
    if (!piece.includes(HEADLINE_START) && cut >= 0) {
      text = text.slice(cut).trimStart();
      start = at + cut;
    } else start = at;
  } else text = body.slice(start, at) + text;
  const plainEnd = at + plain.length;
  let end = plainEnd;
  while (end < body.length && !isSpace(body[end])) end++;
  if (end - plainEnd > LONGEST_COMPLETION) {
    const cut = Math.max(text.search(/\s\S*$/), -1);
    const piece = cut < 0 ? text : text.slice(cut);
    if (!piece.includes(HEADLINE_STOP) && cut > 0) {
      text = text.slice(0, cut).trimEnd();
      end = plainEnd - piece.length;
    } else end = plainEnd;
  } else text += body.slice(plainEnd, end);
  const before = body.slice(0, start).trim() !== '';
  const after = body.slice(end).trim() !== '';
  return { text: text.trim(), before, after, end };
}

/** The headline with each fragment on word boundaries and an ellipsis for each cut. */
export function headlineOnWords(body: string, headline: string): string {
  const fragments: Fragment[] = [];
  let from = 0;
  const pieces = headline.split(HEADLINE_FRAGMENTS).filter((f) => unmarked(f).trim() !== '');
  for (const [i, piece] of pieces.entries()) {
    const found = onWords(body, piece.trim(), from);
    if (found) {
      fragments.push(found);
      from = found.end;
    } else {
      // Not found as is (ts_headline dropped something that looked like a tag): kept as given,
      // said to be cut wherever it is not the whole text.
      fragments.push({ text: piece.trim(), before: i > 0 || !body.startsWith(unmarked(piece).trim()), after: true });
      if (i === pieces.length - 1) fragments[i]!.after = !body.trimEnd().endsWith(unmarked(piece).trim());
    }
  }
  if (fragments.length === 0) return '';
  let out = fragments[0]!.before ? `${ELLIPSIS} ` : '';
  for (const [i, fragment] of fragments.entries()) {
    if (i > 0) out += ` ${ELLIPSIS} `;
    out += fragment.text;
  }
  if (fragments[fragments.length - 1]!.after) out += ` ${ELLIPSIS}`;
  return out;
}
