import { describe, expect, it } from 'vitest';
import { acceptedText, acceptOf, refusalOf } from './upload';

const MiB = 1024 * 1024;
const DOCUMENTS = { fileTypeId: 8, allowedMimeTypes: ['application/pdf', 'application/zip', 'image/png'], maxSize: 50 * MiB };

function file(name: string, type: string, size = 10): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

describe('refusalOf', () => {
  it.each([
    ['a PDF', file('devis.pdf', 'application/pdf'), null],
    ['a ZIP Windows calls x-zip-compressed', file('plans.zip', 'application/x-zip-compressed'), null],
    ['a PDF the system gave no type', file('devis.PDF', ''), null],
    [
      'a Word file',
      file('note.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      "Ce type de fichier n'est pas accepté. Formats acceptés : PDF, ZIP, PNG.",
    ],
    [
      'a file with neither type nor extension',
      file('LISEZMOI', ''),
      "Ce type de fichier n'est pas accepté. Formats acceptés : PDF, ZIP, PNG.",
    ],
    [
      'a file past the maximum size',
      file('gros.pdf', 'application/pdf', 50 * MiB + 1),
      'Le fichier est trop volumineux : la taille maximale est de 50 Mo.',
    ],
    ['an empty file', file('vide.pdf', 'application/pdf', 0), 'Le fichier est vide'],
  ])('%s', (_case, picked, expected) => {
    expect(refusalOf(picked, DOCUMENTS)).toBe(expected);
  });

  it('accepts a file of exactly the maximum size', () => {
    expect(refusalOf(file('juste.pdf', 'application/pdf', 50 * MiB), DOCUMENTS)).toBeNull();
  });
});

describe('what a field accepts', () => {
  it('lists MIME types and extensions for the picker, formats and size for the hint', () => {
    expect(acceptOf(DOCUMENTS)).toBe('application/pdf,application/zip,image/png,.pdf,.zip,.png');
    expect(acceptedText({ ...DOCUMENTS, maxSize: 1.5 * MiB })).toEqual({ formats: 'PDF, ZIP, PNG', maxSize: '1,5 Mo' });
  });
});
