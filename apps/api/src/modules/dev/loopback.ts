import type { FastifyReply, FastifyRequest } from 'fastify';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
const isLoopback = (address: string | undefined) => !!address && (address === '::1' || /^(::ffff:)?127\./.test(address));

/**
 * The demo's conveniences (the outbox, the journeys' fixtures) answer a caller on this machine
 * only: the socket's peer, never `request.ip`, which a trusted proxy's X-Forwarded-For decides.
 * Anyone else gets the plain 404, as if the route did not exist.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply) {
  // A forwarding header means a proxy on this machine relays someone else.
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (proxied || !isLoopback(request.socket.remoteAddress)) return reply.callNotFound();
}
