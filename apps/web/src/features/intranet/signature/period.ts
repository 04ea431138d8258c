import { SIGNATURE_DEFAULT_PERIOD_MONTHS } from '@reseau/contracts/constants/signature-documents';
import type { Period } from '../../../api/signature';

const MONTHS = [
  'janvier',
  'fevrier',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'aout',
  'septembre',
  'octobre',
  'novembre',
  'decembre',
];
const MONTH_LABELS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** Lower case, without accents: « Février » and « fevrier » are the same month. */
const plain = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** `yyyy-MM-dd` of the first day of a month (month 0–11, may overflow into the next years). */
function firstDay(year: number, month: number): string {
  const date = new Date(Date.UTC(year, month, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/**
 * Spec 02 §4: the text is split into words by spaces, and a word made only of digits is glued to
 * the previous word: « janvier 2026 mars 2026 » gives « janvier 2026 » and « mars 2026 ».
 */
export function periodWords(text: string): string[] {
  const words: string[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const previous = words.length - 1;
    if (/^\d+$/.test(word) && previous >= 0 && !/\d$/.test(words[previous]!)) words[previous] = `${words[previous]} ${word}`;
    else words.push(word);
  }
  return words;
}

/** One word of a period as the months it covers: « mars 2026 », « mars » (this year) or « 2026 » (the year). */
function span(word: string, today: Date): { start: string; end: string } | null {
  const [name, yearText, ...rest] = plain(word).split(' ');
  if (rest.length > 0 || !name) return null;
  if (/^\d{4}$/.test(name) && yearText === undefined) {
    const year = Number(name);
    return { start: firstDay(year, 0), end: firstDay(year + 1, 0) };
  }
  const month = MONTHS.indexOf(name);
  if (month === -1) return null;
  if (yearText !== undefined && !/^\d{4}$/.test(yearText)) return null;
  const year = yearText === undefined ? today.getFullYear() : Number(yearText);
  return { start: firstDay(year, month), end: firstDay(year, month + 1) };
}

/**
 * The period a typed text means: one month (« mars 2026 »), a range of months (« janvier 2026
 * mars 2026 », both included) or a year (« 2026 »). Null when the text is not a period, or when
 * it ends before it starts.
 */
export function parsePeriod(text: string, today = new Date()): Period | null {
  const words = periodWords(text);
  if (words.length === 0 || words.length > 2) return null;
  const first = span(words[0]!, today);
  const last = words[1] === undefined ? first : span(words[1], today);
  if (!first || !last || last.end <= first.start) return null;
  return { startDateIncluded: first.start, endDateExcluded: last.end };
}

/** Spec 02 §9: the last three months, this one included. */
export function defaultPeriod(today = new Date()): Period {
  const year = today.getFullYear();
  const month = today.getMonth();
  return {
    startDateIncluded: firstDay(year, month - (SIGNATURE_DEFAULT_PERIOD_MONTHS - 1)),
    endDateExcluded: firstDay(year, month + 1),
  };
}

/** « septembre 2026 novembre 2026 »: a period as it would be typed. */
export function periodText(period: Period): string {
  const [startYear, startMonth] = period.startDateIncluded.split('-').map(Number) as [number, number];
  const end = new Date(`${period.endDateExcluded}T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() - 1);
  const first = `${MONTH_LABELS[startMonth - 1]} ${startYear}`;
  const last = `${MONTH_LABELS[end.getUTCMonth()]} ${end.getUTCFullYear()}`;
  return first === last ? first : `${first} ${last}`;
}

/** « novembre 2026 » from `yyyymm`. */
export function yearMonthText(yearMonth: number): string {
  return `${MONTH_LABELS[(yearMonth % 100) - 1]} ${Math.floor(yearMonth / 100)}`;
}
