import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper.js';

// A build as `vite build` leaves it: hashed assets with their .br and .gz copies, a public file.
const dist = mkdtempSync(join(tmpdir(), 'reseau-web-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
mkdirSync(join(dist, 'assets'));
// The build's inline script (apps/web/build/route-preload.ts) starts the first screen's downloads.
const inlineScript = '(function(m){console.log(m)})({})';
const page = `<!doctype html><title>Réseau</title><script>${inlineScript}</script>`;
writeFileSync(join(dist, 'index.html'), page);
writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(page));
writeFileSync(join(dist, 'index.html.gz'), gzipSync(page));
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(dist, 'assets/index-AbC123.js'), script);
writeFileSync(join(dist, 'assets/index-AbC123.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets/index-AbC123.js.gz'), gzipSync(script));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const t = await buildTestApp({ WEB_DIST_DIR: dist });
const asset = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/assets/index-AbC123.js',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('the built web app', () => {
  it('sends a hashed asset brotli-compressed, kept for a year, when the browser accepts brotli', async () => {
    const res = await asset('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file, with the same caching', async () => {
    const gzipped = await asset('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [gzipped, plain]) expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has every screen and unhashed file checked on each use, so a release shows at the next load', async () => {
    const screen = await t.app.inject({ method: 'GET', url: '/intranet/users' });
    expect(screen.statusCode).toBe(200);
    expect(screen.headers['content-type']).toContain('text/html');
    expect(screen.headers['cache-control']).toBe('no-cache');
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it("gives a build file the subresource's security headers, and a screen the page's", async () => {
    const res = await asset('br');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    // A policy of scripts and frames means nothing on a script file: not sent with each one.
    expect(res.headers['content-security-policy']).toBeUndefined();
    const screen = await t.app.inject({ method: 'GET', url: '/intranet/users' });
    expect(screen.headers['content-security-policy']).toContain("default-src 'self'");
    expect(screen.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers a missing asset with a 404, not the page: an old release asking for its chunks fails fast', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-Zz9.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('sends the page compressed when the browser takes it, checked on each use', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/intranet', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page);
    const gz = await t.app.inject({ method: 'GET', url: '/intranet', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(page);
    const plain = await t.app.inject({ method: 'GET', url: '/intranet' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
  });

  it("allows the page's own inline script by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/extranet/contract/4' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    expect(scriptSrc?.trim().split(/\s+/)).toEqual(['script-src', "'self'", `'sha256-${hash}'`]);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
