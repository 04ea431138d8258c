import type { ImportReport } from '@reseau/contracts/schemas/imports';
import { csvCell } from '@reseau/contracts/spreadsheet-csv';
import { describe, expect, it } from 'vitest';
import { importErrorItems, importErrorsCsv, importErrorsFileName } from './errors-csv';

type Results = ImportReport['results'];

const results: Results = [
  { index: 0, externalRef: 'CTR-001', status: 'created', errors: null },
  {
    index: 1,
    externalRef: 'CTR-002',
    status: 'error',
    errors: {
      clientEmail: ["Aucun client de l'agence n'a cette adresse email : importez d'abord le client."],
      postalCode: ['Veuillez saisir un code postal de 5 chiffres'],
    },
  },
  { index: 2, externalRef: 'CTR-003', status: 'unchanged', errors: null },
  { index: 3, externalRef: null, status: 'error', errors: { _: ['Chaque élément doit être un objet JSON.'] } },
];

/** The file's lines without the BOM (CRLF ends). */
const linesOf = (csv: string) => csv.slice(1).split('\r\n');

describe('the errors CSV of an import', () => {
  it('starts with a UTF-8 BOM, separates with ; and ends lines with CRLF', () => {
    const csv = importErrorsCsv({ source: 'csv', results });
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(linesOf(csv)[0]).toBe('ligne;reference;champ;message');
  });

  it('gives a CSV import the line of the sent file (header = line 1): one row per field message', () => {
    expect(linesOf(importErrorsCsv({ source: 'csv', results }))).toEqual([
      'ligne;reference;champ;message',
      "3;CTR-002;clientEmail;Aucun client de l'agence n'a cette adresse email : importez d'abord le client.",
      '3;CTR-002;postalCode;Veuillez saisir un code postal de 5 chiffres',
      '5;;;Chaque élément doit être un objet JSON.',
      '',
    ]);
  });

  it("gives an API import the item's position in the sent list (the answer's index)", () => {
    const lines = linesOf(importErrorsCsv({ source: 'api', results }));
    expect(lines[0]).toBe('position;reference;champ;message');
    expect(lines[1]?.startsWith('1;CTR-002;clientEmail;')).toBe(true);
    expect(lines[3]).toBe('3;;;Chaque élément doit être un objet JSON.');
  });

  it('quotes a cell holding ; a quote or a line break, quotes doubled', () => {
    expect(csvCell('3 place Bellecour; bât. B')).toBe('"3 place Bellecour; bât. B"');
    expect(csvCell('Le « A" »')).toBe('"Le « A"" »"');
    expect(csvCell('deux\nlignes')).toBe('"deux\nlignes"');
    expect(csvCell('simple')).toBe('simple');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('keeps Excel from running a reference that looks like a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+33')).toBe("'+33");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-12')).toBe("'-12");
  });

  it('holds only the header when no item failed', () => {
    const csv = importErrorsCsv({ source: 'csv', results: [results[0]!, results[2]!] });
    expect(linesOf(csv)).toEqual(['ligne;reference;champ;message', '']);
  });

  it('groups the messages per failed item for the screen, the whole-item error without a field', () => {
    expect(importErrorItems({ source: 'csv', results })).toEqual([
      {
        index: 1,
        location: 3,
        externalRef: 'CTR-002',
        messages: [
          { field: 'clientEmail', message: "Aucun client de l'agence n'a cette adresse email : importez d'abord le client." },
          { field: 'postalCode', message: 'Veuillez saisir un code postal de 5 chiffres' },
        ],
      },
      {
        index: 3,
        location: 5,
        externalRef: null,
        messages: [{ field: null, message: 'Chaque élément doit être un objet JSON.' }],
      },
    ]);
  });

  it('names the file after the import', () => {
    expect(importErrorsFileName(42)).toBe('import-42-erreurs.csv');
  });
});
