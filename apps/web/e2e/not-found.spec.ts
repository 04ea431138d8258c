import { expect, test } from '@playwright/test';

test('an unknown path shows the not-found screen with a way home', async ({ page }) => {
  await page.goto('/une/page/qui-nexiste-pas');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await page.getByRole('link', { name: "Accueil de l'espace client" }).click();
  await expect(page).toHaveURL(/\/extranet\/login/);

  await page.goto('/intranet/pas-une-rubrique');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await expect(page.getByRole('link', { name: "Accueil de l'intranet" })).toHaveAttribute('href', '/intranet');
});
