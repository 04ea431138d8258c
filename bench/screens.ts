import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { demoCustomerContract, signIn, startBenchServer, storedTokens, WEB_DIST } from './server.js';
import { CHROME_ARGS, PHONE, profileContext } from './web.js';

/*
 * Time to usable of every screen of the menus (issue 25): from the navigation's start to the
 * screen's content on the page, with nothing left loading. The bench's LCP does not see it: a
 * skeleton or the shell's header can be the largest paint while the screen's data is still on its
 * way. Budgets: a page opened cold, < 1 s on desktop and < 2.5 s on the phone profile; a screen
 * opened from the menu of a screen already on the page (the app's own navigation), < 300 ms.
 */
const USABLE_BUDGET = { desktop: 1000, phone: 2500 } as const;
const NAVIGATION_BUDGET_MS = 300;
/** Loads per screen and profile; the median is printed (each run is a fresh browser context). */
const RUNS = Number(process.env.BENCH_SCREENS_RUNS ?? 1);
/** How long the screen must stay usable (no request, no skeleton) for its load to be over. */
const QUIET_MS = 500;

type Profile = keyof typeof USABLE_BUDGET;

/**
 * Kept by the page from its start, on every frame: whether the screen is usable (its main region
 * holds a title, no skeleton, loader or busy region in view, and no API request is in flight), and the
 * moment it last became so (images excepted: they hold their place). A navigation's time is that
 * moment less the navigation's start.
 */
