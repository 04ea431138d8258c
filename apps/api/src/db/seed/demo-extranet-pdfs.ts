import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatEuros, formatFrenchDay } from '../../lib/french.js';

/**
 * The demo customers' PDFs, drawn with pdf-lib: quotes, invoices, credit notes, intervention
 * reports and certificates that look like what a French installer sends. Same input, same bytes
 * (fixed document dates), so the demo is reproducible.
 */

export interface PdfAgency {
  name: string;
  businessName: string;
  address: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  siren: string;
}

export interface PdfCustomer {
  name: string;
  route: string;
  postalCode: string;
  locality: string;
}

export interface PdfLine {
  label: string;
  quantity: number;
  /** Unit price excluding tax, in cents. */
  unitPrice: number;
}

export interface Totals {
  excludingTax: number;
  tax: number;
  includingTax: number;
}

/** Totals in cents: VAT rounded once on the total, as invoicing software does. */
export function totalsOf(lines: PdfLine[], vatRate: number): Totals {
  const excludingTax = lines.reduce((sum, l) => sum + Math.round(l.quantity * l.unitPrice), 0);
  const tax = Math.round((excludingTax * vatRate) / 100);
  return { excludingTax, tax, includingTax: excludingTax + tax };
}

// The standard fonts speak WinAnsi: the narrow spaces of fr-FR formats become plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
const euros = (cents: number) => plain(formatEuros(cents));
const sirenSpaced = (siren: string) => siren.replace(/(\d{3})(?=\d)/g, '$1 ');

const INK = rgb(0.12, 0.16, 0.23);
const MUTED = rgb(0.39, 0.45, 0.55);
const BRAND = rgb(0.04, 0.31, 0.42);
const LIGHT = rgb(0.93, 0.95, 0.97);
const GREEN = rgb(0.05, 0.48, 0.3);

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 50;

class Sheet {
  y = PAGE_H - MARGIN;
  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  text(s: string, x: number, y: number, opts: { size?: number; bold?: boolean; color?: typeof INK; right?: boolean } = {}) {
    const font = opts.bold ? this.bold : this.regular;
    const size = opts.size ?? 10;
    const value = plain(s);
    const dx = opts.right ? font.widthOfTextAtSize(value, size) : 0;
    this.page.drawText(value, { x: x - dx, y, size, font, color: opts.color ?? INK });
  }

  /** Word-wrapped lines of at most `width` points. */
  wrap(s: string, width: number, size = 10, bold = false): string[] {
    const font = bold ? this.bold : this.regular;
    const lines: string[] = [];
    let current = '';
    for (const word of plain(s).split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !current) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    if (current) lines.push(current);
    return lines;
  }

  paragraph(s: string, opts: { size?: number; bold?: boolean; color?: typeof INK; gap?: number } = {}) {
    const size = opts.size ?? 10;
    for (const line of this.wrap(s, PAGE_W - 2 * MARGIN, size, opts.bold)) {
      this.text(line, MARGIN, this.y, opts);
      this.y -= size + 4;
    }
    this.y -= opts.gap ?? 6;
  }

  rule(y: number, color = LIGHT, thickness = 1) {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_W - MARGIN, y }, thickness, color });
  }
}

