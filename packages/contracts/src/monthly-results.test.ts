import { describe, expect, it } from 'vitest';
import { MONTHLY_RESULT_MESSAGES, parseFrenchNumber } from './constants/monthly-results.js';
import { monthlyResultValueText } from './schemas/monthly-results.js';

describe('numbers typed in French (issue 25)', () => {
  it('reads a decimal comma, thousands spaces and a sign, and nothing else', () => {
    expect(parseFrenchNumber('12,5')).toBe(12.5);
    expect(parseFrenchNumber('1 200')).toBe(1200);
    expect(parseFrenchNumber('1\u202f200,75')).toBe(1200.75);
    expect(parseFrenchNumber('-5')).toBe(-5);
    for (const text of ['', 'douze', '12a', '1,2,3', '--5', '12e3']) expect(parseFrenchNumber(text), text).toBeNull();
  });

  it('takes a monthly figure only as a whole count from 0 to 1 000 000; empty is 0', () => {
    expect(monthlyResultValueText.parse('')).toBe(0);
    expect(monthlyResultValueText.parse(' 1 200 ')).toBe(1200);
    const message = (text: string) => monthlyResultValueText.safeParse(text).error?.issues[0]?.message;
    expect(message('12,5')).toBe(MONTHLY_RESULT_MESSAGES.notInteger);
    expect(message('-5')).toBe(MONTHLY_RESULT_MESSAGES.notInteger);
    expect(message('12345678901')).toBe(MONTHLY_RESULT_MESSAGES.tooBig);
    expect(message('douze')).toBe(MONTHLY_RESULT_MESSAGES.notNumber);
  });
});
