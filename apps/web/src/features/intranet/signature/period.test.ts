import { describe, expect, it } from 'vitest';
import { defaultPeriod, parsePeriod, periodText, periodWords, yearMonthText } from './period';

const today = new Date(2026, 10, 25);

describe('the signature period filter (spec 02 §4)', () => {
  it('glues a word made of digits to the previous word', () => {
    expect(periodWords('janvier 2026  mars 2026')).toEqual(['janvier 2026', 'mars 2026']);
    expect(periodWords('2026')).toEqual(['2026']);
  });

  it('reads a month, a range of months and a year', () => {
    expect(parsePeriod('mars 2026', today)).toEqual({ startDateIncluded: '2026-03-01', endDateExcluded: '2026-04-01' });
    expect(parsePeriod('Janvier 2026 mars 2026', today)).toEqual({
      startDateIncluded: '2026-01-01',
      endDateExcluded: '2026-04-01',
    });
    expect(parsePeriod('décembre 2025 fevrier 2026', today)).toEqual({
      startDateIncluded: '2025-12-01',
      endDateExcluded: '2026-03-01',
    });
    expect(parsePeriod('octobre', today)).toEqual({ startDateIncluded: '2026-10-01', endDateExcluded: '2026-11-01' });
    expect(parsePeriod('2025', today)).toEqual({ startDateIncluded: '2025-01-01', endDateExcluded: '2026-01-01' });
  });

  it('refuses what is not a period', () => {
    for (const text of ['', 'mars 26', 'printemps 2026', 'mars 2026 janvier 2026', 'a b c'])
      expect(parsePeriod(text, today)).toBeNull();
  });

  it('defaults to the last three months, this one included, and writes a period back as text', () => {
    expect(defaultPeriod(today)).toEqual({ startDateIncluded: '2026-09-01', endDateExcluded: '2026-12-01' });
    expect(defaultPeriod(new Date(2026, 0, 10))).toEqual({ startDateIncluded: '2025-11-01', endDateExcluded: '2026-02-01' });
    expect(periodText(defaultPeriod(today))).toBe('septembre 2026 novembre 2026');
    expect(periodText({ startDateIncluded: '2026-03-01', endDateExcluded: '2026-04-01' })).toBe('mars 2026');
    expect(yearMonthText(202602)).toBe('février 2026');
  });
});
