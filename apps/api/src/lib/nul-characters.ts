import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from './errors.js';

export const NUL_CHARACTER_MESSAGE = 'Ce champ contient un caractère non autorisé.';

/**
 * PostgreSQL text cannot hold U+0000: a NUL that reached a query failed it (a 500, and the
 * failed query in the log). Refused for every route before its schema runs, in the body, the
 * query string and the path, with the field's path as zod would name it (`a.b.0`).
 * A callback hook: it runs on every request (cache-control.ts says why not an async one).
 */
export function refuseNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const fields: Record<string, string[]> = {};
  for (const source of [request.params, request.query, request.body]) {
    for (const path of nulPaths(source)) fields[path || '_'] = [NUL_CHARACTER_MESSAGE];
  }
  done(Object.keys(fields).length > 0 ? errors.validation(fields, NUL_CHARACTER_MESSAGE) : undefined);
}

/** The paths of the strings (values or keys) holding a NUL. Iterative: a deeply nested body cannot overflow the stack. */
export function nulPaths(value: unknown): string[] {
  const found: string[] = [];
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push(path);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        // A NUL in a key is reported once, as the key's own path (without the NUL).
        if (key.includes('\u0000')) found.push(childPath.replaceAll('\u0000', ''));
        else pending.push([child, childPath]);
      }
    }
  }
  return found;
}
