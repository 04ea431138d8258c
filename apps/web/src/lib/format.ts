import { NOTIFICATION_BADGE_CAP } from '@reseau/contracts/constants/notifications';

/** `yyyy-MM-dd`, a calendar day without a time: it is that day here, not midnight in London. */
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** What the API sends: `yyyy-MM-dd`, or an ISO 8601 date and time (with its offset or Z). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A date the API sent, or null when missing or unreadable (a new Date each time: callers may change it). */
export function parseApiDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const day = DAY_ONLY.exec(value);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
    const local = new Date(year, month, date);
    // 2026-02-30 would roll over to March: a day that does not exist is unreadable.
    return local.getFullYear() === year && local.getMonth() === month && local.getDate() === date ? local : null;
  }
  const date = ISO_DATE_TIME.test(value) ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

const two = (n: number) => String(n).padStart(2, '0');
/** The pattern letters the platform uses; text between single quotes is written as it is. */
const TOKENS: Record<string, (d: Date) => string> = {
  yyyy: (d) => String(d.getFullYear()),
  MM: (d) => two(d.getMonth() + 1),
  dd: (d) => two(d.getDate()),
  HH: (d) => two(d.getHours()),
  mm: (d) => two(d.getMinutes()),
};
const PATTERN_PART = /yyyy|MM|dd|HH|mm|'([^']*)'|./g;

/** dd.MM.yyyy, the platform's date format; empty text for a missing or unreadable date. */
export function formatDate(value: string | Date | null | undefined, pattern = 'dd.MM.yyyy'): string {
  const date = typeof value === 'string' ? parseApiDate(value) : value;
  if (!date || Number.isNaN(date.getTime())) return '';
  return pattern.replace(PATTERN_PART, (part, quoted: string | undefined) => quoted ?? TOKENS[part]?.(date) ?? part);
}

/** dd-MM-yyyy: the customer extranet's dates (spec 03 §9); its documents keep dd.MM.yyyy. */
export const EXTRANET_DATE_PATTERN = 'dd-MM-yyyy';

export function formatExtranetDate(value: string | Date | null | undefined): string {
  return formatDate(value, EXTRANET_DATE_PATTERN);
}

/** An appointment time as the agency wrote it: « 14:00 » becomes « 14h00 », a slot (« 8h-12h ») stays. */
export function formatAppointmentTime(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  return match ? `${match[1]?.padStart(2, '0')}h${match[2]}` : value.trim();
}

/**
 * The lower-case, accent-free, dash-separated form of a name, as the agencies' public pages use
 * in their addresses: « Thermi'Nord Lille » → « thermi-nord-lille ».
 */
export function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** dd.MM.yyyy à HH:mm */
export function formatDateTime(value: string | Date | null | undefined): string {
  return formatDate(value, "dd.MM.yyyy 'à' HH:mm");
}

/*
 * Numbers are written here rather than by Intl.NumberFormat: a page's first number formatted by
 * the browser loads its number data, 110 to 240 ms of a phone's first load (CPU ×4, measured in
 * Chromium), on the critical path of every screen that shows an amount or a count. The French
 * forms are simple and fixed: digits grouped by three with a narrow no-break space, a decimal
 * comma, a no-break space before the euro sign (what Intl writes for fr-FR, checked in tests).
 */
const NARROW_NBSP = '\u202f';
const NBSP = '\u00a0';

/** A whole number in French, e.g. 12345 → « 12 345 ». */
export function formatCount(value: number): string {
  const digits = String(Math.abs(Math.trunc(value))).replace(/\B(?=(\d{3})+(?!\d))/g, NARROW_NBSP);
  return value < 0 ? `-${digits}` : digits;
}

/** Integer cents shown as euros, e.g. 123456 → « 1 234,56 € ». */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '';
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole > 0 ? '-' : '';
  return `${sign}${formatCount(Math.floor(whole / 100))},${String(whole % 100).padStart(2, '0')}${NBSP}€`;
}

/** Two-letter initials of a name, for avatars without a picture. */
export function initials(name: string | null | undefined): string {
  if (!name) return '?';
  const words = name
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/[\s'-]+/)
    .filter((w) => w.length > 0 && !/^(de|du|des|la|le|les|l|d|et)$/i.test(w));
  const letters = (words.length > 1 ? [words[0], words[1]] : [words[0] ?? name]).map((w) => w?.[0] ?? '');
  return letters.join('').toUpperCase();
}

/** « Ville (code postal) », or whichever of the two is known. */
export function cityLine(city?: string | null, postalCode?: string | null): string {
  if (city && postalCode) return `${city} (${postalCode})`;
  return city ?? postalCode ?? '';
}

const BLOCKS = new Set(['P', 'DIV', 'LI', 'BR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TR']);

/**
 * Rich text (the agency's opening hours are stored as HTML) reduced to its lines of text, to be
 * rendered as text: no markup from the server reaches the page.
 */
export function richTextLines(value: string | null | undefined): string[] {
  if (!value) return [];
  if (!/[<&]/.test(value))
    return value
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
  const doc = new DOMParser().parseFromString(value, 'text/html');
  const lines: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) lines.push(current.replace(/\s+/g, ' ').trim());
    current = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) current += node.textContent ?? '';
    else if (node.nodeType === Node.ELEMENT_NODE) {
      if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes((node as Element).tagName)) return;
      const block = BLOCKS.has((node as Element).tagName);
      if (block) flush();
      node.childNodes.forEach(walk);
      if (block) flush();
    }
  };
  doc.body.childNodes.forEach(walk);
  flush();
  return lines;
}

/** A badge's text (the bell, the menu's counts): the count, "99+" above the cap, nothing at zero (spec 00 §4). */
export function badgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

/**
 * An agency named with its adherent (« adherent name agency name », spec 02 §2), the adherent's name
 * said once: an agency whose name already starts with it ("Atlantique Chauffage Nantes" of
 * "Atlantique Chauffage") keeps its own name.
 */
export function agencyWithAdherent(adherentName: string, agencyName: string): string {
  const adherent = adherentName.trim();
  const agency = agencyName.trim();
  if (!adherent) return agency;
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr');
  return fold(agency).startsWith(fold(adherent)) ? agency : `${adherent} ${agency}`;
}
