import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('a deep link while signed out goes through the login and comes back', async ({ page }) => {
  await page.goto('/intranet/network-news');
  await expect(page).toHaveURL(/\/intranet\/login\?redirect=%2Fintranet%2Fnetwork-news$/);
  await signIn(page, 'admin@demo.fr');
  await expect(page).toHaveURL(/\/intranet\/network-news$/);
  await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Actualités du réseau' })).toBeVisible();
});
