import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, signInStaffThroughApi } from './helpers';

/**
 * The intranet menu on a phone (issue 25 §1): a tap on an icon opens that entry, the icon bar never
 * unfolds under the finger, and the whole menu is a drawer opened by its button, closed on
 * navigation, Esc and a tap outside. Read-only: a demo account signs in through the API.
 */

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const width = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0;

async function openIntranet(page: Page) {
  await signInStaffThroughApi(page, 'dirigeant@demo.fr');
  await page.goto('/intranet');
  await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
  await expect(menu(page).getByRole('link').nth(5)).toBeAttached();
}

test.describe('intranet menu on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on each icon opens that entry, the icon bar stays folded', async ({ page }) => {
    await openIntranet(page);
    const links = menu(page).getByRole('link');
    const targets = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
    expect(targets.length).toBeGreaterThan(5);
    // From the last to the first, so each tap starts on another screen than its own.
    for (const href of [...targets].reverse()) {
      const link = menu(page).locator(`a[href="${href}"]`);
      await link.tap();
      await expect(page).toHaveURL(href);
      await expect(link).toHaveAttribute('aria-current', 'page');
      expect(await width(menu(page)), `menu folded after the tap on ${href}`).toBeLessThanOrEqual(60);
    }
  });

  test('the menu button opens a drawer closed by Esc, a tap outside and a navigation', async ({ page }) => {
    await openIntranet(page);
    const button = page.getByRole('button', { name: 'Déplier le menu' });
    const nav = menu(page);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(await button.getAttribute('aria-controls')).toBe(await nav.getAttribute('id'));

    // Esc closes it and gives the focus back to the button.
    await button.tap();
    const close = page.getByRole('button', { name: 'Replier le menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => width(nav)).toBe(256);
    await expect(nav.getByText('Actualités', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the open menu drawer');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await expect.poll(() => width(nav)).toBeLessThanOrEqual(60);

    // A tap outside closes it, without acting on what is under the shade.
    await button.tap();
    await expect(close).toBeVisible();
    await page.touchscreen.tap(330, 500);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveURL('/intranet');

    // A navigation from the drawer closes it.
    await button.tap();
    await nav.getByRole('link', { name: 'Actualités', exact: true }).tap();
    await expect(page).toHaveURL('/intranet/network-news');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => width(nav)).toBeLessThanOrEqual(60);
  });
});

test.describe('intranet menu in a narrow window with a mouse', () => {
  test.use({ viewport: { width: 700, height: 900 } });

  test('the icon bar still unfolds on hover', async ({ page }) => {
    await openIntranet(page);
    const nav = menu(page);
    expect(await width(nav)).toBeLessThanOrEqual(60);
    await nav.hover();
    await expect.poll(() => width(nav)).toBe(256);
    await page.mouse.move(600, 600);
    await expect.poll(() => width(nav)).toBeLessThanOrEqual(60);
  });
});

/** The labels of the menu that do not show whole: cut short, or running past the menu's edge. */
const cutLabels = (page: Page) =>
  menu(page)
    .getByRole('link')
    .evaluateAll((links) => {
      const nav = links[0]?.closest('nav');
      const edge = nav ? nav.getBoundingClientRect().left + nav.clientWidth : 0;
      return links
        .map((a) => a.querySelector('span'))
        .filter(
          (label) =>
            label &&
            (label.scrollWidth > label.clientWidth + 1 ||
              label.scrollHeight > label.clientHeight + 1 ||
              label.getBoundingClientRect().right > edge),
        )
        .map((label) => label?.textContent);
    });

test.describe('menu labels', () => {
  test('every label shows whole, on a wide screen and in the phone drawer', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInStaffThroughApi(page, 'admin@demo.fr');
    await page.goto('/intranet');
    await expect(menu(page).getByRole('link', { name: 'Contenus des pages agence' })).toBeVisible();
    expect(await cutLabels(page)).toEqual([]);
    // Nor when the text is larger (a user's text size, a wider font than this machine's).
    await page.addStyleTag({ content: 'html { font-size: 112.5%; }' });
    expect(await cutLabels(page)).toEqual([]);
    // The screen is titled as its entry.
    await menu(page).getByRole('link', { name: 'Contenus des pages agence' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contenus des pages agence');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Déplier le menu' }).click();
    await expect.poll(() => width(menu(page))).toBe(256);
    expect(await cutLabels(page)).toEqual([]);
  });
});
