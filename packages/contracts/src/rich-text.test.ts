import { describe, expect, it } from 'vitest';
import { hasRichTextContent, RICH_TEXT_MAX_LENGTH } from './constants/rich-text.js';
import { requiredRichTextField, richTextField } from './schemas/rich-text.js';

describe('hasRichTextContent', () => {
  it.each([
    ['<p>Bonjour</p>', true],
    ['<p><img src="/api/files/3" /></p>', true],
    ['Texte brut', true],
    ['', false],
    ['<p></p>', false],
    ['<p>   </p><p><br></p>', false],
    ['<p>&nbsp;&#160;</p>', false],
    ['<h2></h2><ul><li><p></p></li></ul>', false],
  ])('%j shows something: %s', (html, expected) => {
    expect(hasRichTextContent(html)).toBe(expected);
  });
});

describe('richTextField', () => {
  it('takes HTML up to its maximum length, with the French messages', () => {
    expect(richTextField().safeParse('<p>Oui</p>').success).toBe(true);
    expect(richTextField().safeParse('').success).toBe(true);
    expect(richTextField().safeParse('x'.repeat(RICH_TEXT_MAX_LENGTH)).success).toBe(true);
    expect(richTextField().safeParse('x'.repeat(RICH_TEXT_MAX_LENGTH + 1)).error?.issues[0]?.message).toBe(
      'Limite de caractères dépassée',
    );
    expect(richTextField(10).safeParse('<p>12345</p>').success).toBe(false);
    expect(richTextField().safeParse(undefined).error?.issues[0]?.message).toBe('Veuillez remplir ce champ');
  });

  it('refuses an empty editor when required', () => {
    expect(requiredRichTextField().safeParse('<p></p>').error?.issues[0]?.message).toBe('Veuillez remplir ce champ');
    expect(requiredRichTextField().safeParse('').success).toBe(false);
    expect(requiredRichTextField().safeParse('<p>Texte</p>').success).toBe(true);
  });
});
