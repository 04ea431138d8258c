import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from './errors.js';

export const UNSTORABLE_CHARACTER_MESSAGE = 'Ce champ contient un caractère non autorisé.';

/**
 * A UTF-16 surrogate without its other half (`"\ud800"` in a JSON string): no character, so it
 * has no UTF-8 form. PostgreSQL's jsonb refuses its escape and `encodeURIComponent` throws, and a
 * text column would silently get U+FFFD instead. No `u` flag: the regex must see code units.
 */
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `search` ignores the `g` flag's state, so the one regex serves both finding and removing. */
const isUnstorable = (text: string) => text.includes('\u0000') || text.search(LONE_SURROGATES) !== -1;

/**
 * Characters PostgreSQL cannot store, refused for every route before its schema runs, in the
 * body, the query string and the path, with the field's path as zod would name it (`a.b.0`):
 * U+0000 (text cannot hold it: the query failed, a 500 with the query in the log) and lone
 * surrogates (above). A callback hook: it runs on every request (cache-control.ts says why not an
 * async one).
 */
export function refuseUnstorableCharacters(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const fields: Record<string, string[]> = {};
  for (const source of [request.params, request.query, request.body]) {
    for (const path of unstorablePaths(source)) fields[path || '_'] = [UNSTORABLE_CHARACTER_MESSAGE];
  }
  done(Object.keys(fields).length > 0 ? errors.validation(fields, UNSTORABLE_CHARACTER_MESSAGE) : undefined);
}

/**
 * The paths of the strings (values or keys) holding a NUL or a lone surrogate. Iterative: a
 * deeply nested body cannot overflow the stack.
 */
export function unstorablePaths(value: unknown): string[] {
  const found: string[] = [];
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (isUnstorable(current)) found.push(path);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        // A bad key is reported once, as the key's own path without the bad characters: the
        // answer is JSON, which must not carry them either.
        if (isUnstorable(key)) found.push(childPath.replaceAll('\u0000', '').replace(LONE_SURROGATES, ''));
        else pending.push([child, childPath]);
      }
    }
  }
  return found;
}
