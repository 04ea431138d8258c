import { FILE_TYPES, MIME_EXTENSIONS } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { contentDisposition, encodeHeaderValue, sanitizeFileName } from './file-name.js';
import { sniffMimeType } from './sniff.js';

describe('sanitizeFileName', () => {
  it('keeps accents and an allowed extension', () => {
    expect(sanitizeFileName('Conditions générales été.PDF', 'application/pdf')).toBe('Conditions générales été.pdf');
  });

  it('strips Windows and Unix paths', () => {
    expect(sanitizeFileName('C:\\Users\\moi\\Bureau\\devis.pdf', 'application/pdf')).toBe('devis.pdf');
    expect(sanitizeFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
  });

  it('drops control and invisible formatting characters (right-to-left override)', () => {
    expect(sanitizeFileName('fac\u0000ture\u202Egnp.exe', 'image/png')).toBe('facturegnp.png');
    expect(sanitizeFileName('a\r\nb.png', 'image/png')).toBe('ab.png');
  });

  it('replaces an extension the detected type does not allow, keeps dots that are not one', () => {
    expect(sanitizeFileName('photo.exe', 'image/png')).toBe('photo.png');
    expect(sanitizeFileName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(sanitizeFileName('Compte rendu 2024.12', 'application/pdf')).toBe('Compte rendu 2024.12.pdf');
  });

  it('refuses hidden names, reserved characters and empty names', () => {
    expect(sanitizeFileName('.htaccess', 'application/pdf')).toBe('htaccess.pdf');
    expect(sanitizeFileName('a<b>:"c"|?*.pdf', 'application/pdf')).toBe('a_b___c____.pdf');
    expect(sanitizeFileName('', 'image/png')).toBe('fichier.png');
    expect(sanitizeFileName(' ... ', 'image/png')).toBe('fichier.png');
  });

  it('caps the length of the name', () => {
    const name = sanitizeFileName(`${'é'.repeat(400)}.pdf`, 'application/pdf');
    expect(name).toBe(`${'é'.repeat(150)}.pdf`);
  });
});

describe('download headers', () => {
  it('encodes names as RFC 5987 values with an ASCII fallback', () => {
    expect(encodeHeaderValue("Relevé (n°1)'*.pdf")).toBe('Relev%C3%A9%20%28n%C2%B01%29%27%2A.pdf');
    expect(contentDisposition('Relevé "été".pdf')).toBe(
      `attachment; filename="Releve _ete_.pdf"; filename*=UTF-8''Relev%C3%A9%20%22%C3%A9t%C3%A9%22.pdf`,
    );
  });
});

describe('sniffMimeType', () => {
  it('knows an extension for every accepted MIME type', () => {
    for (const type of FILE_TYPES) for (const mime of type.allowedMimeTypes) expect(MIME_EXTENSIONS[mime]).toBeDefined();
  });

  it('tells legacy Office files apart by their main stream, and refuses an unknown container', async () => {
    const cfb = (stream: string) =>
      Buffer.concat([
        Buffer.from('D0CF11E0A1B11AE1', 'hex'),
        Buffer.alloc(1000),
        Buffer.from(stream, 'utf16le'),
        Buffer.alloc(100),
      ]);
    expect(await sniffMimeType(cfb('WordDocument'))).toBe('application/msword');
    expect(await sniffMimeType(cfb('Workbook'))).toBe('application/vnd.ms-excel');
    expect(await sniffMimeType(cfb('PowerPoint Document'))).toBe('application/vnd.ms-powerpoint');
    expect(await sniffMimeType(cfb('SummaryInformation'))).toBeNull();
  });

  it('never guesses text formats', async () => {
    expect(await sniffMimeType(Buffer.from('nom;prénom\nDupont;Jean\n'))).toBeNull();
    expect(
      await sniffMimeType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
  });
});
