import { crc32 } from 'node:zlib';

/**
 * Reads a zip archive made of stored entries (what `lib/zip.ts` writes): its central directory,
 * then each entry's bytes, whose CRC is checked. A test helper, so that a test opens the ZIP it
 * downloaded without an unzip tool or a library; a compressed entry throws.
 */
export function readStoredZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('zip: bad central header');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (method !== 0) throw new Error(`zip: ${name} is compressed`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const bytes = zip.subarray(start, start + size);
    if (crc32(bytes) !== crc) throw new Error(`zip: ${name} fails its CRC`);
    entries.set(name, bytes);
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}
