import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/**
 * The request URL as the log shows it: mailed-link tokens (`/clients/{token}:close-…`,
 * `/admins/{token}/close-password-reset`, `?token=…`) are secrets, so they are masked, and so is a
 * search key a stale client would still put in a URL (`?key=…`; it travels in `x-search-key`).
 * Anything else stays readable.
 */
export function loggableUrl(url: string): string {
  return (
    url
      // A path segment that is (or starts with) one of our opaque tokens (43 base64url characters).
      .replace(/\/[A-Za-z0-9_-]{32,}(?=[:/?]|$)/g, '/***')
      .replace(/([?&](?:token|key)=)[^&#]*/gi, '$1***')
  );
}

/** The server's pino options: no bearer, no search key, no password, no mailed token in any line. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers["x-search-key"]', 'req.body.password'],
    serializers: {
      req: (req) => ({ method: req.method, url: loggableUrl(req.url), remoteAddress: req.ip }),
    },
  };
}

/**
 * One line per request, when it ends (Fastify writes one when it comes in and one when it ends):
 * method, masked URL, status and time together, at `error` level when it failed.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) request.log.error({ ...line, err: error }, 'request failed');
    else request.log.info(line, 'request');
  }
}
