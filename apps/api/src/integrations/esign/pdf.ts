import { PDFDocument, PDFName } from 'pdf-lib';

/** Spec 00 §5: "The signature PDF must be version 1.6 or higher" (Yousign's own upload rule). */
export const MIN_SIGNABLE_PDF_VERSION = 1.6;

export type SignablePdfCheck =
  | { ok: true; version: number; pageCount: number; lastPage: { number: number; width: number; height: number } }
  | { ok: false; reason: 'invalid' | 'obsolete_version'; version?: number };

/** `%PDF-1.x` within the first kilobyte (readers accept a little junk before it). */
function headerVersion(bytes: Buffer): number | null {
  const head = bytes.subarray(0, 1024).toString('latin1');
  const match = /%PDF-(\d)\.(\d)/.exec(head);
  return match ? Number(`${match[1]}.${match[2]}`) : null;
}

/** A PDF 1.4+ may raise its version in the catalog (`/Version /1.7`), which wins when higher. */
function catalogVersion(pdf: PDFDocument): number | null {
  const value = pdf.catalog.get(PDFName.of('Version'));
  if (!(value instanceof PDFName)) return null;
  const match = /^\/?(\d)\.(\d)$/.exec(value.asString());
  return match ? Number(`${match[1]}.${match[2]}`) : null;
}

/**
 * Checks a document before it is sent for signature: a readable, unencrypted PDF with pages, of
 * version 1.6 or higher. Answers the facts the provider needs (where the last page is).
 */
export async function checkSignablePdf(bytes: Buffer): Promise<SignablePdfCheck> {
  const header = headerVersion(bytes);
  if (header === null) return { ok: false, reason: 'invalid' };
  let pdf: PDFDocument;
  let pageCount: number;
  let lastPage: { width: number; height: number };
  try {
    pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    pageCount = pdf.getPageCount();
    lastPage = pdf.getPage(pageCount - 1).getSize();
  } catch {
    // Unparsable, without a page tree or pages, or encrypted (pdf-lib refuses encrypted files).
    return { ok: false, reason: 'invalid' };
  }
  if (pdf.isEncrypted || pageCount === 0) return { ok: false, reason: 'invalid' };
  const version = Math.max(header, catalogVersion(pdf) ?? 0);
  if (version < MIN_SIGNABLE_PDF_VERSION) return { ok: false, reason: 'obsolete_version', version };
  return { ok: true, version, pageCount, lastPage: { number: pageCount, ...lastPage } };
}
