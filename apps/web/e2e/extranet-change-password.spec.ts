import { expect, type Page, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, signInCustomer, signOut } from './helpers';

/** The password card (the email card has a "Mot de passe actuel" field too). */
const passwordCard = (page: Page) =>
  page.locator('form').filter({ has: page.getByRole('heading', { name: 'Mot de passe', exact: true, level: 2 }) });

async function changePassword(page: Page, password: string, current: string) {
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Informations personnelles' }).click();
  await expect(page.getByRole('heading', { name: 'Informations personnelles', level: 1 })).toBeVisible();
  await expectAccessible(page, 'personal info');
  const card = passwordCard(page);
  await card.getByLabel(/^Mot de passe actuel/).fill(current);
  await card.getByLabel(/^Nouveau mot de passe/).fill(password);
  await card.getByLabel(/^Confirmation du mot de passe/).fill(password);
  await card.getByRole('button', { name: 'Modifier mon mot de passe' }).click();
  await expect(page.getByText('Votre mot de passe a été modifié.')).toBeVisible();
}

test('a customer changes their password, then signs in with it', async ({ page }) => {
  const customer = await openExtranetAsNewCustomer(page, 'client2@demo.fr');
  const current = customer.password!;
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Informations personnelles' }).click();

  const card = passwordCard(page);

  // The platform rule: too weak, or too common, the form cannot be sent.
  await card.getByLabel(/^Nouveau mot de passe/).fill('chauffage');
  await card.getByLabel(/^Confirmation du mot de passe/).click();
  await expect(page.getByText(/au moins 8 caractères, dont une minuscule, une majuscule et un chiffre/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Modifier mon mot de passe' })).toBeDisabled();
  await card.getByLabel(/^Nouveau mot de passe/).fill('Azerty123');
  await card.getByLabel(/^Confirmation du mot de passe/).click();
  await expect(page.getByText('Ce mot de passe est trop courant : choisissez-en un autre.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Modifier mon mot de passe' })).toBeDisabled();

  // A wrong current password: the server's message under that field, nothing changed.
  await card.getByLabel(/^Mot de passe actuel/).fill('Oublie2026');
  await card.getByLabel(/^Nouveau mot de passe/).fill('Granules2027');
  await card.getByLabel(/^Confirmation du mot de passe/).fill('Granules2027');
  await card.getByRole('button', { name: 'Modifier mon mot de passe' }).click();
  await expect(card.getByText("Le mot de passe actuel n'est pas le bon.")).toBeVisible();
  await page.getByRole('link', { name: 'Réseau Énergie' }).click();

  await changePassword(page, 'Granules2027', current);
  await signOut(page);
  await expect(page).toHaveURL(/\/extranet\/login/);

  // The old password no longer works; the new one does.
  await page.getByRole('textbox', { name: 'Adresse email' }).fill(customer.emailAddress);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(current);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByText("Votre adresse email ou votre mot de passe n'est pas valide.")).toBeVisible();
  await signInCustomer(page, customer.emailAddress, undefined, 'Granules2027');
});
