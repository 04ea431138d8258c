import { basename } from 'node:path';
import type { ImportItemResult, ImportStatus } from '@reseau/contracts';
import { spreadsheetCsv } from '@reseau/contracts/spreadsheet-csv';

/** A refused line of the CSV: its line in the file (header = 1) and the server's messages per field. */
export interface LineError {
  line: number;
  externalRef: string | null;
  errors: Record<string, string[]>;
}

export interface CsvRun {
  file: string;
  calls: number;
  items: number;
  importIds: number[];
  counts: Record<ImportStatus, number>;
  errors: LineError[];
}

export interface PdfRun {
  dir: string;
  files: number;
  counts: Record<ImportStatus, number>;
  errors: { file: string; message: string }[];
}

export interface ImportRunReport {
  csv: CsvRun | null;
  pdf: PdfRun | null;
  /** Why the run stopped early (network, key, a refused call); null when it went to the end. */
  failure: string | null;
}

export const emptyCounts = (): Record<ImportStatus, number> => ({ created: 0, updated: 0, unchanged: 0, error: 0 });

/**
 * Adds one call's results to the run: the server's `index` counts from 0 in that call's body, and
 * `lines` (from the cutter) says on which line of the file each of that body's records starts.
 */
export function addCallResults(run: CsvRun, importId: number, results: ImportItemResult[], lines: number[]) {
  run.calls += 1;
  run.importIds.push(importId);
  for (const result of results) {
    run.items += 1;
    run.counts[result.status] += 1;
    if (result.status === 'error') {
      run.errors.push({ line: lines[result.index] ?? 0, externalRef: result.externalRef, errors: result.errors ?? {} });
    }
  }
}

/** 0: everything went in; 2: the run went to the end but some items or files were refused; 1: it failed. */
export function exitCodeOf(report: ImportRunReport): 0 | 1 | 2 {
  if (report.failure) return 1;
  const refused = (report.csv?.counts.error ?? 0) + (report.pdf?.counts.error ?? 0);
  return refused > 0 ? 2 : 0;
}

const number = new Intl.NumberFormat('fr-FR');
const n = (value: number) => number.format(value);
const plural = (count: number, one: string, many: string) => `${n(count)} ${count > 1 ? many : one}`;
/** Printed errors: the rest goes to --errors-csv (a terminal of 10 000 lines helps nobody). */
const PRINTED_ERRORS = 100;

const countsLine = (counts: Record<ImportStatus, number>) =>
  `  créés : ${n(counts.created)} · mis à jour : ${n(counts.updated)} · inchangés : ${n(counts.unchanged)} · en erreur : ${n(counts.error)}`;

const fieldMessages = (errors: Record<string, string[]>) =>
  Object.entries(errors)
    .map(([field, messages]) => (field ? `${field} : ${messages.join(' ; ')}` : messages.join(' ; ')))
    .join(' | ');

/** The report printed at the end, in French. */
export function formatReport(report: ImportRunReport, hasErrorsCsv: boolean): string {
  const out: string[] = [];
  const more = (left: number) =>
    left > 0
      ? [
          `    … et ${plural(left, 'autre erreur', 'autres erreurs')}${hasErrorsCsv ? '' : ' (--errors-csv pour toutes les écrire)'}`,
        ]
      : [];
  const { csv, pdf } = report;
  if (csv) {
    out.push(`${basename(csv.file)} : ${plural(csv.items, 'ligne', 'lignes')} en ${plural(csv.calls, 'envoi', 'envois')}`);
    out.push(countsLine(csv.counts));
    if (csv.importIds.length > 0) out.push(`  ${csv.importIds.length > 1 ? 'Imports' : 'Import'} n° ${csv.importIds.join(', ')}`);
    if (csv.errors.length > 0) out.push('  Lignes refusées :');
    for (const e of csv.errors.slice(0, PRINTED_ERRORS)) {
      out.push(`    ligne ${e.line}${e.externalRef ? ` (${e.externalRef})` : ''} : ${fieldMessages(e.errors)}`);
    }
    out.push(...more(csv.errors.length - PRINTED_ERRORS));
  }
  if (pdf) {
    out.push(`${basename(pdf.dir)}/ : ${plural(pdf.files, 'PDF', 'PDF')}`);
    out.push(countsLine(pdf.counts));
    if (pdf.errors.length > 0) out.push('  Fichiers refusés :');
    for (const e of pdf.errors.slice(0, PRINTED_ERRORS)) out.push(`    ${e.file} : ${e.message}`);
    out.push(...more(pdf.errors.length - PRINTED_ERRORS));
  }
  const code = exitCodeOf(report);
  if (report.failure) out.push(`Import interrompu : ${report.failure}`);
  else if (code === 2) {
    const refused = (csv?.counts.error ?? 0) + (pdf?.counts.error ?? 0);
    out.push(`Terminé, ${plural(refused, 'élément refusé', 'éléments refusés')}.`);
  } else out.push('Terminé, sans erreur.');
  return `${out.join('\n')}\n`;
}

/**
 * `--errors-csv`: one line per refused field, written as the intranet's errors file is
 * (`@reseau/contracts/spreadsheet-csv`: `;`, a BOM, formulas defused).
 */
export function errorsCsv(report: ImportRunReport): string {
  const rows: (string | number)[][] = [['fichier', 'ligne', 'externalRef', 'champ', 'message']];
  if (report.csv) {
    const file = basename(report.csv.file);
    for (const e of report.csv.errors) {
      for (const [field, messages] of Object.entries(e.errors)) {
        for (const message of messages) rows.push([file, e.line, e.externalRef ?? '', field, message]);
      }
    }
  }
  for (const e of report.pdf?.errors ?? []) rows.push([e.file, '', e.file.replace(/\.pdf$/i, ''), '', e.message]);
  return spreadsheetCsv(rows);
}
