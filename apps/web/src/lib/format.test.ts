import { describe, expect, it } from 'vitest';
import { cityLine, formatCents, formatDate, initials, richTextLines } from './format';

describe('formats', () => {
  it('shows dates as dd.MM.yyyy and nothing for a missing date', () => {
    expect(formatDate('2026-03-04')).toBe('04.03.2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('pas une date')).toBe('');
  });

  it('shows cents as French euros', () => {
    expect(formatCents(123456).replace(/\s/g, ' ')).toBe('1 234,56 €');
    expect(formatCents(0).replace(/\s/g, ' ')).toBe('0,00 €');
    expect(formatCents(null)).toBe('');
  });

  it('makes initials and city lines', () => {
    expect(initials("Thermi'Nord Lille")).toBe('TN');
    expect(initials('Flandres Énergies Dunkerque')).toBe('FÉ');
    expect(cityLine('Lille', '59000')).toBe('Lille (59000)');
    expect(cityLine(null, '59000')).toBe('59000');
  });

  it('reduces rich text to lines of text, dropping any markup', () => {
    expect(richTextLines('<p>Lundi : 8h – 12h</p><p>Samedi&nbsp;: 9h</p><script>alert(1)</script>')).toEqual([
      'Lundi : 8h – 12h',
      'Samedi : 9h',
    ]);
    expect(richTextLines('Lundi\nMardi')).toEqual(['Lundi', 'Mardi']);
    expect(richTextLines(null)).toEqual([]);
  });
});
