import { expect, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, settled } from './helpers';

test('the to-do list says what it hides at 1440 px and grows on a phone, its pay button in reach', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openExtranetAsNewCustomer(page, 'client@demo.fr', "Thermi'Nord Lille");
  const todo = page.getByRole('region', { name: 'À faire' });
  const items = todo.getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(3);

  // 170 px at most on a wide screen: a fade and the number of items further down.
  const cue = todo.getByTestId('todo-more');
  await expect(cue).toHaveText(/^\d+ autres? éléments? plus bas$/);
  await settled(page);
  await page.screenshot({ path: 'e2e/screenshots/extranet-edges-todo-1440.png' });
  await todo.getByRole('list').evaluate((ul) => ul.parentElement?.scrollTo({ top: ul.scrollHeight }));
  await expect(cue).toBeHidden();

  // On a phone the box grows: no inner scroll, the pay button is on the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = todo.getByRole('list').locator('..');
  await expect.poll(() => box.evaluate((el) => el.scrollHeight - el.clientHeight)).toBe(0);
  await expect(cue).toBeHidden();
  const pay = todo.getByRole('button', { name: /Payer en ligne la facture/ }).first();
  await pay.scrollIntoViewIfNeeded();
  await expect(pay).toBeInViewport();
  await settled(page);
  await page.screenshot({ path: 'e2e/screenshots/extranet-edges-todo-390.png', fullPage: true });
  await expectAccessible(page, 'the dashboard at 390 px');
});

test('a download button shows its hint on hover and on keyboard focus', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openExtranetAsNewCustomer(page, 'client@demo.fr', "Thermi'Nord Lille");
  const download = page
    .getByRole('region', { name: 'À faire' })
    .getByRole('button', { name: /^Télécharger : / })
    .first();
  // The hint is the CSS ::after of the button's wrapper (components/Hint.tsx).
  const hint = () =>
    download.locator('..').evaluate((wrapper) => {
      const after = getComputedStyle(wrapper, '::after');
      return { text: after.content, shown: after.visibility === 'visible' };
    });
  expect(await hint()).toEqual({ text: '"Télécharger"', shown: false });
  await download.hover();
  await expect.poll(hint).toEqual({ text: '"Télécharger"', shown: true });
  await page.mouse.move(0, 0);
  await expect.poll(hint).toEqual({ text: '"Télécharger"', shown: false });
  // Reached from the keyboard: shown while focused.
  await download.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(download).toBeFocused();
  await expect.poll(hint).toEqual({ text: '"Télécharger"', shown: true });
});
