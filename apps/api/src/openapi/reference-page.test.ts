import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import { REFERENCE_PAGE_CSP } from './reference-page.js';

const t = await buildTestApp({}, { modules: ['imports'] });
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/docs, the readable reference of the API', () => {
  it('answers an HTML page to anyone, under its own strict policy', async () => {
    const res = await get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(REFERENCE_PAGE_CSP);
    expect(REFERENCE_PAGE_CSP).toContain("script-src 'self';");
    expect(REFERENCE_PAGE_CSP).not.toContain('unsafe');
    expect(res.body).toContain('<div id="swagger-ui"></div>');
  });

  it('loads only same-origin scripts and styles, none of them inline, each served from the package', async () => {
    const html = (await get('/api/docs')).body;
    const urls = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map(([, url]) => url!);
    expect(urls).toHaveLength(3);
    expect([...html.matchAll(/<script\b[^>]*>/g)].every(([tag]) => tag.includes(' src="'))).toBe(true);
    expect(html).not.toMatch(/<style|\sstyle=/);
    for (const url of urls) {
      expect(url, url).toMatch(/^\/api\/docs\/assets\/[\w.-]+\?v=[\w.]+$/);
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/(css|javascript); charset=utf-8$/);
      expect(res.headers['cache-control'], url).toContain('immutable');
      expect(res.body.length, url).toBeGreaterThan(100);
    }
  });

  it("starts Swagger UI on the platform's own document, without the public validator", async () => {
    const html = (await get('/api/docs')).body;
    const start = /src="([^"]*start\.js[^"]*)"/.exec(html)![1]!;
    const script = (await get(start)).body;
    expect(script).toContain("url: '/api/docs/json'");
    expect(script).toContain('validatorUrl: null');
    expect((await get('/api/docs/json')).statusCode).toBe(200);
  });

  it('serves no other file of the package, nor anything beside it', async () => {
    for (const url of [
      '/api/docs/assets/index.html',
      '/api/docs/assets/swagger-ui-bundle.js.map',
      '/api/docs/assets/../package.json',
      '/api/docs/assets/%2e%2e%2fpackage.json',
      '/api/docs/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('not_found');
    }
  });
});
