/**
 * Dates and amounts as a French reader expects them, on the server (mails, PDFs, provider titles,
 * the sandbox pages). Dates are Paris dates whatever the server's time zone. The web app has its
 * own (`apps/web/src/lib/format.ts`).
 */

export const PARIS_TIME_ZONE = 'Europe/Paris';

// en-CA writes dates as yyyy-MM-dd.
const parisDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const parisDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: PARIS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const parisTime = new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** Today in France, `yyyy-MM-dd` (the date an agency reads on its invoice). */
export const frenchToday = (now = new Date()) => parisDay.format(now);

/** An instant's Paris date: "25/11/2026". */
export const formatParisDate = (instant: Date) => parisDate.format(instant);

/** An instant's Paris time: "14:05". */
export const formatParisTime = (instant: Date) => parisTime.format(instant);

/** An instant's Paris date and time: "25/11/2026 14:05:09". */
export const formatParisDateTime = (instant: Date) => instant.toLocaleString('fr-FR', { timeZone: PARIS_TIME_ZONE });

/** A date-only field (`yyyy-MM-dd`) as written in French: "25/11/2026". */
export const formatFrenchDay = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** "1 250,00 €" from cents (narrow no-break spaces, as fr-FR writes them). */
export const formatEuros = (cents: number) => euros.format(cents / 100);
