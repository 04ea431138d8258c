import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page, type Request } from '@playwright/test';
import { demoCustomerContract, signIn, startBenchServer, storedTokens, WEB_DIST } from './server.js';

const LOGIN_BUDGET_KB = 150;
/** LCP budgets of ARCHITECTURE.md, in milliseconds. */
const LCP_BUDGET = { desktop: 1000, phone: 2500 } as const;
/** Each load is measured this many times; the median is printed. */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);

/** The mid phone of issue 12: 150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU four times slower. */
export const PHONE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 };
type Profile = keyof typeof LCP_BUDGET;

export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Opens `url` and settles once the network has been quiet for 500 ms, as Playwright's `networkidle`
 * does, but without counting the live events' stream (issue 31 §2): it stays open for as long as
 * the page, so `networkidle` never came on a signed-in screen.
 */
export async function gotoQuiet(page: Page, url: string) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const counted = (request: Request) => !request.url().includes('/api/live-events');
  const started = (request: Request) => {
    if (counted(request)) inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.goto(url, { waitUntil: 'load' });
    while (inFlight.size > 0 || Date.now() - lastChange < 500) await new Promise((wake) => setTimeout(wake, 50));
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** The JavaScript a route loads in Chromium, gzipped file by file as the budget counts it. */
async function jsLoadedBy(browser: Browser, url: string) {
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  });
  await gotoQuiet(page, url);
  await page.close();
  let gz = 0;
  for (const s of scripts) gz += gzipSync(readFileSync(join(WEB_DIST, s))).length;
  return { count: scripts.size, kb: gz / 1024 };
}

/** What a screen needs before its load is measured: a signed-in session, and the element it waits for. */
interface Screen {
  name: string;
  path: string;
  /** Written into localStorage before the app starts (the tokens, as the login screen stores them). */
  storage: Record<string, string>;
  /** The screen's main content: the load is over once it is visible and the network is quiet. */
  ready: (page: Page) => Promise<void>;
}

/**
 * A browser context of `profile`'s screen whose pages start with `storage` in localStorage (a
 * signed-in session) and run `script` before the app.
 */
export async function profileContext(
  browser: Browser,
  profile: 'desktop' | 'phone',
  storage: Record<string, string>,
  script: string,
) {
  const context = await browser.newContext({
    viewport: profile === 'phone' ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    locale: 'fr-FR',
  });
  await context.addInitScript(
    ({ storage, script }) => {
      for (const [k, v] of Object.entries(storage)) localStorage.setItem(k, v);
      new Function(script)();
    },
    { storage, script },
  );
  return context;
}

