import { expect, type Page, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { accessibilityViolations, openContract, signInStaffThroughApi } from './helpers';

/**
 * Zero serious or critical WCAG 2.1 AA violations (axe-core) on every screen of the menus, for a
 * network administrator, an agency director and a customer (issue 25 §3). Each screen is opened
 * from the menu, as a user would, and checked once its title shows. Read-only for the staff (demo
 * accounts); the customer is the journey's own.
 */

/** Opens each entry of the menu in turn and answers each screen's violations. */
async function checkEveryMenuEntry(page: Page, menuName: string) {
  const menu = page.getByRole('navigation', { name: menuName });
  await expect(menu.getByRole('link').nth(1)).toBeVisible();
  const targets = await menu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(targets.length).toBeGreaterThan(1);
  for (const href of targets) {
    await menu.locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL(href);
    await expect(page.locator('main h1').first()).toBeVisible();
    expect.soft(await accessibilityViolations(page), `accessibility of ${href}`).toEqual([]);
  }
}

test.describe('accessibility of every screen of the menus', () => {
  for (const email of ['admin@demo.fr', 'dirigeant@demo.fr']) {
    test(`intranet, ${email}`, async ({ page }) => {
      test.setTimeout(180_000);
      await signInStaffThroughApi(page, email);
      await page.goto('/intranet');
      await checkEveryMenuEntry(page, 'Menu principal');
      // Off the menu, from the profile menu: « Mes connexions » (issue 27 §3).
      await page.goto('/intranet/my-sessions');
      await expect(page.locator('main h1').first()).toBeVisible();
      expect.soft(await accessibilityViolations(page), 'accessibility of /intranet/my-sessions').toEqual([]);
    });
  }

  test('Sécurité du compte, from the profile menu (off the main menu)', async ({ page }) => {
    await signInStaffThroughApi(page, 'admin@demo.fr');
    await page.goto('/intranet');
    await page.getByRole('button', { name: /^Menu du profil/ }).click();
    await page.getByRole('menuitem', { name: 'Sécurité du compte' }).click();
    await expect(page).toHaveURL(/\/intranet\/account-security$/);
    await expect(page.getByRole('heading', { name: 'Double authentification' })).toBeVisible();
    await expect(page.getByText('Désactivée')).toBeVisible();
    expect.soft(await accessibilityViolations(page), 'accessibility of /intranet/account-security').toEqual([]);
  });

  test('the notification bell, opened and closed by keyboard', async ({ page }) => {
    await signInStaffThroughApi(page, 'dirigeant@demo.fr');
    await page.goto('/intranet');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list.locator('a, button').first()).toBeFocused();
    await expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect.soft(await accessibilityViolations(page), 'accessibility of the open bell').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(bell).toBeFocused();
  });

  test('extranet, a customer', async ({ page }) => {
    test.setTimeout(120_000);
    await openExtranetAsNewCustomer(page, 'client@demo.fr', "Thermi'Nord Lille");
    await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
    expect.soft(await accessibilityViolations(page), 'accessibility of the dashboard').toEqual([]);
    // A contract, each of its tabs.
    await openContract(page, 'TNL-2019-0412');
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.length).toBeGreaterThan(1);
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      expect.soft(await accessibilityViolations(page), `accessibility of the contract's tab ${tab}`).toEqual([]);
    }
    for (const path of ['/extranet/faq', '/extranet/personal-info', '/extranet/my-sessions']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      expect.soft(await accessibilityViolations(page), `accessibility of ${path}`).toEqual([]);
    }
  });
});