async function newSheet(title: string) {
  const pdf = await PDFDocument.create();
  const fixed = new Date('2026-01-01T00:00:00Z');
  pdf.setTitle(plain(title));
  pdf.setCreator('Réseau Énergie');
  pdf.setProducer('Réseau Énergie');
  pdf.setCreationDate(fixed);
  pdf.setModificationDate(fixed);
  const page = pdf.addPage([PAGE_W, PAGE_H]);
  const sheet = new Sheet(page, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  return { pdf, sheet };
}

/** Agency letterhead on the left, document title and references on the right, customer below. */
function header(sheet: Sheet, agency: PdfAgency, customer: PdfCustomer, doc: { title: string; references: [string, string][] }) {
  const top = PAGE_H - MARGIN;
  sheet.page.drawRectangle({ x: 0, y: PAGE_H - 8, width: PAGE_W, height: 8, color: BRAND });
  sheet.text(agency.name, MARGIN, top - 10, { size: 17, bold: true, color: BRAND });
  sheet.text(agency.businessName, MARGIN, top - 28, { size: 9, color: MUTED });
  sheet.text(agency.address, MARGIN, top - 42, { size: 9 });
  sheet.text(`${agency.postalCode} ${agency.city}`, MARGIN, top - 54, { size: 9 });
  sheet.text(`Tél. ${agency.phone}`, MARGIN, top - 66, { size: 9 });
  sheet.text(agency.email, MARGIN, top - 78, { size: 9 });

  const right = PAGE_W - MARGIN;
  sheet.text(doc.title, right, top - 12, { size: 20, bold: true, right: true });
  let y = top - 32;
  for (const [label, value] of doc.references) {
    sheet.text(`${label} : ${value}`, right, y, { size: 9, right: true });
    y -= 12;
  }

  const boxX = 320;
  const boxTop = top - 100;
  sheet.page.drawRectangle({
    x: boxX,
    y: boxTop - 62,
    width: right - boxX,
    height: 62,
    borderColor: LIGHT,
    borderWidth: 1,
  });
  sheet.text('Client', boxX + 10, boxTop - 14, { size: 8, color: MUTED });
  sheet.text(customer.name, boxX + 10, boxTop - 28, { size: 10, bold: true });
  sheet.text(customer.route, boxX + 10, boxTop - 41, { size: 10 });
  sheet.text(`${customer.postalCode} ${customer.locality}`, boxX + 10, boxTop - 54, { size: 10 });
  sheet.y = boxTop - 90;
}

function footer(sheet: Sheet, agency: PdfAgency) {
  sheet.rule(62, LIGHT);
  const text = `${agency.businessName} – SIREN ${sirenSpaced(agency.siren)} – Membre du réseau Réseau Énergie`;
  const lines = sheet.wrap(text, PAGE_W - 2 * MARGIN, 8);
  lines.forEach((line, i) => {
    sheet.text(line, MARGIN, 48 - i * 10, { size: 8, color: MUTED });
  });
}

/** Lines, then totals excluding tax, VAT and including tax. */
function linesTable(sheet: Sheet, lines: PdfLine[], vatRate: number): Totals {
  const cols = { label: MARGIN + 8, qty: 360, unit: 445, total: PAGE_W - MARGIN - 8 };
  sheet.page.drawRectangle({ x: MARGIN, y: sheet.y - 6, width: PAGE_W - 2 * MARGIN, height: 20, color: LIGHT });
  sheet.text('Désignation', cols.label, sheet.y, { size: 9, bold: true });
  sheet.text('Qté', cols.qty, sheet.y, { size: 9, bold: true, right: true });
  sheet.text('P.U. HT', cols.unit, sheet.y, { size: 9, bold: true, right: true });
  sheet.text('Total HT', cols.total, sheet.y, { size: 9, bold: true, right: true });
  sheet.y -= 24;
  for (const line of lines) {
    const wrapped = sheet.wrap(line.label, 270, 9);
    wrapped.forEach((part, i) => {
      sheet.text(part, cols.label, sheet.y - i * 12, { size: 9 });
    });
    sheet.text(String(line.quantity).replace('.', ','), cols.qty, sheet.y, { size: 9, right: true });
    sheet.text(euros(line.unitPrice), cols.unit, sheet.y, { size: 9, right: true });
    sheet.text(euros(Math.round(line.quantity * line.unitPrice)), cols.total, sheet.y, { size: 9, right: true });
    sheet.y -= 12 * wrapped.length + 8;
    sheet.rule(sheet.y + 10);
  }
  const totals = totalsOf(lines, vatRate);
  sheet.y -= 8;
  const rows: [string, number, boolean][] = [
    ['Total HT', totals.excludingTax, false],
    [`TVA ${String(vatRate).replace('.', ',')} %`, totals.tax, false],
    ['Total TTC', totals.includingTax, true],
  ];
  for (const [label, value, strong] of rows) {
    if (strong) sheet.page.drawRectangle({ x: 330, y: sheet.y - 6, width: PAGE_W - MARGIN - 330, height: 20, color: LIGHT });
    sheet.text(label, 340, sheet.y, { size: strong ? 11 : 10, bold: strong });
    sheet.text(euros(value), cols.total, sheet.y, { size: strong ? 11 : 10, bold: strong, right: true });
    sheet.y -= 20;
  }
  sheet.y -= 10;
  return totals;
}

export interface CommercialDocument {
  kind: 'quote' | 'invoice' | 'credit_note';
  number: string;
  /** `yyyy-MM-dd` */
  date: string;
  agency: PdfAgency;
  customer: PdfCustomer;
  contractReference: string;
  equipment: string;
  subject: string;
  lines: PdfLine[];
  vatRate: number;
  /** Invoice already settled: "Acquittée le … par …". */
  paid?: { mean: string; date: string };
  /** Signed quote (the envelope): the e-signature stamp. */
  signed?: { by: string; at: string };
  notes?: string[];
}

const TITLES = { quote: 'DEVIS', invoice: 'FACTURE', credit_note: 'AVOIR' } as const;

/** A quote, invoice or credit note; returns the PDF and its totals (amounts of the database rows). */
export async function commercialPdf(doc: CommercialDocument): Promise<{ bytes: Buffer; totals: Totals }> {
  const { pdf, sheet } = await newSheet(`${TITLES[doc.kind]} ${doc.number}`);
  header(sheet, doc.agency, doc.customer, {
    title: TITLES[doc.kind],
    references: [
      ['N°', doc.number],
      ['Date', formatFrenchDay(doc.date)],
      ['Contrat', doc.contractReference],
    ],
  });
  sheet.paragraph(`Objet : ${doc.subject}`, { bold: true, gap: 2 });
  sheet.paragraph(`Équipement : ${doc.equipment} – ${doc.customer.route}, ${doc.customer.postalCode} ${doc.customer.locality}`, {
    size: 9,
    color: MUTED,
    gap: 14,
  });
  const totals = linesTable(sheet, doc.lines, doc.vatRate);

  if (doc.kind === 'quote') {
    sheet.paragraph(
      `TVA au taux réduit de ${String(doc.vatRate).replace('.', ',')} % : travaux d'amélioration et d'entretien dans un logement achevé depuis plus de deux ans (attestation simplifiée jointe).`,
      { size: 8, color: MUTED },
    );
    sheet.paragraph('Devis valable 3 mois à compter de sa date. Délai d’intervention : 2 à 3 semaines après acceptation.', {
      size: 9,
    });
    const boxTop = sheet.y - 4;
    sheet.page.drawRectangle({
      x: 320,
      y: boxTop - 80,
      width: PAGE_W - MARGIN - 320,
      height: 80,
      borderColor: MUTED,
      borderWidth: 0.8,
    });
    sheet.text('Bon pour accord', 330, boxTop - 16, { size: 9, bold: true });
    sheet.text('Date et signature du client', 330, boxTop - 30, { size: 8, color: MUTED });
    if (doc.signed) {
      sheet.text(`Signé électroniquement par ${doc.signed.by}`, 330, boxTop - 50, { size: 9, bold: true, color: GREEN });
      sheet.text(`le ${doc.signed.at}`, 330, boxTop - 63, { size: 9, color: GREEN });
    }
    sheet.y = boxTop - 100;
  } else if (doc.kind === 'invoice') {
    if (doc.paid) {
      sheet.paragraph(`Facture acquittée le ${formatFrenchDay(doc.paid.date)} – règlement par ${doc.paid.mean}.`, {
        bold: true,
        color: GREEN,
      });
    } else {
      sheet.paragraph(
        `Net à payer : ${euros(totals.includingTax)} TTC, à réception de facture. Règlement par carte bancaire depuis votre espace client, par chèque à l'ordre de ${doc.agency.businessName} ou par virement.`,
        { size: 9 },
      );
    }
    sheet.paragraph('Pas d’escompte pour paiement anticipé.', { size: 8, color: MUTED });
  } else {
    sheet.paragraph(
      'Cet avoir vient en déduction de vos prochaines factures, ou vous est remboursé sur simple demande auprès de votre agence.',
      { size: 9 },
    );
  }
  for (const note of doc.notes ?? []) sheet.paragraph(note, { size: 9 });
  footer(sheet, doc.agency);
  return { bytes: Buffer.from(await pdf.save()), totals };
}

export interface CertificateDocument {
  /** Big word at the top right: ATTESTATION, CERTIFICAT, BON D'INTERVENTION. */
  heading: string;
  title: string;
  /** `yyyy-MM-dd` */
  date: string;
  agency: PdfAgency;
  customer: PdfCustomer;
  contractReference: string;
  equipment: string;
  intro: string;
  /** Checks done, each with its result. */
  checks: [string, string][];
  conclusion: string;
  technician: string;
}

/** An attestation, certificate or intervention report: checks done, conclusion, technician. */
export async function certificatePdf(doc: CertificateDocument): Promise<Buffer> {
  const { pdf, sheet } = await newSheet(doc.title);
  header(sheet, doc.agency, doc.customer, {
    title: doc.heading,
    references: [
      ['Date', formatFrenchDay(doc.date)],
      ['Contrat', doc.contractReference],
    ],
  });
  sheet.paragraph(doc.title, { size: 13, bold: true, color: BRAND, gap: 4 });
  sheet.paragraph(`Équipement : ${doc.equipment}`, { size: 9, color: MUTED, gap: 10 });
  sheet.paragraph(doc.intro, { gap: 12 });
  for (const [check, result] of doc.checks) {
    const lines = sheet.wrap(check, 330, 9);
    lines.forEach((part, i) => {
      sheet.text(part, MARGIN + 8, sheet.y - i * 12, { size: 9 });
    });
    sheet.text(result, PAGE_W - MARGIN - 8, sheet.y, { size: 9, bold: true, right: true });
    sheet.y -= 12 * lines.length + 6;
    sheet.rule(sheet.y + 8);
  }
  sheet.y -= 10;
  sheet.paragraph(doc.conclusion, { gap: 20 });
  sheet.text(`Fait à ${doc.agency.city}, le ${formatFrenchDay(doc.date)}`, MARGIN, sheet.y, { size: 10 });
  sheet.text(`Le technicien : ${doc.technician}`, PAGE_W - MARGIN, sheet.y, { size: 10, right: true });
  footer(sheet, doc.agency);
  return Buffer.from(await pdf.save());
}