const PROBE = `(() => {
  let inFlight = 0;
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // A file (an image, a preview) shows its own placeholder: the screen is usable without it. The
    // live events' stream (issue 31 §2) stays open for as long as the page: it is never "loading".
    const api = url.includes('/api/') && !url.includes('/api/files/') && !url.includes('/api/live-events');
    if (api) inFlight += 1;
    return originalFetch(input, init).finally(() => { if (api) inFlight -= 1; });
  };
  const probe = { since: null, start: 0, path: null };
  window.__probe = probe;
  const usable = () => {
    if (probe.path !== null && location.pathname !== probe.path) return false;
    if (inFlight > 0) return false;
    const main = document.querySelector('main');
    if (!main || !main.querySelector('h1, h2')) return false;
    if (document.querySelector('.boot')) return false;
    // What is below the fold loads when scrolled to (the dashboard's map): the first screen counts.
    const loading = main.querySelectorAll('.mantine-Skeleton-root, .mantine-Loader-root, [aria-busy="true"]');
    for (const element of loading) {
      const box = element.getBoundingClientRect();
      if (box.bottom > 0 && box.top < innerHeight && box.width > 0) return false;
    }
    return true;
  };
  // The moment is read when the frame's callbacks run, just before its paint: not the frame's own
  // timestamp, which is when the frame began, and can be before a long task that rendered the screen.
  const tick = () => {
    if (usable()) { if (probe.since === null) probe.since = performance.now(); } else probe.since = null;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

interface ProbeState {
  since: number | null;
  start: number;
  path: string | null;
}

/** Waits until the screen has been usable for QUIET_MS, and answers how long it took to become so. */
async function usableAfter(page: Page, timeoutMs = 30_000): Promise<number> {
  // The time is read in the same check that finds the screen usable: read by a second call, a
  // screen that became busy again in between (the map's panel loading) answered no time at all.
  const time = await page.waitForFunction(
    (quiet) => {
      const p = (window as unknown as { __probe: ProbeState }).__probe;
      return p.since !== null && performance.now() - p.since >= quiet ? { ms: p.since - p.start } : null;
    },
    QUIET_MS,
    { timeout: timeoutMs, polling: 100 },
  );
  return ((await time.jsonValue()) as { ms: number }).ms;
}

interface Screen {
  area: 'intranet' | 'extranet';
  path: string;
}

const newContext = (browser: Browser, profile: Profile, storage: Record<string, string>) =>
  profileContext(browser, profile, storage, PROBE);

async function throttle(context: BrowserContext, page: Page, profile: Profile) {
  if (profile !== 'phone') return;
  const cdp = await context.newCDPSession(page);
  const { cpu, ...network } = PHONE;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}

/** A cold load (new context) then a warm one (same context, cache filled) of one screen. */
async function loadTimes(browser: Browser, base: string, storage: Record<string, string>, screen: Screen, profile: Profile) {
  const context = await newContext(browser, profile, storage);
  const page = await context.newPage();
  await throttle(context, page, profile);
  const visit = async () => {
    await page.goto(`${base}${screen.path}`);
    return usableAfter(page);
  };
  const cold = await visit();
  const warm = await visit();
  await context.close();
  return { cold, warm };
}

/** From the dashboard of the area, each screen opened by a click on its link, as a user would. */
async function navigationTimes(browser: Browser, base: string, storage: Record<string, string>, home: string, paths: string[]) {
  const context = await newContext(browser, 'desktop', storage);
  const page = await context.newPage();
  const times = new Map<string, number>();
  for (const path of paths) {
    await page.goto(`${base}${home}`);
    await usableAfter(page);
    await page.evaluate((path) => {
      const link = document.querySelector<HTMLAnchorElement>(`a[href="${path}"]`);
      if (!link) throw new Error(`no link to ${path}`);
      const p = (window as unknown as { __probe: ProbeState }).__probe;
      p.path = new URL(path, location.href).pathname;
      p.since = null;
      p.start = performance.now();
      link.click();
    }, path);
    times.set(path, await usableAfter(page));
  }
  await context.close();
  return times;
}

/** The path of the first link matching `selector` on `home` once it is usable. */
async function firstLink(browser: Browser, base: string, storage: Record<string, string>, home: string, selector: string) {
  const context = await newContext(browser, 'desktop', storage);
  const page = await context.newPage();
  await page.goto(`${base}${home}`);
  await usableAfter(page);
  const href = await page.locator(selector).first().getAttribute('href');
  await context.close();
  if (!href) throw new Error(`no ${selector} on ${home}`);
  return href;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

/**
 * The intranet menu's paths as the demo's super administrator sees them, and what that first visit
 * leaves in the browser (the permissions, the agency it acts for).
 */
async function intranetMenu(browser: Browser, base: string) {
  const menu = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await menu.addInitScript(
    (s) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    },
    storedTokens(await signIn(base, 'admin', 'admin@demo.fr')),
  );
  const menuPage = await menu.newPage();
  await menuPage.goto(`${base}/intranet`);
  await menuPage.locator('nav a[href^="/intranet/"]').first().waitFor();
  await menuPage.waitForFunction(
    () => localStorage.getItem('reseau.currentAgency') && localStorage.getItem('reseau.permissions'),
  );
  const intranetPaths = await menuPage.$$eval('nav a[href^="/intranet"]', (links) => [
    ...new Set(links.map((a) => new URL((a as HTMLAnchorElement).href).pathname)),
  ]);
  const kept = await menuPage.evaluate(() => ({
    'reseau.currentAgency': localStorage.getItem('reseau.currentAgency') ?? '',
    'reseau.permissions': localStorage.getItem('reseau.permissions') ?? '',
  }));
  await menu.close();
  return { intranetPaths, kept };
}

export async function runScreensBench(): Promise<string[]> {
  if (!existsSync(`${WEB_DIST}/index.html`)) return ['ÉCRANS non mesurés : lancez `npm run build -w apps/web` d’abord.'];
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chrome)) return [`ÉCRANS non mesurés : Chromium introuvable (${chrome}).`];
  const { app, base, database, drop } = await startBenchServer('pglite', { web: true });
  const browser = await chromium.launch({ executablePath: chrome, args: CHROME_ARGS });
  const lines: string[] = [];
  // Each line also printed as it comes: a long run shows its progress.
  const print = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  try {
    const customer = await signIn(base, 'client', 'client@demo.fr');
    const contract = await demoCustomerContract(base, customer);
    // The intranet's screens are its menu's, as the demo's super administrator sees it. Its first
    // visit also gives what a signed-in browser keeps between visits (the permissions, the agency
    // it acts for), which every later load starts with.
    const tokens = storedTokens;
    const { intranetPaths, kept } = await intranetMenu(browser, base);
    // A session of its own for each browser context: a screen that renews its session (personal
    // info, spec 03 §7) retires the refresh token the next context would have used.
    const storageOf = {
      intranet: async () => ({ ...tokens(await signIn(base, 'admin', 'admin@demo.fr')), ...kept }),
      extranet: async () => ({
        ...tokens(await signIn(base, 'client', 'client@demo.fr')),
        'reseau.currentAgency': JSON.stringify({ id: contract.agencyId, name: '' }),
      }),
    };
    const screens: Screen[] = [
      ...intranetPaths.map((path) => ({ area: 'intranet' as const, path })),
      ...['/extranet', '/extranet/faq', '/extranet/personal-info', `/extranet/contract/${contract.id}`].map((path) => ({
        area: 'extranet' as const,
        path,
      })),
    ];
    const only = process.env.BENCH_SCREENS?.split(',');
    const profiles = (process.env.BENCH_WEB_PROFILES?.split(',') ?? ['desktop', 'phone']) as Profile[];
    const worst = { desktop: 0, phone: 0, navigation: 0 };
    for (const screen of screens.filter((s) => !only || only.includes(s.path))) {
      for (const profile of profiles) {
        console.log(`Écran ${screen.path} (${profile}, ${RUNS} fois)…`);
        const runs = [];
        for (let i = 0; i < RUNS; i += 1)
          runs.push(await loadTimes(browser, base, await storageOf[screen.area](), screen, profile));
        const cold = median(runs.map((r) => r.cold));
        const warm = median(runs.map((r) => r.warm));
        worst[profile] = Math.max(worst[profile], cold);
        const budget = USABLE_BUDGET[profile];
        print(
          `ÉCRAN ${screen.path.padEnd(32)} ${profile.padEnd(7)}: utilisable en ${cold.toFixed(0).padStart(5)} ms à froid ${mark(cold < budget)}, ${warm.toFixed(0).padStart(5)} ms à chaud ${mark(warm < budget)} (budget < ${budget} ms)`,
        );
      }
    }
    // The in-app navigations: the intranet's menu entries from its dashboard; in the extranet, the
    // first contract its home links to (its other screens are in the header's menus).
    const navigations = {
      intranet: screens.filter((s) => s.area === 'intranet' && s.path !== '/intranet').map((s) => s.path),
      extranet: [
        await firstLink(
          browser,
          base,
          await storageOf.extranet(),
          '/extranet',
          'a[href^="/extranet/contract/"]:not([href*="?"])',
        ),
      ],
    };
    for (const area of ['intranet', 'extranet'] as const) {
      const home = `/${area}`;
      const targets = navigations[area].filter((path) => !only || only.includes(path));
      console.log(`Navigations de ${area} (${targets.length})…`);
      const times = await navigationTimes(browser, base, await storageOf[area](), home, targets);
      for (const [path, ms] of times) {
        worst.navigation = Math.max(worst.navigation, ms);
        print(
          `ÉCRAN ${path.padEnd(32)} navigation : ${ms.toFixed(0).padStart(5)} ms depuis ${home} (budget < ${NAVIGATION_BUDGET_MS} ms) ${mark(ms < NAVIGATION_BUDGET_MS)}`,
        );
      }
    }
    print(
      `ÉCRANS pire cas : ${worst.desktop.toFixed(0)} ms froid desktop (< ${USABLE_BUDGET.desktop}) ${mark(worst.desktop < USABLE_BUDGET.desktop)}, ${worst.phone.toFixed(0)} ms froid téléphone (< ${USABLE_BUDGET.phone}) ${mark(worst.phone < USABLE_BUDGET.phone)}, ${worst.navigation.toFixed(0)} ms navigation (< ${NAVIGATION_BUDGET_MS}) ${mark(worst.navigation < NAVIGATION_BUDGET_MS)}`,
    );
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    await drop();
  }
  return lines;
}
