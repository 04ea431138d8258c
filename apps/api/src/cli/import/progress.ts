/** Where the progress goes: stderr, so that the report on stdout can be piped or logged alone. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CsvProgress {
  file: string;
  bytesRead: number;
  size: number;
  lines: number;
  calls: number;
}

const number = new Intl.NumberFormat('fr-FR');
const BAR_WIDTH = 24;
/** A terminal is redrawn at most this often; each call and each PDF still shows at once. */
const REDRAW_MS = 100;
/** Without a terminal (a cron's log), one line per call and per this many PDFs. */
const PDF_LINE_EVERY = 25;

const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 100);
const bar = (ratio: number) => {
  const full = Math.round(Math.min(1, ratio) * BAR_WIDTH);
  return `▕${'█'.repeat(full)}${'░'.repeat(BAR_WIDTH - full)}▏`;
};
const calls = (count: number) => `${number.format(count)} envoi${count > 1 ? 's' : ''}`;

/**
 * A bar redrawn in place on a terminal (bytes read of the file's size: the number of lines is not
 * known before the end, and counting them first would read the file twice); plain lines otherwise.
 */
export function createProgress(stream: ProgressStream, now: () => number = Date.now) {
  const tty = Boolean(stream.isTTY);
  let drawn = false;
  let lastDraw = Number.NEGATIVE_INFINITY;
  let current = '';

  const draw = (line: string, force: boolean) => {
    current = line;
    if (!force && now() - lastDraw < REDRAW_MS) return;
    lastDraw = now();
    const width = (stream.columns ?? 80) - 1;
    stream.write(`\r\x1b[2K${line.length > width ? line.slice(0, width) : line}`);
    drawn = true;
  };
  const clear = () => {
    if (drawn) stream.write('\r\x1b[2K');
    drawn = false;
  };

  return {
    /** The file was read further (called often: a terminal only). */
    reading(p: CsvProgress) {
      if (!tty) return;
      draw(
        `${p.file} ${bar(p.bytesRead / (p.size || 1))} ${percent(p.bytesRead, p.size)} % · ${number.format(p.lines)} lignes · ${calls(p.calls)}`,
        false,
      );
    },
    /** A call was answered. */
    called(p: CsvProgress) {
      const line = `${p.file} ${tty ? bar(p.bytesRead / (p.size || 1)) : ':'} ${percent(p.bytesRead, p.size)} % · ${number.format(p.lines)} lignes envoyées · ${calls(p.calls)}`;
      if (tty) draw(line, true);
      else stream.write(`${line}\n`);
    },
    /** `done` of `total` PDFs were sent. */
    pdf(dir: string, done: number, total: number) {
      const line = `${dir}/ ${tty ? bar(done / (total || 1)) : ':'} ${number.format(done)} / ${number.format(total)} PDF`;
      if (tty) draw(line, true);
      else if (done % PDF_LINE_EVERY === 0 || done === total) stream.write(`${line}\n`);
    },
    /** Why nothing moves for a while (a wait before trying again). */
    notice(text: string) {
      clear();
      stream.write(`${text}\n`);
      if (tty && current) draw(current, true);
    },
    /** Removes the bar before the report. */
    end() {
      clear();
    },
  };
}

export type Progress = ReturnType<typeof createProgress>;
