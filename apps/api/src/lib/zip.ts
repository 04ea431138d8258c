import { crc32 } from 'node:zlib';

/** One file of a zip archive: its path inside the archive and its bytes. */
export interface ZipEntry {
  name: string;
  bytes: Buffer;
  modifiedAt: Date;
}

/** DOS date and time of the zip headers (local time fields, 2-second steps). */
function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** Zip's 32-bit fields: an archive past 4 GiB or 65 535 entries would need zip64, which this writer does not do. */
const ZIP32_LIMIT = 0xffff_ffff;
const MAX_ENTRIES = 0xffff;
/** General purpose flag bit 11: names are UTF-8 (accents in titles). */
const UTF8_NAMES = 0x0800;

/**
 * Writes a zip archive as its entries arrive: each entry is stored (PDFs are compressed
 * already) with its CRC computed from its bytes, so only one entry is in memory at a time and
 * the archive streams to the storage. Plain zip (no zip64): more than 65 535 entries or 4 GiB
 * throw, which a bounded period never reaches.
 */
export async function* zipStream(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    count += 1;
    if (count > MAX_ENTRIES) throw new Error('zip: too many entries');
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.bytes);
    const size = entry.bytes.length;
    const { time, day } = dosDateTime(entry.modifiedAt);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // made by: 2.0
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(UTF8_NAMES, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(day, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(size, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    // extra, comment, disk number, internal and external attributes stay 0
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    yield Buffer.concat([local, name]);
    yield entry.bytes;
    offset += local.length + name.length + size;
    if (offset > ZIP32_LIMIT) throw new Error('zip: archive too large');
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}
