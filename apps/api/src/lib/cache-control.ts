import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * API answers carry tokens or personal data: no browser or proxy keeps them unless the route
 * says otherwise (an agency's public picture). Errors are answered the same way.
 * A callback hook, not an async one: it runs on every answer, and a promise per hook per request
 * is a measurable share of a cached read's cost (decisions.md, API hot path).
 */
export function noStoreByDefault(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  done(null, payload);
}
