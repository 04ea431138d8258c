/** Lower case without accents, so that "helene" finds "Hélène" and "orleans" finds "Orléans". */
export function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** What separates the parts of a name: spaces, hyphens and dashes, apostrophes (' and ’). */
const NAME_SEPARATORS = /[\s\-\u2010-\u2015'\u2019`]+/g;

/** Folded, without the separators: "Le Bihan", "le-bihan" and "LEBIHAN" all read "lebihan". */
const compacted = (text: string) => folded(text).replace(NAME_SEPARATORS, '');

/**
 * Whether every word of `search` is found in one of the texts (an empty search matches all),
 * ignoring case, accents, spaces, hyphens and apostrophes inside a text (issue 25: "lebihan"
 * finds "Le Bihan", "dargent" finds "D'Argent-Lévêque"). Each text is compacted on its own, so a
 * word never matches across two fields.
 */
export function matchesSearch(search: string, texts: readonly (string | null | undefined)[]): boolean {
  const words = folded(search)
    .split(/\s+/)
    .map((word) => word.replace(NAME_SEPARATORS, ''))
    .filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts
    .filter((t): t is string => Boolean(t))
    .map(compacted)
    .join('\n');
  return words.every((word) => haystack.includes(word));
}
