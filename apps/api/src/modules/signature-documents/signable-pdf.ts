import { SIGNATURE_MESSAGES } from '@reseau/contracts';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFPage } from 'pdf-lib';
import { checkSignablePdf } from '../../integrations/esign/pdf.js';
import { AppError } from '../../lib/errors.js';

export const signatureErrors = {
  invalidDocument: () => new AppError('yousign_invalid_document', 400, SIGNATURE_MESSAGES.invalidDocument),
  obsoletePdfVersion: () => new AppError('yousign_obsolete_pdf_version', 400, SIGNATURE_MESSAGES.obsoletePdfVersion),
  sanitizationFailed: (fileName: string) =>
    new AppError('file_sanitization_failed', 400, SIGNATURE_MESSAGES.sanitizationFailed(fileName)),
  providerUnavailable: () => new AppError('internal_error', 502, SIGNATURE_MESSAGES.providerUnavailable),
};

/** Actions a reader runs by itself: never sent to a recipient. */
const ACTIVE_ACTIONS = new Set([
  '/JavaScript',
  '/Launch',
  '/ImportData',
  '/SubmitForm',
  '/ResetForm',
  '/Rendition',
  '/Sound',
  '/Movie',
]);

/** Drops the page's automatic actions and its annotations' active actions (links stay). */
function stripActiveContent(page: PDFPage) {
  page.node.delete(PDFName.of('AA'));
  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (!annots) return;
  for (let i = 0; i < annots.size(); i += 1) {
    const annot = annots.lookupMaybe(i, PDFDict);
    if (!annot) continue;
    annot.delete(PDFName.of('AA'));
    const action = annot.lookupMaybe(PDFName.of('A'), PDFDict);
    const kind = action?.lookupMaybe(PDFName.of('S'), PDFName);
    if (kind && ACTIVE_ACTIONS.has(kind.asString())) annot.delete(PDFName.of('A'));
  }
}

export interface SourcePdf {
  fileName: string;
  bytes: Buffer;
}

/**
 * The one PDF sent for signature (spec 02 §5): each source must be a readable, unencrypted PDF
 * of version 1.6 or higher (`yousign_invalid_document`, `yousign_obsolete_pdf_version`), then
 * its pages are copied, in order, into a new document. Copying only the pages leaves the
 * sources' document-level scripts, attachments and forms behind; the pages' own automatic and
 * script actions are removed. A source whose pages cannot be copied answers
 * `file_sanitization_failed` naming it.
 */
export async function buildSignablePdf(sources: readonly SourcePdf[]) {
  for (const source of sources) {
    const check = await checkSignablePdf(source.bytes);
    if (!check.ok)
      throw check.reason === 'obsolete_version' ? signatureErrors.obsoletePdfVersion() : signatureErrors.invalidDocument();
  }
  const merged = await PDFDocument.create();
  for (const source of sources) {
    try {
      const pdf = await PDFDocument.load(source.bytes, { updateMetadata: false });
      const pages = await merged.copyPages(pdf, pdf.getPageIndices());
      for (const page of pages) {
        stripActiveContent(page);
        merged.addPage(page);
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw signatureErrors.sanitizationFailed(source.fileName);
    }
  }
  const bytes = Buffer.from(await merged.save());
  const count = merged.getPageCount();
  const last = merged.getPage(count - 1).getSize();
  return { bytes, lastPage: { number: count, width: last.width, height: last.height } };
}
