import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDirectLocalCaller } from '../../lib/local-caller.js';

/**
 * The demo's conveniences (the outbox, the journeys' fixtures) answer a caller on this machine
 * only (lib/local-caller.ts). Anyone else gets the plain 404, as if the route did not exist.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!isDirectLocalCaller(request)) return reply.callNotFound();
}
