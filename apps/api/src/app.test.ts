import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper.js';

const t = await buildTestApp();

describe('platform routes', () => {
  it('GET /api/health answers with the database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it("every API answer carries the API's security headers: inert if opened as a page, framed only by the platform", async () => {
    for (const url of ['/api/health', '/api/nope', '/api', '/api?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it("the web app's paths carry the page's security headers, even where they start like the API's", async () => {
    for (const url of ['/intranet', '/apis', '/api-docs']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('an unknown /api path answers 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
  });

  it('a malformed JSON body is a 400, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('publishes the OpenAPI document with the spec paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/auth/admin', '/api/auth/client', '/api/auth/refresh', '/api/roles', '/api/health']) {
      expect(paths.some((x) => x === p || x === p.replace('/api', ''))).toBe(true);
    }
  });

  it('/ goes to the extranet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/extranet');
  });
});

describe('server process', () => {
  it('starts on a fresh embedded database, then stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reseau-server-'));
    const port = 3900 + Math.floor(Math.random() * 90);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        PGLITE_DIR: join(dir, 'pglite'),
        FILES_DIR: join(dir, 'files'),
        LOG_LEVEL: 'warn',
        DEMO_MODE: 'true',
        SEED_DEMO: 'false',
        DATABASE_URL: '',
      },
      stdio: 'pipe',
    });
    try {
      let health: Response | undefined;
      // Generous: a loaded CI machine runs other PGlite suites beside this one.
      for (let i = 0; i < 300 && !health; i++) {
        await new Promise((r) => setTimeout(r, 200));
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      }
      expect(health?.status).toBe(200);
      const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses to start on an invalid configuration, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, PORT: 'quatre-vingt' },
      stdio: 'pipe',
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Configuration invalide');
    expect(stderr).toContain('PORT');
  }, 30_000);
});
