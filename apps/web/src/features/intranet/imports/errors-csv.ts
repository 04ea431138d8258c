import type { ImportReport } from '@reseau/contracts/schemas/imports';
import { spreadsheetCsv } from '@reseau/contracts/spreadsheet-csv';

/** The key of an error about the whole item (not an object), not about one of its fields. */
const WHOLE_ITEM = '_';

/** The file's line of item `index` (CSV), or the item's position in the list (API). */
export function itemLocation(source: ImportReport['source'], index: number): number {
  return source === 'csv' ? index + 2 : index;
}

/**
 * The errors of an import as a CSV file that Excel opens right in French (the shared
 * `@reseau/contracts/spreadsheet-csv`: `;`, a BOM, CRLF, quoting, formulas defused).
 *
 * One row per field message. The first column says where the item was:
 * - a CSV import: `ligne`, the line of the sent file (the header is line 1, so item 0 is line 2);
 * - an API import: `position`, the item's place in the sent list from 0 (the answer's `index`).
 * The server skips blank lines of a CSV file, and a quoted cell may hold a line break: in such a
 * file the line counts the items, not the file's raw lines.
 */
export function importErrorsCsv(report: Pick<ImportReport, 'source' | 'results'>): string {
  const header = [report.source === 'csv' ? 'ligne' : 'position', 'reference', 'champ', 'message'];
  const rows = importErrorItems(report).flatMap((item) =>
    item.messages.map(({ field, message }) => [item.location, item.externalRef, field, message]),
  );
  return spreadsheetCsv([header, ...rows]);
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
