import { expect, test } from '@playwright/test';
import { signInStaffThroughApi } from './helpers';

test('a network admin logs in as an adherent user from the adherent page, sees the intranet as that user, and goes back', async ({
  page,
}) => {
  await signInStaffThroughApi(page, 'admin@demo.fr');

  await page.goto('/intranet/adherents');
  await page.getByRole('searchbox', { name: 'Rechercher un adhérent' }).fill('Breizh');
  // The search is written to the address after a pause in typing: wait for it before leaving.
  await expect(page).toHaveURL(/search=Breizh/);
  await page.getByRole('link', { name: 'Modifier Breizh Énergie Services' }).click();
  await expect(page).toHaveURL(/\/intranet\/adherent\?id=\d+$/);
  const adherentPage = page.url();

  await page.getByRole('button', { name: 'Me connecter en tant que Gwenaël Le Bihan' }).click();
  await expect(page).toHaveURL(/\/intranet$/);
  const banner = page.getByRole('status').filter({ hasText: 'Vous êtes connecté en tant que Gwenaël Le Bihan' });
  await expect(banner).toBeVisible();

  // Acting as the director of Breizh Énergie: the users screen shows that adherent's users, and
  // the server answers as him (his agency manager is listed, without actions).
  await page.goto('/intranet/adherent-users');
  const table = page.getByRole('table', { name: "Utilisateurs de l'adhérent" });
  await expect(table.getByRole('row').filter({ hasText: 'Erwan Le Gall' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Erwan Le Gall' }).getByRole('button')).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'Maëlle Kerjean' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Olivier Vasseur' })).toHaveCount(0);
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: 'Revenir à mon compte' }).click();
  await expect(page).toHaveURL(adherentPage);
  await expect(page.getByText('Vous êtes connecté en tant que')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Me connecter en tant que Gwenaël Le Bihan' })).toBeVisible();
});
