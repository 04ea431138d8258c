import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The security headers of the web app's pages, computed once with helmet at start. (Its
 * Fastify plugin rebuilds the helmet middleware, CSP parsing included, on every request:
 * measured at about a third of a bare request's cost.) A route may still set its own header after this,
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
 * The headers of every /api response: what a JSON answer or a downloaded file needs, and no
 * more (OWASP's REST security cheat sheet). A browser never runs an API answer as a page, so the
 * page's policy (script, style, image sources) and the document-only headers (opener policy,
 * agent cluster, DNS prefetch, IE and Flash switches) would be bytes on every answer for
 * nothing: measured at a sixth of a bare request's cost (docs/decisions.md). `default-src
 * 'none'` makes an API answer opened as a page inert (no script, no style, no subresource);
 * `frame-ancestors 'self'` still lets the platform's own pages embed a PDF it serves. The HTML
 * pages under /api (sandboxes, dev mailbox) set their own policy.
 */
/** HTTPS only, for a year, subdomains included (helmet's value on the pages). */
const HSTS = 'max-age=31536000; includeSubDomains';

export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'strict-transport-security': HSTS,
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
});

/**
 * The headers of the web app's hashed build files (/assets/…: scripts, styles, fonts, images). A
 * content security policy governs documents, not the scripts and styles they load, so these
 * carry only what applies to a subresource: no MIME sniffing, no use by another site, HTTPS.
 * The page's full set was about 1 KB on each of the first load's dozens of files (a second of
 * the phone profile's bandwidth).
 */
export const ASSET_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': HSTS,
});

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
