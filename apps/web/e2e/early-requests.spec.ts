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
