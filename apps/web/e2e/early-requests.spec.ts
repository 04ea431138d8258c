import { expect, test } from '@playwright/test';
import { signInStaffThroughApi } from './helpers';

// A page opened on a screen's address sends that screen's first GETs from the boot script at the
// top of index.html, before the app's code has arrived (app/early-paths.ts): the page's content
// security policy lets that script run, and the app takes the answers instead of asking again.

test('a reloaded screen asks for its data before its code has arrived, and once', async ({ page }) => {
  await signInStaffThroughApi(page, 'admin@demo.fr');
  await page.goto('/intranet');
  await expect(page.locator('main h1, main h2').first()).toBeVisible();

  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sent.push(`${url.pathname}${url.search}`);
  });
  // The app's entry comes late, as on a slow phone; what was asked for before it came is noted.
  let beforeTheCode: string[] | null = null;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await expect.poll(() => sent.includes('/api/forums')).toBe(true);
    beforeTheCode = [...sent];
    await route.continue();
  });
  await page.goto('/intranet/forum');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Forum/ }).first()).toBeVisible();

  expect(beforeTheCode).toEqual(expect.arrayContaining(['/api/roles', '/api/agencies', '/api/forums']));
  expect(sent.filter((url) => url === '/api/forums')).toHaveLength(1);
  expect(sent.filter((url) => url === '/api/roles')).toHaveLength(1);
  // The app took them over: the boot script's list is emptied as the client starts.
  expect(await page.evaluate(() => (window as unknown as { __reseauBootGets?: unknown[] }).__reseauBootGets)).toEqual([]);
  expect(refused).toEqual([]);
});

test("a screen's first paint holds the menu, and the header's controls' place is kept", async ({ page }) => {
  await signInStaffThroughApi(page, 'admin@demo.fr');
  await page.goto('/intranet');
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  // Noted by the page itself, on the frame its screen's title first shows.
  await page.addInitScript(() => {
    const seen = () => {
      if (!document.querySelector('main h1')) return false;
      const header = document.querySelector('header');
      (window as unknown as { __firstPaint: unknown }).__firstPaint = {
        menuLinks: document.querySelectorAll('nav a[href^="/intranet"]').length,
        headerHeight: header ? Math.round(header.getBoundingClientRect().height) : 0,
      };
      return true;
    };
    const tick = () => {
      if (!seen()) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.goto('/intranet/network-news');
  await expect(page.getByRole('button', { name: /Notifications/ })).toBeVisible();
  const first = await page.evaluate(
    () => (window as unknown as { __firstPaint: { menuLinks: number; headerHeight: number } }).__firstPaint,
  );
  const headerHeight = await page.locator('header').evaluate((h) => Math.round(h.getBoundingClientRect().height));
  expect(first.menuLinks).toBeGreaterThan(10);
  // The agency switch and the search (a row of their own at 390 px) did not push the page down.
  expect(first.headerHeight).toBe(headerHeight);
});
