import { expect, test } from '@playwright/test';
import { expectAccessible, signInStaffThroughApi } from './helpers';

test('a network admin logs in as an adherent user, comes back, and finds it in the audit log as « X en tant que Y »', async ({
  page,
}) => {
  await signInStaffThroughApi(page, 'admin@demo.fr');

  // Start acting as the director of Breizh Énergie from the adherent's page, then come back.
  await page.goto('/intranet/adherents');
  await page.getByRole('searchbox', { name: 'Rechercher un adhérent' }).fill('Breizh');
  await expect(page).toHaveURL(/search=Breizh/);
  await page.getByRole('link', { name: 'Modifier Breizh Énergie Services' }).click();
  await page.getByRole('button', { name: 'Me connecter en tant que Gwenaël Le Bihan' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'Vous êtes connecté en tant que Gwenaël Le Bihan' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Revenir à mon compte' }).click();
  await expect(page.getByText('Vous êtes connecté en tant que')).toHaveCount(0);

  // The audit log, from the menu; the impersonations only.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: "Journal d'audit" }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Journal d'audit" })).toBeVisible();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Connexion en tant qu’un autre utilisateur' }).click();
  await expect(page).toHaveURL(/action=auth\.impersonation_started/);
  const table = page.getByRole('table', { name: "Entrées du journal d'audit" });
  const newest = table.getByRole('row').nth(1);
  await expect(newest).toContainText('Isabelle Garnier en tant que Gwenaël Le Bihan');
  await expect(newest).toContainText('Connexion en tant qu’un autre utilisateur');
  await expectAccessible(page, 'the audit log filtered on impersonations');
});
