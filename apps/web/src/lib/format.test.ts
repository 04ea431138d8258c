import { describe, expect, it } from 'vitest';
import { agencyRenewalUrl } from './config';
import {
  cityLine,
  formatAppointmentTime,
  formatCents,
  formatCount,
  formatDate,
  formatExtranetDate,
  initials,
  parseApiDate,
  richTextLines,
  slugify,
} from './format';

describe('formats', () => {
  it('shows dates as dd.MM.yyyy and nothing for a missing date', () => {
    expect(formatDate('2026-03-04')).toBe('04.03.2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('pas une date')).toBe('');
    expect(formatDate('2026-02-30')).toBe('');
  });

  it('reads a day as that day here, and a date and time at its offset', () => {
    expect(formatDate('2026-01-05', 'dd/MM/yyyy')).toBe('05/01/2026');
    expect(parseApiDate('2026-01-05')?.getHours()).toBe(0);
    const at = new Date(2026, 10, 26, 9, 5);
    expect(formatDate(at.toISOString(), "dd.MM.yyyy 'à' HH:mm")).toBe('26.11.2026 à 09:05');
    expect(formatDate(at, 'dd-MM-yyyy')).toBe('26-11-2026');
    expect(parseApiDate('26/11/2026')).toBeNull();
    expect(parseApiDate('')).toBeNull();
  });

  it("writes amounts and counts exactly as the browser's French number format does", () => {
    const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    for (const cents of [0, 5, 99, 100, 123456, 100000000, 123456789, -5, -123456, 1999.6])
      expect(formatCents(cents)).toBe(euros.format(Math.round(cents) / 100));
    for (const count of [0, 7, 999, 1000, 12345, 1234567, -4321]) expect(formatCount(count)).toBe(count.toLocaleString('fr-FR'));
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

  it('shows the extranet dates dd-MM-yyyy and appointment times the French way', () => {
    expect(formatExtranetDate('2026-11-26')).toBe('26-11-2026');
    expect(formatExtranetDate(null)).toBe('');
    expect(formatAppointmentTime('14:00')).toBe('14h00');
    expect(formatAppointmentTime('9:30')).toBe('09h30');
    expect(formatAppointmentTime('8h-12h')).toBe('8h-12h');
  });

  it("makes the agency public page's renewal address from its id and sanitized lower-case name", () => {
    expect(slugify("Thermi'Nord Lille")).toBe('thermi-nord-lille');
    expect(slugify('Flandres Énergies Dunkerque')).toBe('flandres-energies-dunkerque');
    expect(slugify('  Cœur & Chaleur  (Arras) ')).toBe('coeur-chaleur-arras');
    expect(agencyRenewalUrl({ id: 3, name: 'Flandres Énergies Dunkerque' })).toBe(
      'https://www.reseau-energie.fr/agences/3-flandres-energies-dunkerque?payment=open',
    );
  });
});
