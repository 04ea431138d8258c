import { expect, type Page, test } from '@playwright/test';
import { signInStaffThroughApi } from './helpers';

const newsList = (page: Page) => page.getByRole('list', { name: 'Actualités du réseau' });
const cards = (page: Page) => newsList(page).getByRole('listitem');

test('news list: filter by a category, page 2, open a news item and come back to the same page', async ({ page }) => {
  const accessToken = await signInStaffThroughApi(page, 'admin@demo.fr');
  await page.goto('/intranet/network-news');
  await expect(page.getByRole('heading', { level: 1, name: 'Actualités' })).toBeVisible();
  await expect(cards(page)).toHaveCount(10);
  await expect(page.getByRole('link', { name: 'Ajouter une actualité' })).toBeVisible();

  // A category chip filters the cards and writes itself in the address.
  const chips = page.getByRole('radiogroup', { name: 'Catégories' });
  await chips.locator('label', { hasText: 'Réglementation' }).click();
  await expect(page).toHaveURL(/\/intranet\/network-news\?categoryId=\d+$/);
  await expect(chips.getByRole('radio', { name: 'Réglementation' })).toBeChecked();
  await expect(cards(page).first()).toContainText('Réglementation');
  const filtered = await cards(page).count();
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(10);
  for (const card of await cards(page).all()) await expect(card).toContainText('Réglementation');

  // All categories again, then the second page.
  await chips.locator('label', { hasText: 'Toutes' }).click();
  await expect(page).toHaveURL(/\/intranet\/network-news$/);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/intranet\/network-news\?page=2$/);
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  // The previous page stays on screen while the next one loads: wait for page 2's own first card,
  // as the API lists it, before reading it.
  const pageTwo = await page.request.get('/api/network-actualities?pageNumber=2&pageSize=10', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(pageTwo.ok()).toBe(true);
  const title = ((await pageTwo.json()) as { networkActualities: { title: string }[] }).networkActualities[0]?.title ?? '';
  expect(title).not.toBe('');
  const first = cards(page).first();
  await expect(first.getByRole('heading')).toHaveText(title);
  const wasUnread = await first.getByText('Non lue').isVisible();

  // Open it: the detail, then back to page 2.
  await first.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/intranet\/network-news\/\d+$/);
  const newsId = page.url().split('/').pop();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Retour aux actualités' }).click();
  await expect(page).toHaveURL(/\/intranet\/network-news\?page=2$/);
  await expect(cards(page).first().getByRole('heading')).toHaveText(title);
  // Opened, so read.
  await expect(cards(page).first().getByText('Non lue')).toHaveCount(0);

  // Leave the demo account's read marks as they were.
  if (wasUnread) {
    const restored = await page.request.delete(`/api/network-actualities-unread/${newsId}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(restored.status()).toBe(204);
  }
});
