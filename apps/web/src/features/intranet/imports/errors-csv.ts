import type { ImportReport } from '@reseau/contracts/schemas/imports';

/**
 * The errors of an import as a CSV file that Excel opens right in French: `;` between cells
 * (the list separator of a French Windows), a UTF-8 BOM (without it Excel reads the accents as
 * Latin-1), CRLF line ends, and quotes around a cell that holds `;`, a quote or a line break.
 *
 * One row per field message. The first column says where the item was:
 * - a CSV import: `ligne`, the line of the sent file (the header is line 1, so item 0 is line 2);
 * - an API import: `position`, the item's place in the sent list from 0 (the answer's `index`).
 * The server skips blank lines of a CSV file, and a quoted cell may hold a line break: in such a
 * file the line counts the items, not the file's raw lines.
 */
export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';
const EOL = '\r\n';
/** The key of an error about the whole item (not an object), not about one of its fields. */
const WHOLE_ITEM = '_';

/**
 * A text that starts like a formula (`=`, `+`, `-`, `@`) would be run by Excel: a reference comes
 * from the agency's software, so it gets a leading `'` (OWASP's "CSV injection" advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The file's line of item `index` (CSV), or the item's position in the list (API). */
export function itemLocation(source: ImportReport['source'], index: number): number {
  return source === 'csv' ? index + 2 : index;
}

export function importErrorsCsv(report: Pick<ImportReport, 'source' | 'results'>): string {
  const header = [report.source === 'csv' ? 'ligne' : 'position', 'reference', 'champ', 'message'];
  const rows = importErrorItems(report).flatMap((item) =>
    item.messages.map(({ field, message }) => [item.location, item.externalRef, field, message]),
  );
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(CSV_SEPARATOR)).join(EOL) + EOL;
}

/** `import-42-erreurs.csv` */
export function importErrorsFileName(id: number): string {
  return `import-${id}-erreurs.csv`;
}

export interface ImportErrorItem {
  index: number;
  /** The file's line (CSV) or the position in the list (API): see `itemLocation`. */
  location: number;
  externalRef: string | null;
  /** `field` null: the error is about the whole item. */
  messages: { field: string | null; message: string }[];
}

/** The report's failed items in the list's order, each with its field messages (file and screen alike). */
export function importErrorItems(report: Pick<ImportReport, 'source' | 'results'>): ImportErrorItem[] {
  return report.results.flatMap((result) =>
    result.status === 'error' && result.errors
      ? [
          {
            index: result.index,
            location: itemLocation(report.source, result.index),
            externalRef: result.externalRef,
            messages: Object.entries(result.errors).flatMap(([field, messages]) =>
              messages.map((message) => ({ field: field === WHOLE_ITEM ? null : field, message })),
            ),
          },
        ]
      : [],
  );
}
