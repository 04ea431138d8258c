/** Lower case without accents, so that "helene" finds "Hélène" and "orleans" finds "Orléans". */
export function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Whether every word of `search` is found in one of the texts (an empty search matches all). */
export function matchesSearch(search: string, texts: readonly (string | null | undefined)[]): boolean {
  const words = folded(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = folded(texts.filter(Boolean).join(' '));
  return words.every((word) => haystack.includes(word));
}
