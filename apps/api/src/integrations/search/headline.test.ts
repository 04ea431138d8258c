import { describe, expect, it } from 'vitest';
import { HEADLINE_STOP as E, HEADLINE_FRAGMENTS as F, headlineOnWords, HEADLINE_START as S } from './headline.js';

const shown = (text: string) => text.replaceAll(S, '[').replaceAll(E, ']');

describe('search snippets on word boundaries (issue 25)', () => {
  it('completes a word cut at either end of a fragment, and says what is left out with an ellipsis', () => {
    const body = 'Voir https://www.exemple.fr/docs/notice.pdf pour la chaudière du client de Dunkerque-Nord et le thermostat.';
    const headline = `/docs/notice.pdf pour la ${S}chaudière${E} du client de Dunkerque`;
    expect(shown(headlineOnWords(body, headline))).toBe(
      '… https://www.exemple.fr/docs/notice.pdf pour la [chaudière] du client de Dunkerque-Nord …',
    );
  });

  it('joins two fragments with one ellipsis, and none where the text starts or ends', () => {
    const body = 'La chaudière est en panne. Un long texte entre les deux. Fin avec chaudière murale.';
    const headline = `La ${S}chaudière${E} est en panne${F}Fin avec ${S}chaudière${E} murale`;
    expect(shown(headlineOnWords(body, headline))).toBe('La [chaudière] est en panne. … Fin avec [chaudière] murale.');
  });

  it('leaves out a piece of a very long word rather than completing it', () => {
    const long = `https://www.exemple.fr/${'x'.repeat(60)}/notice`;
    const body = `${long} pour la chaudière murale du client et encore du texte`;
    const headline = `notice pour la ${S}chaudière${E} murale`;
    expect(shown(headlineOnWords(body, headline))).toBe('… pour la [chaudière] murale …');
  });

  it('keeps the whole text as is, without an ellipsis', () => {
    expect(shown(headlineOnWords('Réglage du thermostat.', `Réglage du ${S}thermostat${E}`))).toBe('Réglage du [thermostat].');
  });
});
