import { fileTypeFromBuffer } from 'file-type';

/**
 * Legacy Office files (.doc, .xls, .ppt) share one container format (CFB), which file-type
 * reports as `application/x-cfb`. The container's directory names its main stream, stored in
 * UTF-16LE: that tells the three apart from the bytes, without trusting the name.
 */
const CFB_STREAMS: ReadonlyArray<[stream: string, mime: string]> = [
  ['WordDocument', 'application/msword'],
  ['Workbook', 'application/vnd.ms-excel'],
  ['PowerPoint Document', 'application/vnd.ms-powerpoint'],
];

/** Formats that are another one's superset and readable as it (an animated PNG is a PNG). */
const ALIASES: Readonly<Record<string, string>> = { 'image/apng': 'image/png' };

/**
 * The MIME type the bytes prove, or null. The client's content-type and file name are never
 * used: a format without a signature (text, CSV, SVG, HTML) stays unknown and is refused,
 * which is what we want since none of the upload fields accepts text.
 */
export async function sniffMimeType(bytes: Buffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  if (found.mime === 'application/x-cfb') {
    return CFB_STREAMS.find(([stream]) => bytes.includes(Buffer.from(stream, 'utf16le')))?.[1] ?? null;
  }
  return ALIASES[found.mime] ?? found.mime;
}
