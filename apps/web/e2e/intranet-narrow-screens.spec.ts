import { expect, type Locator, type Page, test } from '@playwright/test';
import { settled, signInStaffThroughApi } from './helpers';

/**
 * At 390 px (issue 25 §14): the tab bars and the prestation rows' actions show whole, and no
 * screen scrolls sideways. Read-only: demo accounts signed in through the API.
 */

test.use({ viewport: { width: 390, height: 844 } });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b as { x: number; y: number; width: number; height: number };
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

/** Every control of `inside` lies within it and within the screen. */
async function expectWhole(page: Page, inside: Locator, controls: Locator) {
  const frame = await box(inside);
  const screenWidth = page.viewportSize()?.width ?? 0;
  for (const control of await controls.all()) {
    const b = await box(control);
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '';
    expect(b.x, `${name} starts inside`).toBeGreaterThanOrEqual(frame.x - 1);
    expect(b.x + b.width, `${name} ends inside`).toBeLessThanOrEqual(Math.min(frame.x + frame.width, screenWidth) + 1);
  }
}

for (const [path, heading] of [
  ['/intranet/spare-parts', 'Bourse aux pièces'],
  ['/intranet/demands', 'Demandes'],
  ['/intranet/signature', 'Signature électronique'],
] as const) {
  test(`the tabs of ${path} show whole at 390 px`, async ({ page }) => {
    await signInStaffThroughApi(page, 'dirigeant@demo.fr');
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    const tabs = page.getByRole('tablist').first();
    await expect(tabs.getByRole('tab').first()).toBeVisible();
    await settled(page);
    await expectWhole(page, tabs, tabs.getByRole('tab'));
    await expectNoSidewaysScroll(page);
  });
}

for (const email of ['admin@demo.fr', 'dirigeant@demo.fr']) {
  test(`the prestation rows' actions show whole at 390 px (${email})`, async ({ page }) => {
    await signInStaffThroughApi(page, email);
    await page.goto('/intranet/prestations');
    await expect(page.getByRole('heading', { name: 'Prestations', level: 1 })).toBeVisible();
    const rows = page.locator('main .mantine-Paper-root').filter({ has: page.getByRole('switch') });
    await expect(rows.first()).toBeVisible();
    await settled(page);
    for (const row of await rows.all()) {
      await expectWhole(page, row, row.locator('button, a, input'));
    }
    await expectNoSidewaysScroll(page);
  });
}
