import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './api-client.js';
import { createProgress } from './progress.js';
import { addCallResults, type CsvRun, emptyCounts, errorsCsv, exitCodeOf, formatReport } from './report.js';

const newRun = (): CsvRun => ({
  file: '/tmp/contrats.csv',
  calls: 0,
  items: 0,
  importIds: [],
  counts: emptyCounts(),
  errors: [],
});

describe('the report of a run', () => {
  it("turns each call's index into the file's line, counts per status and keeps the import ids", () => {
    const run = newRun();
    addCallResults(
      run,
      41,
      [
        { index: 0, externalRef: 'C1', status: 'created', errors: null },
        { index: 1, externalRef: 'C2', status: 'error', errors: { postalCode: ['Veuillez saisir un code postal à 5 chiffres'] } },
      ],
      [2, 3],
    );
    // The second call's index 0 is the line where its first record starts (after a quoted line break).
    addCallResults(
      run,
      42,
      [{ index: 0, externalRef: 'C3', status: 'error', errors: { clientEmail: ['Inconnu.'], route: ['Requis.'] } }],
      [5],
    );
    expect(run.counts).toEqual({ created: 1, updated: 0, unchanged: 0, error: 2 });
    expect(run.errors.map((e) => e.line)).toEqual([3, 5]);
    const report = { csv: run, pdf: null, failure: null };
    expect(formatReport(report, false)).toBe(
      [
        'contrats.csv : 3 lignes en 2 envois',
        '  créés : 1 · mis à jour : 0 · inchangés : 0 · en erreur : 2',
        '  Imports n° 41, 42',
        '  Lignes refusées :',
        '    ligne 3 (C2) : postalCode : Veuillez saisir un code postal à 5 chiffres',
        '    ligne 5 (C3) : clientEmail : Inconnu. | route : Requis.',
        'Terminé, 2 éléments refusés.',
        '',
      ].join('\n'),
    );
    expect(errorsCsv(report)).toBe(
      '\uFEFFfichier;ligne;externalRef;champ;message\r\n' +
        'contrats.csv;3;C2;postalCode;Veuillez saisir un code postal à 5 chiffres\r\n' +
        'contrats.csv;5;C3;clientEmail;Inconnu.\r\n' +
        'contrats.csv;5;C3;route;Requis.\r\n',
    );
  });

  it('defuses in the errors file a reference that Excel would run as a formula', () => {
    const run = newRun();
    addCallResults(
      run,
      1,
      [{ index: 0, externalRef: '=HYPERLINK("http://x")', status: 'error', errors: { route: ['Requis.'] } }],
      [2],
    );
    expect(errorsCsv({ csv: run, pdf: null, failure: null }).split('\r\n')[1]).toBe(
      `contrats.csv;2;"'=HYPERLINK(""http://x"")";route;Requis.`,
    );
  });

  it('answers 0 when all went in, 2 when items or files were refused, 1 when the run stopped', () => {
    const run = newRun();
    addCallResults(run, 1, [{ index: 0, externalRef: 'C1', status: 'unchanged', errors: null }], [2]);
    expect(exitCodeOf({ csv: run, pdf: null, failure: null })).toBe(0);
    const pdf = {
      dir: '/tmp/pdfs',
      files: 1,
      counts: { ...emptyCounts(), error: 1 },
      errors: [{ file: 'X.pdf', message: 'Inconnu' }],
    };
    expect(exitCodeOf({ csv: run, pdf, failure: null })).toBe(2);
    expect(exitCodeOf({ csv: run, pdf, failure: 'Clé refusée' })).toBe(1);
  });
});

describe('the progress on stderr', () => {
  it('writes a plain line per call when stderr is not a terminal, and redraws one bar in place on a terminal', () => {
    const plain: string[] = [];
    const progress = createProgress({ write: (s: string) => plain.push(s) });
    const state = { file: 'contrats.csv', bytesDone: 512, size: 1024, lines: 5000, calls: 1 };
    progress.sending(state);
    progress.called(state);
    expect(plain).toEqual(['contrats.csv : 50 % · 5\u202f000 lignes · 1 envoi\n']);

    const drawn: string[] = [];
    const tty = createProgress({ write: (s: string) => drawn.push(s), isTTY: true, columns: 120 });
    tty.sending(state);
    tty.called({ ...state, bytesDone: 1024, lines: 9000, calls: 2 });
    tty.end();
    expect(drawn).toEqual([
      `\r\x1b[2Kcontrats.csv ▕${'█'.repeat(10)}${'░'.repeat(10)}▏ 50 % · 5\u202f000 lignes · envoi 2…`,
      `\r\x1b[2Kcontrats.csv ▕${'█'.repeat(20)}▏ 100 % · 9\u202f000 lignes · 2 envois`,
      '\r\x1b[2K',
    ]);
  });
});

describe('Retry-After', () => {
  it('reads seconds or an HTTP date, bounded; backs off without one', () => {
    expect(retryAfterMs('7', 1)).toBe(7000);
    expect(retryAfterMs('Thu, 26 Nov 2026 01:00:30 GMT', 1, Date.parse('2026-11-26T01:00:00Z'))).toBe(30_000);
    expect(retryAfterMs('86400', 1)).toBe(120_000);
    expect(retryAfterMs(null, 3)).toBe(4000);
  });
});
