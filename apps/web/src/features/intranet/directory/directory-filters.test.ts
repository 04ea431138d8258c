import { describe, expect, it } from 'vitest';
import { matchesSearch } from './directory-filters';

describe('directory search (issue 25)', () => {
  it('ignores case, accents, spaces, hyphens and apostrophes', () => {
    for (const search of ['lebihan', 'Le Bihan', 'le-bihan', 'LE BIHAN', 'yann lebihan', 'bihan']) {
      expect(matchesSearch(search, ['Yann', 'Le Bihan', 'Gérant']), search).toBe(true);
    }
    for (const search of ['dargent', "d'argent", 'd’argent-leveque', 'argentleveque', 'lévêque']) {
      expect(matchesSearch(search, ['Anne', "D'Argent-Lévêque"]), search).toBe(true);
    }
  });

  it('needs every word, and a word never spans two fields', () => {
    expect(matchesSearch('yann dupont', ['Yann', 'Le Bihan'])).toBe(false);
    expect(matchesSearch('yannle', ['Yann', 'Le Bihan'])).toBe(false);
    expect(matchesSearch('', ['Yann'])).toBe(true);
  });
});
