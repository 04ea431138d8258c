import { deflateSync } from 'node:zlib';

/**
 * Illustrations for the demo content, drawn as PNG without an image library: a diagonal gradient
 * between two colours with a few soft discs, so that each category has its own look. Same input,
 * same bytes.
 */

type Rgb = readonly [number, number, number];

export interface Illustration {
  width: number;
  height: number;
  from: Rgb;
  to: Rgb;
  /** Discs as fractions of the width and height, with their opacity (0 to 1) of white. */
  discs: ReadonlyArray<{ x: number; y: number; r: number; alpha: number }>;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A picture as PNG bytes (8-bit RGB, no interlace), each pixel's colour given by `colourAt`. */
export function pngOf(width: number, height: number, colourAt: (x: number, y: number) => readonly number[]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let offset = 0;
  for (let y = 0; y < height; y++) {
    raw[offset++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      for (const v of colourAt(x, y)) raw[offset++] = Math.round(v);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The picture as PNG bytes. */
export function illustrationPng(picture: Illustration): Buffer {
  const { width, height, from, to, discs } = picture;
  const placed = discs.map((d) => ({ cx: d.x * width, cy: d.y * height, r: d.r * Math.min(width, height), alpha: d.alpha }));
  return pngOf(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    let rgb = from.map((f, i) => f + ((to[i] ?? f) - f) * t);
    for (const d of placed) {
      const distance = Math.hypot(x - d.cx, y - d.cy);
      if (distance > d.r) continue;
      // A soft edge over the last 30 % of the radius.
      const a = d.alpha * Math.min(1, (d.r - distance) / (d.r * 0.3));
      rgb = rgb.map((v) => v + (255 - v) * a);
    }
    return rgb;
  });
}
