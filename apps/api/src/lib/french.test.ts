import { ERROR_MESSAGES, PAYMENT_AMOUNT_MAX_CENTS, PAYMENT_AMOUNT_MIN_CENTS } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { formatEuros, formatFrenchDay, formatParisDate, formatParisDateTime, formatParisTime, frenchToday } from './french.js';

describe('French dates and amounts', () => {
  it('takes the day and the time of Paris, not of the server', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris (UTC+1 in winter).
    const newYear = new Date('2025-12-31T23:30:00Z');
    expect(frenchToday(newYear)).toBe('2026-01-01');
    expect(formatParisDate(newYear)).toBe('01/01/2026');
    expect(formatParisTime(newYear)).toBe('00:30');
    expect(formatParisDateTime(newYear)).toBe('01/01/2026 00:30:00');
  });

  it('writes a date-only field day first', () => {
    expect(formatFrenchDay('2026-11-25')).toBe('25/11/2026');
  });

  it('writes cents as euros, with French separators', () => {
    expect(formatEuros(125_000)).toBe('1\u202f250,00\u00a0€');
    expect(formatEuros(99)).toBe('0,99\u00a0€');
  });

  it('is how the payment refusals write the online payment bounds', () => {
    expect(ERROR_MESSAGES.amount_too_low).toContain(`(${formatEuros(PAYMENT_AMOUNT_MIN_CENTS)})`);
    expect(ERROR_MESSAGES.amount_too_high).toContain(`(${formatEuros(PAYMENT_AMOUNT_MAX_CENTS)})`);
  });
});
