import { PassThrough } from 'node:stream';
import { FileTypeParser } from 'file-type/node';

/**
 * Legacy Office files (.doc, .xls, .ppt) share one container format (CFB), which file-type
 * reports as `application/x-cfb`. The container's directory names its main stream, stored in
 * UTF-16LE: that tells the three apart from the bytes, without trusting the name.
 */
const CFB_STREAMS: ReadonlyArray<[stream: Buffer, mime: string]> = [
  [Buffer.from('WordDocument', 'utf16le'), 'application/msword'],
  [Buffer.from('Workbook', 'utf16le'), 'application/vnd.ms-excel'],
  [Buffer.from('PowerPoint Document', 'utf16le'), 'application/vnd.ms-powerpoint'],
];
const CFB_MIME_TYPES = CFB_STREAMS.map(([, mime]) => mime);

/** What a ZIP whose head names no entry yet may turn out to be, among the types we accept. */
const ZIP_MIME_TYPES = [
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];

/** Formats that are another one's superset and readable as it (an animated PNG is a PNG). */
const ALIASES: Readonly<Record<string, string>> = { 'image/apng': 'image/png' };

/** file-type finds almost every format within this many first bytes. */
export const SNIFF_HEAD_BYTES = 4100;

/**
 * The MIME type an upload's bytes prove, read as they stream by. The client's content-type and
 * file name are never used: a format without a signature (text, CSV, SVG, HTML) stays unknown
 * and is refused, which is what we want since none of the upload fields accepts text.
 */
export interface Sniffing {
  /**
   * What the file may still prove to be, known from its head alone: one type, none (unknown,
   * refused), or several for a container (ZIP, CFB) whose kind shows only further in.
   */
  readonly candidates: readonly string[];
  /** Feeds the bytes after the head, in order. */
  push(chunk: Buffer): Promise<void>;
  /** The type the whole file proves, or null; call once every byte was pushed. */
  finish(): Promise<string | null>;
  /** Stops reading (the upload was abandoned). */
  close(): void;
}

/** Starts sniffing from the file's head (its first SNIFF_HEAD_BYTES bytes, or all of a smaller file). */
export async function startSniffing(head: Buffer): Promise<Sniffing> {
  const found = await new FileTypeParser().fromBuffer(head).catch(() => undefined);
  if (found?.mime === 'application/x-cfb') return cfbSniffing(head);
  if (found?.mime === 'application/zip') return zipSniffing(head);
  const mime = found ? (ALIASES[found.mime] ?? found.mime) : null;
  return {
    candidates: mime ? [mime] : [],
    push: async () => {},
    finish: async () => mime,
    close: () => {},
  };
}

/** The whole file is searched for the stream names: the directory may sit anywhere, often at the end. */
function cfbSniffing(head: Buffer): Sniffing {
  const longest = Math.max(...CFB_STREAMS.map(([name]) => name.length));
  const seen = new Set<string>();
  // The end of the previous chunk, so that a name cut between two chunks is still found.
  let tail = Buffer.alloc(0);
  const scan = (chunk: Buffer) => {
    const window = Buffer.concat([tail, chunk]);
    for (const [name, mime] of CFB_STREAMS) if (window.includes(name)) seen.add(mime);
    tail = window.subarray(Math.max(0, window.length - longest + 1));
  };
  scan(head);
  return {
    candidates: CFB_MIME_TYPES,
    push: async (chunk) => scan(chunk),
    // The first of the list wins, as when the whole file was searched at once.
    finish: async () => CFB_MIME_TYPES.find((mime) => seen.has(mime)) ?? null,
    close: () => {},
  };
}

/**
 * A ZIP's entries are read as they stream by (file-type stops at the one that decides, e.g.
 * an Office document's `[Content_Types].xml`), from the start again since the head was cut.
 */
function zipSniffing(head: Buffer): Sniffing {
  const bytes = new PassThrough();
  const result = new FileTypeParser()
    .fromStream(bytes)
    .then((found) => (found ? (ALIASES[found.mime] ?? found.mime) : null))
    .catch(() => null);
  let settled = false;
  void result.then(() => {
    settled = true;
  });
  const push = async (chunk: Buffer) => {
    if (settled || bytes.destroyed || bytes.writableEnded) return;
    // Backpressure: wait until the parser took the bytes, or stopped wanting them.
    if (!bytes.write(chunk)) await Promise.race([new Promise((done) => bytes.once('drain', done)), result]);
  };
  const ready = push(head);
  return {
    candidates: ZIP_MIME_TYPES,
    push: async (chunk) => {
      await ready;
      await push(chunk);
    },
    finish: async () => {
      await ready;
      if (!bytes.destroyed && !bytes.writableEnded) bytes.end();
      return result;
    },
    close: () => {
      bytes.destroy();
    },
  };
}

/** The MIME type a whole file in memory proves, or null. */
export async function sniffMimeType(bytes: Buffer): Promise<string | null> {
  const sniffing = await startSniffing(bytes);
  return sniffing.finish();
}
