/** Where the progress goes: stderr, so that the report on stdout can be piped or logged alone. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CsvProgress {
  file: string;
  /** Bytes of the file up to the last line the server answered for (read-ahead not counted). */
  bytesDone: number;
  size: number;
  lines: number;
  calls: number;
}

const number = new Intl.NumberFormat('fr-FR');
const BAR_WIDTH = 20;
/** Without a terminal (a cron's log), one line per call and per this many PDFs. */
const PDF_LINE_EVERY = 25;

const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 100);
const bar = (done: number, total: number) => {
  const full = Math.round((percent(done, total) / 100) * BAR_WIDTH);
  return `▕${'█'.repeat(full)}${'░'.repeat(BAR_WIDTH - full)}▏`;
};
const calls = (count: number) => `${number.format(count)} envoi${count > 1 ? 's' : ''}`;
const lines = (count: number) => `${number.format(count)} ligne${count > 1 ? 's' : ''}`;

/**
 * A bar redrawn in place on a terminal, plain lines otherwise. The CSV's bar is bytes done of the
 * file's size: the number of lines is not known before the end, and counting them first would
 * read the file twice.
 */
export function createProgress(stream: ProgressStream) {
  const tty = Boolean(stream.isTTY);
  let current = '';

  const draw = (line: string) => {
    current = line;
    const width = (stream.columns ?? 80) - 1;
    stream.write(`\r\x1b[2K${line.length > width ? line.slice(0, width) : line}`);
  };
  const clear = () => {
    if (current) stream.write('\r\x1b[2K');
  };

  return {
    /** A call leaves (a terminal only: it may take a few seconds). */
    sending(p: CsvProgress) {
      if (tty)
        draw(
          `${p.file} ${bar(p.bytesDone, p.size)} ${percent(p.bytesDone, p.size)} % · ${lines(p.lines)} · envoi ${p.calls + 1}…`,
        );
    },
    /** A call was answered. */
    called(p: CsvProgress) {
      const done = `${percent(p.bytesDone, p.size)} % · ${lines(p.lines)} · ${calls(p.calls)}`;
      if (tty) draw(`${p.file} ${bar(p.bytesDone, p.size)} ${done}`);
      else stream.write(`${p.file} : ${done}\n`);
    },
    /** `done` of `total` PDFs were sent. */
    pdf(dir: string, done: number, total: number) {
      const count = `${number.format(done)} / ${number.format(total)} PDF`;
      if (tty) draw(`${dir}/ ${bar(done, total)} ${count}`);
      else if (done % PDF_LINE_EVERY === 0 || done === total) stream.write(`${dir}/ : ${count}\n`);
    },
    /** Why nothing moves for a while (a wait before trying again). */
    notice(text: string) {
      clear();
      stream.write(`${text}\n`);
      if (tty && current) draw(current);
    },
    /** Removes the bar before the report. */
    end() {
      clear();
      current = '';
    },
  };
}

export type Progress = ReturnType<typeof createProgress>;
