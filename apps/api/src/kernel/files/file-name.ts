import { MIME_EXTENSIONS } from '@reseau/contracts';

const MAX_BASE_LENGTH = 150;

/**
 * The name a file is stored and downloaded under: no path (some browsers send one), no control
 * or invisible formatting characters (U+202E would show "gpj.exe" as "exe.jpg"), none of the
 * characters Windows refuses, no leading dot, accents kept. The extension is the one the
 * detected type allows: a PNG named "photo.exe" is saved as "photo.png".
 */
export function sanitizeFileName(raw: string | undefined, mimeType: string): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '');
  name = name.replace(/[<>:"|?*]/g, '_');
  name = name.replace(/\s+/g, ' ').replace(/^[\s.]+|[\s.]+$/g, '');

  const allowed = MIME_EXTENSIONS[mimeType] ?? [];
  // Something that looks like an extension (with a letter: "2024.12" is not one) is replaced
  // when the type does not allow it.
  const match = /^(.+)\.((?=\p{N}*\p{L})[\p{L}\p{N}]{1,8})$/u.exec(name);
  const givenExt = match?.[2]?.toLowerCase() ?? '';
  const ext = allowed.includes(givenExt) ? givenExt : allowed[0];
  let base = match ? match[1]! : name;
  base =
    [...base]
      .slice(0, MAX_BASE_LENGTH)
      .join('')
      .replace(/[\s.]+$/g, '') || 'fichier';
  return ext ? `${base}.${ext}` : base;
}

/** RFC 5987 / RFC 8187 value: percent-encoded UTF-8, safe in any HTTP header. */
export function encodeHeaderValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment` with an ASCII fallback (accents dropped) and the exact UTF-8 name. */
export function contentDisposition(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeHeaderValue(name)}`;
}
