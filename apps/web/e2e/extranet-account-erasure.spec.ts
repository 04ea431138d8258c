import { expect, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, latestMailTo } from './helpers';

test('a customer erases their account and cannot sign in again', async ({ page }) => {
  const customer = await openExtranetAsNewCustomer(page, 'client2@demo.fr');
  const started = new Date();
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Informations personnelles' }).click();
  const section = page.getByRole('region', { name: 'Supprimer mon compte' });
  await expect(section).toBeVisible();

  await section.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement mon compte' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/pendant 10 ans pour les factures/)).toBeVisible();
  await expectAccessible(page, 'account erasure dialog');

  // A wrong password: said under the field, nothing erased.
  await dialog.getByLabel(/^Mot de passe actuel/).fill('PasLeBon2026');
  await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(dialog.getByText("Le mot de passe actuel n'est pas le bon.")).toBeVisible();

  await dialog.getByLabel(/^Mot de passe actuel/).fill(customer.password!);
  await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(page).toHaveURL(/\/extranet\/login\?accountErased=true$/);
  await expect(page.getByRole('status').filter({ hasText: 'Votre compte a été supprimé' })).toBeVisible();
  await expectAccessible(page, 'login after erasure');

  const mail = await latestMailTo(page.request, customer.emailAddress, started);
  expect(mail.subject).toBe('Votre compte client a été supprimé');

  // The old address and password: refused like any unknown account.
  await page.getByRole('textbox', { name: 'Adresse email' }).fill(customer.emailAddress);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(customer.password!);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByText("Votre adresse email ou votre mot de passe n'est pas valide.")).toBeVisible();
});
