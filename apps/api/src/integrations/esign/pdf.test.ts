import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfBytes } from '../../../test/extranet-factories.js';
import { checkSignablePdf } from './pdf.js';
import { sha256Hex, stampSignedEnvelope } from './stamp.js';

/** The text drawn on a pdf-lib page (hex strings of `Tj`), decoded from WinAnsi. */
function drawnText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (let i = raw.indexOf('stream\n'); i !== -1; i = raw.indexOf('stream\n', i + 1)) {
    const end = raw.indexOf('endstream', i);
    if (end === -1) break;
    try {
      const content = inflateSync(pdf.subarray(i + 7, end)).toString('latin1');
      for (const m of content.matchAll(/<([0-9A-F]+)> Tj/g)) texts.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
    } catch {
      // not a deflated stream
    }
  }
  return texts.join('\n');
}

describe('checkSignablePdf', () => {
  it('accepts a PDF 1.7 and tells where its last page is', async () => {
    const check = await checkSignablePdf(await pdfBytes());
    expect(check).toEqual({ ok: true, version: 1.7, pageCount: 1, lastPage: { number: 1, width: 595.28, height: 841.89 } });
  });

  it('refuses a PDF whose header says 1.4 or 1.5', async () => {
    for (const version of ['1.4', '1.5']) {
      const bytes = await pdfBytes();
      bytes.write(`%PDF-${version}`, 0, 'latin1');
      expect(await checkSignablePdf(bytes)).toEqual({ ok: false, reason: 'obsolete_version', version: Number(version) });
    }
  });

  it('takes the catalog /Version when it raises the header’s', async () => {
    const pdf = await PDFDocument.load(await pdfBytes());
    pdf.catalog.set(PDFName.of('Version'), PDFName.of('1.7'));
    const bytes = Buffer.from(await pdf.save());
    bytes.write('%PDF-1.4', 0, 'latin1');
    expect(await checkSignablePdf(bytes)).toMatchObject({ ok: true, version: 1.7 });
  });

  it('refuses what is not a readable, unencrypted PDF', async () => {
    const encrypted = await PDFDocument.load(await pdfBytes());
    encrypted.context.trailerInfo.Encrypt = encrypted.context.obj({ Filter: 'Standard', V: 1, R: 2, P: -4 });
    const cases = [
      Buffer.from('Bonjour, ceci est un devis en texte.'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('%PDF-1.7\n%garbage only'),
      Buffer.from(await encrypted.save()),
    ];
    for (const bytes of cases) expect(await checkSignablePdf(bytes)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('stampSignedEnvelope', () => {
  it('adds one signature page stating who signed, when, and the original’s SHA-256', async () => {
    const original = await pdfBytes('Devis DE-2026-001');
    const signedAt = new Date('2026-03-05T13:07:00Z');
    const envelope = await stampSignedEnvelope({
      original,
      signerName: 'Hélène Lefèvre',
      signerEmailAddress: 'helene.lefevre@exemple.fr',
      requestId: '3f1c2a7e-1b2c-4d5e-8f90-123456789abc',
      title: 'Devis DE-2026-001 – 1 250,00 € TTC',
      signedAt,
    });
    expect((await PDFDocument.load(envelope)).getPageCount()).toBe(2);
    const text = drawnText(envelope);
    // 14h07 in Paris (UTC+1 in March).
    expect(text).toContain('Signé électroniquement par Hélène Lefèvre le 05/03/2026 à 14h07');
    expect(text).toContain('3f1c2a7e-1b2c-4d5e-8f90-123456789abc');
    const sha = sha256Hex(original);
    expect(text).toContain(sha.slice(0, 32));
    expect(text).toContain(sha.slice(32));
    expect(text).toContain('Certificat de signature');
  });
});
