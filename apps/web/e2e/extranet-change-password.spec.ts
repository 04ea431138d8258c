import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signInCustomer, signOut } from './helpers';

async function changePassword(page: Page, password: string) {
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Informations personnelles' }).click();
  await expect(page.getByRole('heading', { name: 'Informations personnelles', level: 1 })).toBeVisible();
  await page.getByLabel(/^Nouveau mot de passe/).fill(password);
  await page.getByLabel(/^Confirmation du mot de passe/).fill(password);
  await page.getByRole('button', { name: 'Modifier mon mot de passe' }).click();
  await expect(page.getByText('Votre mot de passe a été modifié.')).toBeVisible();
}

test('a customer changes their password, then signs in with it', async ({ page }) => {
  await signInCustomer(page, 'client2@demo.fr');
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Informations personnelles' }).click();

  // The platform rule: too weak, the form cannot be sent.
  await page.getByLabel(/^Nouveau mot de passe/).fill('chauffage');
  await page.getByLabel(/^Confirmation du mot de passe/).click();
  await expect(page.getByText(/au moins 8 caractères, dont une minuscule, une majuscule et un chiffre/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier mon mot de passe' })).toBeDisabled();
  await page.getByRole('link', { name: 'Réseau Énergie' }).click();

  await changePassword(page, 'Granules2027');
  await signOut(page);
  await expect(page).toHaveURL(/\/extranet\/login/);

  // The old password no longer works; the new one does.
  await page.getByRole('textbox', { name: 'Adresse email' }).fill('client2@demo.fr');
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText("Votre adresse email ou votre mot de passe n'est pas valide.")).toBeVisible();
  await signInCustomer(page, 'client2@demo.fr', undefined, 'Granules2027');

  // The demo account gets its password back for the other journeys.
  await changePassword(page, DEMO_PASSWORD);
});
