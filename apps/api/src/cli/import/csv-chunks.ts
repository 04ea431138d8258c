/**
 * Cuts a CSV file, read as a stream, into bodies for `POST /imports?type=`: the header record
 * repeated, then at most `maxItems` records, each body under `maxBytes`. Records are found with
 * the same rules as the server's parser (`modules/imports/csv.ts`): RFC 4180 quotes (a quote opens
 * only at the start of a field, `""` inside is a quote), `\r\n`, `\r` or `\n` ending a record
 * outside quotes, blank records skipped, the separator read on the first line. So the server sees
 * in each body exactly the records of the file, in order, and its `index` i is `lines[i]`.
 */
export interface CsvChunk {
  /** Header record, then the records, as they were in the file. */
  text: string;
  /** The file line (header = line 1) where each record of the body starts. */
  lines: number[];
  /** Bytes of the file up to the end of this body's last record (the progress of a run). */
  bytesThrough: number;
}

export interface CsvChunkLimits {
  maxItems: number;
  maxBytes: number;
}

interface CsvRecord {
  raw: string;
  line: number;
  blank: boolean;
}

/** The server's rule: `;` when the first line holds one, else `,`. */
export const csvDelimiter = (firstLine: string) => (firstLine.includes(';') ? ';' : ',');

/** Finds record boundaries in text pushed piece by piece; holds no more than the open record. */
export class CsvRecordScanner {
  private quoted = false;
  private fieldEmpty = true;
  private delimiters = 0;
  private open = '';
  private held = '';
  private line = 1;
  private recordLine = 1;

  constructor(private readonly delimiter: string) {}

  /** The records completed by `text`; `final` at the end of the input (the open record closes). */
  push(text: string, final = false): CsvRecord[] {
    const s = this.held + text;
    // A closing `"` or a `\r` needs the next character to be read as the server reads it.
    const end = !final && (s.endsWith('"') || s.endsWith('\r')) ? s.length - 1 : s.length;
    const records: CsvRecord[] = [];
    let start = 0;
    let i = 0;
    while (i < end) {
      const c = s[i];
      const next = s[i + 1];
      if (c === '\n' || (c === '\r' && next !== '\n')) this.line += 1;
      if (this.quoted) {
        if (c === '"' && next === '"') {
          this.fieldEmpty = false;
          i += 1;
        } else if (c === '"') this.quoted = false;
        else this.fieldEmpty = false;
      } else if (c === '"' && this.fieldEmpty) this.quoted = true;
      else if (c === this.delimiter) {
        this.delimiters += 1;
        this.fieldEmpty = true;
      } else if (c === '\r' || c === '\n') {
        if (c === '\r' && next === '\n') {
          i += 1;
          this.line += 1;
        }
        records.push(this.close(s.slice(start, i + 1)));
        start = i + 1;
      } else this.fieldEmpty = false;
      i += 1;
    }
    this.open += s.slice(start, Math.min(i, s.length));
    this.held = s.slice(i);
    if (final) {
      this.open += this.held;
      this.held = '';
      if (this.open !== '') {
        // The server keeps a last record without a line break unless it is empty.
        const record = this.close('');
        if (!record.blank) records.push(record);
      }
    }
    return records;
  }

  private close(tail: string): CsvRecord {
    const record = { raw: this.open + tail, line: this.recordLine, blank: this.delimiters === 0 && this.fieldEmpty };
    this.open = '';
    this.quoted = false;
    this.fieldEmpty = true;
    this.delimiters = 0;
    this.recordLine = this.line;
    return record;
  }
}

/** The bodies of a CSV read piece by piece (`source`: decoded text, e.g. a utf8 read stream). */
export async function* csvChunks(source: AsyncIterable<string>, limits: CsvChunkLimits): AsyncGenerator<CsvChunk> {
  let scanner: CsvRecordScanner | null = null;
  let pending = '';
  let started = false;
  // Everything up to the end of the header record (blank lines before it included), repeated in
  // each body so that the server finds the same first line, hence the same separator.
  let header: string | null = null;
  let headerBytes = 0;
  let body: CsvRecord[] = [];
  let bodyBytes = 0;
  let consumed = 0;
  let bytesThrough = 0;

  const flush = (): CsvChunk => {
    const chunk = { text: header + body.map((r) => r.raw).join(''), lines: body.map((r) => r.line), bytesThrough };
    body = [];
    bodyBytes = 0;
    return chunk;
  };
  function* take(records: CsvRecord[]): Generator<CsvChunk> {
    for (const record of records) {
      const bytes = Buffer.byteLength(record.raw);
      consumed += bytes;
      if (header === null) {
        pending += record.raw;
        if (record.blank) continue;
        header = pending;
        headerBytes = Buffer.byteLength(header);
        continue;
      }
      if (record.blank) continue;
      if (body.length > 0 && (body.length >= limits.maxItems || headerBytes + bodyBytes + bytes > limits.maxBytes)) {
        yield flush();
      }
      body.push(record);
      bodyBytes += bytes;
      bytesThrough = consumed;
    }
  }

  // The separator is read on the first line: text is kept until its end is seen.
  let first = '';
  for await (const piece of source) {
    let text = piece;
    if (!started) {
      started = true;
      if (text.startsWith('\uFEFF')) {
        text = text.slice(1);
        consumed = Buffer.byteLength('\uFEFF');
      }
    }
    if (!scanner) {
      first += text;
      const lineEnd = first.search(/\r|\n/);
      if (lineEnd === -1) continue;
      scanner = new CsvRecordScanner(csvDelimiter(first.slice(0, lineEnd)));
      text = first;
    }
    yield* take(scanner.push(text));
  }
  if (scanner) yield* take(scanner.push('', true));
  else yield* take(new CsvRecordScanner(csvDelimiter(first)).push(first, true));
  if (body.length > 0) yield flush();
}
