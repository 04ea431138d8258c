import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The security headers of every response, computed once with helmet at start. (Its Fastify
 * plugin rebuilds the helmet middleware, CSP parsing included, on every request: measured at
 * about a third of a bare request's cost.) A route may still set its own header after this,
 * e.g. the sandbox pages' CSP. `inlineScripts`: the hashes of the web app's inline scripts
 * (inlineScriptHashes), the only scripts allowed besides the platform's own files.
 */
export function securityHeaders(inlineScripts: string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https:'],
      },
    },
  })({} as IncomingMessage, res, () => {});
  return headers;
}

/**
 * The CSP sources ('sha256-…') of the inline scripts of a page: the built index.html starts
 * fetching the first screen's code from one (apps/web/build/route-preload.ts).
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}
