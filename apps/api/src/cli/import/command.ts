import { createReadStream } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  FILE_MESSAGES,
  FILE_TYPES,
  IMPORT_FILE_TYPE_ID,
  IMPORT_MAX_BODY_BYTES,
  IMPORT_MAX_ITEMS,
  importAnswer,
  importFileAnswer,
} from '@reseau/contracts';
import { type ApiClient, ApiRefusal, createApiClient } from './api-client.js';
import { CommandError, type ImportOptions, readImportArgs, readKey, USAGE } from './args.js';
import { type CsvChunkLimits, csvChunks } from './csv-chunks.js';
import { createProgress, type Progress, type ProgressStream } from './progress.js';
import {
  addCallResults,
  type CsvRun,
  emptyCounts,
  errorsCsv,
  exitCodeOf,
  formatReport,
  type ImportRunReport,
  type PdfRun,
} from './report.js';

export interface CommandIo {
  argv: string[];
  env: Record<string, string | undefined>;
  /** Where the user ran npm (INIT_CWD): their paths are relative to it. */
  cwd: string;
  stdout: ProgressStream;
  stderr: ProgressStream;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  limits?: CsvChunkLimits;
}

const LIMITS: CsvChunkLimits = { maxItems: IMPORT_MAX_ITEMS, maxBytes: IMPORT_MAX_BODY_BYTES };
const PDF_MAX_BYTES = FILE_TYPES.find((t) => t.fileTypeId === IMPORT_FILE_TYPE_ID)!.maxSize;
/** Refusals that concern one PDF (unknown reference, not a PDF, too big): the others still go. */
const ONE_FILE_REFUSALS = new Set([400, 404, 409, 413, 415, 422]);

const messageOf = (err: unknown) => (err instanceof CommandError ? err.message : `erreur inattendue : ${(err as Error).message}`);

/**
 * `npm run import`: sends a CSV file and/or a folder of PDFs to the running server's import API
 * with the agency's key (the server holds the embedded database: the command never opens it).
 * Answers the exit code: 0 all imported, 2 some items refused, 1 the run failed.
 */
export async function runImportCommand(io: CommandIo): Promise<number> {
  const progress = createProgress(io.stderr);
  let options: ImportOptions | null;
  let api: ApiClient;
  try {
    options = readImportArgs(io.argv, io.env, io.cwd);
    if (!options) {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    await checkPaths(options);
    const key = await readKey(options.keySource);
    api = createApiClient({ url: options.url, key, fetch: io.fetch, sleep: io.sleep, onWait: progress.notice });
    await checkAgency(api, options.agencyId, io.stderr);
  } catch (err) {
    io.stderr.write(`Erreur : ${messageOf(err)}\n`);
    return 1;
  }

  const report: ImportRunReport = { csv: null, pdf: null, failure: null };
  try {
    if (options.csvPath) await importCsv(api, options, report, progress, io.limits ?? LIMITS);
    if (options.pdfDir) await uploadPdfs(api, options, report, progress);
  } catch (err) {
    report.failure = messageOf(err);
  }
  progress.end();
  io.stdout.write(formatReport(report, options.errorsCsvPath !== null));
  if (options.errorsCsvPath) {
    // Written even when empty, so that yesterday's errors never pass for today's.
    try {
      await writeFile(options.errorsCsvPath, errorsCsv(report));
    } catch (err) {
      io.stderr.write(`Erreur : le fichier des erreurs n'a pas pu être écrit (${(err as Error).message}).\n`);
      return 1;
    }
    io.stdout.write(`Erreurs écrites dans ${options.errorsCsvPath}\n`);
  }
  return exitCodeOf(report);
}

/** Before any call: a path mistake is told at once, not after half an import. */
async function checkPaths(options: ImportOptions) {
  if (options.csvPath) {
    const info = await stat(options.csvPath).catch(() => null);
    if (!info?.isFile()) throw new CommandError(`Fichier CSV introuvable : ${options.csvPath}`);
  }
  if (options.pdfDir) {
    const info = await stat(options.pdfDir).catch(() => null);
    if (!info?.isDirectory()) throw new CommandError(`Dossier de PDF introuvable : ${options.pdfDir}`);
  }
}

/** The key must be the agency's the user named: a key of another agency sends nothing (fail closed). */
async function checkAgency(api: ApiClient, agencyId: number, stderr: ProgressStream) {
  const who = (await api.get('/api/agency-api-keys:current', { retryNetwork: false })) as {
    label?: unknown;
    agencyId?: unknown;
    agencyName?: unknown;
  };
  if (typeof who?.agencyId !== 'number')
    throw new CommandError(`${api.url} ne répond pas comme le serveur du réseau : vérifiez --url.`);
  if (who.agencyId !== agencyId) {
    throw new CommandError(
      `La clé « ${who.label} » est celle de l'agence n° ${who.agencyId} (${who.agencyName}), pas de l'agence n° ${agencyId} : rien n'a été envoyé.`,
    );
  }
  stderr.write(`Clé « ${who.label} » de l'agence n° ${who.agencyId} (${who.agencyName}) sur ${api.url}\n`);
}

async function importCsv(
  api: ApiClient,
  options: ImportOptions,
  report: ImportRunReport,
  progress: Progress,
  limits: CsvChunkLimits,
) {
  const file = options.csvPath!;
  const { size } = await stat(file);
  const run: CsvRun = { file, calls: 0, items: 0, importIds: [], counts: emptyCounts(), errors: [] };
  report.csv = run;
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  let bytesDone = 0;
  const state = () => ({ file: basename(file), bytesDone, size, lines: run.items, calls: run.calls });
  for await (const chunk of csvChunks(stream as AsyncIterable<string>, limits)) {
    progress.sending(state());
    const answer = importAnswer.parse(await api.post(`/api/imports?type=${options.type}`, chunk.text, 'text/csv; charset=utf-8'));
    if (answer.results.length !== chunk.lines.length) {
      // The cut and the server's parser disagree: line numbers would lie, so stop.
      throw new CommandError(
        `le serveur a lu ${answer.results.length} lignes dans l'envoi ${run.calls + 1}, la commande en a envoyé ${chunk.lines.length}.`,
      );
    }
    addCallResults(run, answer.importId, answer.results, chunk.lines);
    bytesDone = chunk.bytesThrough;
    progress.called(state());
  }
}

async function uploadPdfs(api: ApiClient, options: ImportOptions, report: ImportRunReport, progress: Progress) {
  const dir = options.pdfDir!;
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.pdf$/i.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const run: PdfRun = { dir, files: names.length, counts: emptyCounts(), errors: [] };
  report.pdf = run;
  for (const [i, name] of names.entries()) {
    const refuse = (message: string) => {
      run.counts.error += 1;
      run.errors.push({ file: name, message });
    };
    const path = join(dir, name);
    if ((await stat(path)).size > PDF_MAX_BYTES) refuse(FILE_MESSAGES.tooLarge(PDF_MAX_BYTES));
    else {
      const ref = name.slice(0, -'.pdf'.length);
      try {
        const answer = importFileAnswer.parse(
          await api.put(`/api/imports/files/${options.type}/${encodeURIComponent(ref)}`, await readFile(path), 'application/pdf'),
        );
        run.counts[answer.status] += 1;
      } catch (err) {
        if (!(err instanceof ApiRefusal) || !ONE_FILE_REFUSALS.has(err.status)) throw err;
        refuse(err.message);
      }
    }
    progress.pdf(basename(dir), i + 1, names.length);
  }
}