// Kept by the page from its start: the last LCP candidate is the LCP once the page is loaded.
const LCP_OBSERVER = `new PerformanceObserver((list) => {
  const entries = list.getEntries();
  window.__lcp = entries[entries.length - 1].startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

/** One cold load then one warm load (same browser context, cache filled) of a screen. */
async function measureScreen(browser: Browser, base: string, screen: Screen, profile: Profile) {
  const context = await profileContext(browser, profile, screen.storage, LCP_OBSERVER);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (profile === 'phone') {
    const { cpu, ...network } = PHONE;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  }
  let requests = 0;
  let bytes = 0;
  // Only what reaches the network counts as a request: a file from the cache costs no round trip.
  cdp.on('Network.loadingFinished', (e) => {
    if (e.encodedDataLength > 0) requests += 1;
    bytes += e.encodedDataLength;
  });
  const visit = async () => {
    requests = 0;
    bytes = 0;
    // The screen is checked once the load is over: Playwright's element queries run in the page,
    // and polling for the element during the load took the main thread from it (about 100 ms on
    // the phone's slowed CPU), which no user pays.
    await gotoQuiet(page, `${base}${screen.path}`);
    await screen.ready(page);
    // The network can be quiet before the screen is painted (its answers came with its code): the
    // LCP is read once two frames have been presented after the element appeared, not before its
    // paint (which would leave the boot screen's logo as the LCP).
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))),
    );
    const lcp = await page.evaluate(() => (window as unknown as { __lcp?: number }).__lcp ?? Number.NaN);
    return { lcp, requests, kb: bytes / 1024 };
  };
  const cold = await visit();
  const warm = await visit();
  await context.close();
  return { cold, warm };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function screensOf(base: string): Promise<Screen[]> {
  const staff = await signIn(base, 'admin', 'admin@demo.fr');
  const customer = await signIn(base, 'client', 'client@demo.fr');
  const contract = await demoCustomerContract(base, customer);
  const tokens = storedTokens;
  return [
    {
      name: 'connexion',
      path: '/intranet/login',
      storage: {},
      ready: (page) => page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor(),
    },
    {
      name: 'tableau de bord',
      path: '/intranet',
      storage: tokens(staff),
      ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
    },
    {
      name: 'contrat',
      path: `/extranet/contract/${contract.id}`,
      // The customer has several agencies: the one of the contract is the current one.
      storage: { ...tokens(customer), 'reseau.currentAgency': JSON.stringify({ id: contract.agencyId, name: '' }) },
      ready: (page) => page.getByText("Contrat d'entretien n°").first().waitFor(),
    },
  ];
}

function lcpLine(screen: string, profile: Profile, cache: string, runs: Array<{ lcp: number; requests: number; kb: number }>) {
  const lcp = median(runs.map((r) => r.lcp));
  const ok = lcp <= LCP_BUDGET[profile];
  return `WEB  LCP ${screen.padEnd(15)} ${profile.padEnd(7)} ${cache.padEnd(5)}: ${lcp.toFixed(0).padStart(5)} ms (budget < ${LCP_BUDGET[profile]} ms) ${ok ? '✓' : '✗'} ; ${median(runs.map((r) => r.requests))} requêtes, ${median(runs.map((r) => r.kb)).toFixed(1)} KB transférés`;
}

export async function runWebBench(): Promise<string[]> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) return ['WEB  non mesuré : lancez `npm run build -w apps/web` d’abord.'];
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chrome)) return [`WEB  non mesuré : Chromium introuvable (${chrome}).`];
  const { app, base, database, drop } = await startBenchServer('pglite', { web: true });
  const browser = await chromium.launch({ executablePath: chrome, args: CHROME_ARGS });
  const lines: string[] = [];
  try {
    for (const path of ['/extranet/login', '/intranet/login']) {
      const { count, kb } = await jsLoadedBy(browser, `${base}${path}`);
      lines.push(
        `WEB  ${path.padEnd(16)} : ${kb.toFixed(1)} KB gzip en ${count} fichiers JS (budget ≤ ${LOGIN_BUDGET_KB} KB) ${kb <= LOGIN_BUDGET_KB ? '✓' : '✗'}`,
      );
    }
    // BENCH_WEB_SCREENS, BENCH_WEB_PROFILES: only the screens and profiles named (`contrat,tableau de bord`, `phone`), to compare two builds quickly.
    const only = process.env.BENCH_WEB_SCREENS?.split(',');
    const profiles = process.env.BENCH_WEB_PROFILES?.split(',');
    for (const screen of (await screensOf(base)).filter((s) => !only || only.includes(s.name))) {
      for (const profile of (['desktop', 'phone'] as const).filter((p) => !profiles || profiles.includes(p))) {
        console.log(`LCP de ${screen.name} (${profile}, ${RUNS} fois)…`);
        const runs = [];
        for (let i = 0; i < RUNS; i += 1) runs.push(await measureScreen(browser, base, screen, profile));
        lines.push(
          lcpLine(
            screen.name,
            profile,
            'froid',
            runs.map((r) => r.cold),
          ),
        );
        lines.push(
          lcpLine(
            screen.name,
            profile,
            'chaud',
            runs.map((r) => r.warm),
          ),
        );
      }
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    await drop();
  }
  return lines;
}
