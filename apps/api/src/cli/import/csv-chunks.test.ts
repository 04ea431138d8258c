import { describe, expect, it } from 'vitest';
import { csvItems } from '../../modules/imports/csv.js';
import { type CsvChunk, type CsvChunkLimits, csvChunks } from './csv-chunks.js';

/** The text handed over in pieces of `size` characters, as a read stream does. */
async function* pieces(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function cut(text: string, limits: Partial<CsvChunkLimits> = {}, size = 7): Promise<CsvChunk[]> {
  const chunks: CsvChunk[] = [];
  for await (const chunk of csvChunks(pieces(text, size), { maxItems: 2, maxBytes: 1_000_000, ...limits })) chunks.push(chunk);
  return chunks;
}

/** What the server makes of each body, put end to end: it must be what it makes of the whole file. */
const itemsOf = (chunks: CsvChunk[]) => chunks.flatMap((c) => csvItems(c.text, 'client'));

const FILE = [
  'externalRef;email;firstName;lastName',
  'K1;a@test.fr;Léa;Roy',
  '"K2";b@test.fr;"Jean;Pierre";"Dupont',
  'de la Tour"',
  'K3;c@test.fr;"Il dit ""oui""";Martin',
  '',
  'K4;d@test.fr;Ana;"Sur',
  '',
  'trois lignes"',
  'K5;e@test.fr;Éloi;Blanc',
].join('\r\n');

describe('csvChunks: the CSV cut into bodies of the import call', () => {
  it('cuts after maxItems records, repeats the header, and the server reads the same items as from the whole file', async () => {
    for (const size of [1, 2, 3, 7, 64, 10_000]) {
      const chunks = await cut(FILE, {}, size);
      expect(chunks.map((c) => c.lines)).toEqual([[2, 3], [5, 7], [10]]);
      for (const chunk of chunks) expect(chunk.text.startsWith('externalRef;email;firstName;lastName\r\n')).toBe(true);
      expect(itemsOf(chunks)).toEqual(csvItems(FILE, 'client'));
    }
  });

  it('keeps a quoted line break inside its record, whatever the line endings (\\n, \\r\\n, \\r)', async () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const text = ['externalRef,firstName', 'A,"un', 'deux"', 'B,trois', 'C,"quatre""', 'cinq"', 'D,six'].join(eol);
      const chunks = await cut(text, { maxItems: 3 }, 3);
      expect(chunks.map((c) => c.lines)).toEqual([[2, 4, 5], [7]]);
      expect(itemsOf(chunks)).toEqual(csvItems(text, 'client'));
      expect((itemsOf(chunks)[0] as { firstName: string }).firstName).toBe(`un${eol}deux`);
    }
  });

  it('skips blank lines as the server does and counts them in the line numbers; ignores a BOM', async () => {
    const text = '\uFEFFexternalRef;firstName\n\nA;x\n;\n\nB;y\n\n';
    const chunks = await cut(text, { maxItems: 5000 });
    // `;` is a record of two empty fields: the server keeps it (an item with no field).
    expect(chunks.map((c) => c.lines)).toEqual([[3, 4, 6]]);
    expect(itemsOf(chunks)).toEqual(csvItems(text, 'client'));
  });

  it('keeps a last record without a line break, and a quote that opens mid-field is text', async () => {
    const text = 'externalRef,firstName\nA,a"b\nB,"c"';
    const chunks = await cut(text, { maxItems: 1 }, 1);
    expect(chunks.map((c) => c.lines)).toEqual([[2], [3]]);
    expect(itemsOf(chunks)).toEqual([
      { externalRef: 'A', firstName: 'a"b', type: 'client' },
      { externalRef: 'B', firstName: 'c', type: 'client' },
    ]);
  });

  it('cuts before a body would pass maxBytes, and tells how far in the file each body goes', async () => {
    const text = `\uFEFFh\n${'a'.repeat(10)}\n${'b'.repeat(10)}\n\n${'c'.repeat(10)}\n`;
    const chunks = await cut(text, { maxItems: 5000, maxBytes: 2 + 22 });
    expect(chunks.map((c) => c.lines)).toEqual([[2, 3], [5]]);
    // BOM (3 bytes) and header (2), then 11 bytes a record, the blank line (1) before the last.
    expect(chunks.map((c) => c.bytesThrough)).toEqual([3 + 2 + 22, 3 + 2 + 22 + 1 + 11]);
    expect(chunks.at(-1)?.bytesThrough).toBe(Buffer.byteLength(text));
  });

  it('gives nothing for a file of a header only, or an empty file', async () => {
    expect(await cut('externalRef;email\n')).toEqual([]);
    expect(await cut('')).toEqual([]);
  });
});
