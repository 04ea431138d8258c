import type { FastifyServerOptions } from 'fastify';

/**
 * The request URL as the log shows it: mailed-link tokens (`/clients/{token}:close-…`,
 * `/admins/{token}/close-password-reset`, `?token=…`) and search keys (`?key=…`) are secrets, so they
 * are masked. Anything else stays readable.
 */
export function loggableUrl(url: string): string {
  return (
    url
      // A path segment that is (or starts with) one of our opaque tokens (43 base64url characters).
      .replace(/\/[A-Za-z0-9_-]{32,}(?=[:/?]|$)/g, '/***')
      .replace(/([?&](?:token|key)=)[^&#]*/gi, '$1***')
  );
}

/** The server's pino options: no bearer, no password, no mailed token in any line. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.body.password'],
    serializers: {
      req: (req) => ({ method: req.method, url: loggableUrl(req.url), remoteAddress: req.ip }),
    },
  };
}
