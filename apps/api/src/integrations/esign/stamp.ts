import { createHash } from 'node:crypto';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatParisDate, formatParisTime } from '../../lib/french.js';

export const sha256Hex = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface StampInput {
  original: Buffer;
  signerName: string;
  signerEmailAddress: string;
  requestId: string;
  /** Title of the document ("Devis DE-2026-001 – 1 250,00 € TTC"). */
  title: string;
  signedAt: Date;
}

const A4 = [595.28, 841.89] as const;
const INK = rgb(0.13, 0.16, 0.22);
const MUTED = rgb(0.4, 0.44, 0.5);
const BLUE = rgb(0.1, 0.27, 0.62);
const GREEN = rgb(0.09, 0.5, 0.3);

/**
 * Standard PDF fonts only know WinAnsi: characters outside it (the narrow no-break space of
 * French number formats, curly quotes…) are brought to their nearest equivalent.
 */
function winAnsi(text: string): string {
  return text
    .replace(/[\u202f\u2009]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\x20-\x7e\u00a0-\u00ff€–—…«»]/g, '?');
}

/** Hand-drawn-looking initials stroke, in PDF user space (SVG path, y down). */
const SIGNATURE_MARK =
  'M 0 40 C 12 2, 26 2, 30 34 C 33 56, 18 58, 22 30 C 26 8, 44 6, 50 30 C 54 46, 60 46, 66 26 ' +
  'C 70 14, 76 16, 78 32 C 80 44, 88 44, 94 28 C 100 12, 110 14, 114 30 C 118 44, 132 40, 150 22 ' +
  'M 40 50 C 80 44, 130 42, 170 46';

function wrapHex(hex: string, size: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < hex.length; i += size) lines.push(hex.slice(i, i + size));
  return lines;
}

function drawCertificate(
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont; mono: PDFFont },
  input: StampInput,
  originalSha: string,
) {
  const x = 60;
  const top = 470;
  const width = A4[0] - 120;
  const lines: Array<[string, string]> = [
    ['Identifiant de la demande', input.requestId],
    ['Signataire', `${input.signerName} <${input.signerEmailAddress}>`],
    ['Horodatage (UTC)', input.signedAt.toISOString()],
    ['Niveau', 'Signature électronique simple – bac à sable'],
  ];
  const height = 60 + lines.length * 30 + 50;
  page.drawRectangle({ x, y: top - height, width, height, borderColor: GREEN, borderWidth: 1.2, color: rgb(0.96, 0.99, 0.97) });
  page.drawText('Certificat de signature', { x: x + 16, y: top - 28, size: 13, font: fonts.bold, color: GREEN });
  let y = top - 56;
  for (const [label, value] of lines) {
    page.drawText(winAnsi(label), { x: x + 16, y, size: 8.5, font: fonts.regular, color: MUTED });
    page.drawText(winAnsi(value), { x: x + 16, y: y - 12, size: 10, font: fonts.regular, color: INK, maxWidth: width - 32 });
    y -= 30;
  }
  page.drawText('Empreinte SHA-256 du document original', { x: x + 16, y, size: 8.5, font: fonts.regular, color: MUTED });
  for (const [i, line] of wrapHex(originalSha, 32).entries()) {
    page.drawText(line, { x: x + 16, y: y - 12 - i * 12, size: 9.5, font: fonts.mono, color: INK });
  }
}

/**
 * The sandbox's signed envelope: the original pages, then a signature page stating who signed
 * and when, a signature mark and a certificate box with the request id and the SHA-256 of the
 * original document (so the envelope can be checked against the file that was signed).
 */
export async function stampSignedEnvelope(input: StampInput): Promise<Buffer> {
  const originalSha = sha256Hex(input.original);
  const pdf = await PDFDocument.load(input.original, { updateMetadata: false });
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const page = pdf.addPage([A4[0], A4[1]]);
  const date = formatParisDate(input.signedAt);
  const time = formatParisTime(input.signedAt).replace(':', 'h');

  page.drawText('Page de signature', { x: 60, y: 770, size: 20, font: fonts.bold, color: INK });
  page.drawText(winAnsi(input.title), { x: 60, y: 745, size: 11, font: fonts.regular, color: MUTED, maxWidth: A4[0] - 120 });
  page.drawLine({ start: { x: 60, y: 730 }, end: { x: A4[0] - 60, y: 730 }, thickness: 0.6, color: MUTED });

  const statement = `Signé électroniquement par ${input.signerName} le ${date} à ${time}`;
  page.drawText(winAnsi(statement), { x: 60, y: 690, size: 12.5, font: fonts.bold, color: INK, maxWidth: A4[0] - 120 });
  page.drawText('« Bon pour accord » – le signataire accepte le devis ci-dessus.', {
    x: 60,
    y: 668,
    size: 10,
    font: fonts.italic,
    color: MUTED,
  });

  page.drawSvgPath(SIGNATURE_MARK, { x: 80, y: 620, borderColor: BLUE, borderWidth: 2.2, scale: 1.1 });
  page.drawText(winAnsi(input.signerName), { x: 80, y: 540, size: 10, font: fonts.italic, color: BLUE });

  drawCertificate(page, fonts, input, originalSha);

  page.drawText('Document généré par le service de signature de démonstration (bac à sable) du Réseau Énergie.', {
    x: 60,
    y: 50,
    size: 8,
    font: fonts.regular,
    color: MUTED,
  });
  pdf.setModificationDate(input.signedAt);
  return Buffer.from(await pdf.save());
}
