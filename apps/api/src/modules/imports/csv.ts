import type { ImportItemType } from '@reseau/contracts';

/**
 * CSV rows of RFC 4180: fields separated by `delimiter`, quoted with `"` when they hold one,
 * a line break or a quote (doubled). Blank lines are skipped.
 */
export function parseCsvRows(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else field += c;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** The columns holding whole numbers and true/false values: a CSV cell is text until told. */
const INTEGER_COLUMNS = new Set(['amountIncludingTax', 'leftToPayIncludingTax']);
const BOOLEAN_COLUMNS = new Set(['isAccepted', 'isFinished', 'invite', 'isNewCustomer']);
const TRUE = new Set(['true', 'vrai', 'oui', '1']);
const FALSE = new Set(['false', 'faux', 'non', '0']);

function cellValue(column: string, raw: string): unknown {
  const value = raw.trim();
  if (value === '') return undefined;
  if (INTEGER_COLUMNS.has(column) && /^-?\d+$/.test(value)) return Number(value);
  if (BOOLEAN_COLUMNS.has(column)) {
    const lower = value.toLowerCase();
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
  }
  return value;
}

/**
 * The items of a CSV file of one type: a header line naming the fields (as in JSON), one item a
 * line (the envelope's limits then apply as to JSON). Separated by `;` (a French spreadsheet's export) or `,`, as the header line shows; an
 * empty cell is an absent field. Item `index` 0 is the line after the header.
 */
export function csvItems(text: string, type: ImportItemType): unknown[] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r|\n|$/));
  const delimiter = firstLine.includes(';') ? ';' : ',';
  const [header, ...lines] = parseCsvRows(body, delimiter);
  if (!header) return [];
  const columns = header.map((h) => h.trim());
  return lines.map((cells) => {
    const item: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      if (column === '' || column === 'type') return;
      const value = cellValue(column, cells[i] ?? '');
      if (value !== undefined) item[column] = value;
    });
    item.type = type;
    return item;
  });
}
