import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const dist = resolve(import.meta.dirname, '../apps/web/dist');
const LOGIN_BUDGET_KB = 150;

/** Serves the built app as the server would: a file when it exists, index.html otherwise. */
function serveDist() {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.svg': 'image/svg+xml',
  };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
    const file = join(dist, path);
    const target = file.startsWith(dist) && existsSync(file) && extname(file) ? file : join(dist, 'index.html');
    res.setHeader('content-type', types[extname(target)] ?? 'application/octet-stream');
    res.end(readFileSync(target));
  });
  return new Promise<{ url: string; close: () => void }>((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => server.close() }),
    ),
  );
}

/** The JavaScript a route loads in Chromium (API calls fail here: only the page's own code counts). */
async function jsLoadedBy(base: string, path: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await browser.close();
  let gz = 0;
  for (const s of scripts) gz += gzipSync(readFileSync(join(dist, s))).length;
  return { count: scripts.size, kb: gz / 1024 };
}

export async function runWebBench(): Promise<string[]> {
  if (!existsSync(join(dist, 'index.html'))) return ['WEB  non mesuré : lancez `npm run build -w apps/web` d’abord.'];
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chrome)) return [`WEB  non mesuré : Chromium introuvable (${chrome}).`];
  const server = await serveDist();
  const lines: string[] = [];
  for (const path of ['/extranet/login', '/intranet/login']) {
    const { count, kb } = await jsLoadedBy(server.url, path);
    lines.push(
      `WEB  ${path.padEnd(16)} : ${kb.toFixed(1)} KB gzip en ${count} fichiers JS (budget ≤ ${LOGIN_BUDGET_KB} KB) ${kb <= LOGIN_BUDGET_KB ? '✓' : '✗'}`,
    );
  }
  server.close();
  return lines;
}
