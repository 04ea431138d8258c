import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * API answers carry tokens or personal data: no browser or proxy keeps them unless the route
 * says otherwise (an agency's public picture). Errors are answered the same way.
 */
export async function noStoreByDefault(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return payload;
}
