/**
 * A CSV file that Excel opens right in French, for the files people download (an import's
 * errors, on the intranet and from `npm run import`): `;` between cells (the list separator of a
 * French Windows), a UTF-8 BOM (without it Excel reads the accents as Latin-1), CRLF line ends,
 * and quotes around a cell that holds `;`, a quote or a line break.
 */
export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';
const EOL = '\r\n';

/**
 * A text that starts like a formula (`=`, `+`, `-`, `@`) would be run by Excel: references come
 * from the agency's software, so such a text gets a leading `'` (OWASP's "CSV injection" advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: a BOM, then one line per row. */
export function spreadsheetCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return BOM + rows.map((row) => row.map(csvCell).join(CSV_SEPARATOR)).join(EOL) + EOL;
}
