import { expect, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible } from './helpers';

test('a customer reports a breakdown to the agency from the dashboard', async ({ page }) => {
  await openExtranetAsNewCustomer(page, 'client@demo.fr', "Thermi'Nord Lille");
  await expectAccessible(page, 'the dashboard');
  const heatPump = page.getByRole('article', { name: /TNL-2022-1187/ });
  await heatPump.getByRole('button', { name: 'Signaler une panne' }).click();

  const dialog = page.getByRole('dialog', { name: "Contacter Thermi'Nord Lille" });
  await expect(dialog.getByRole('combobox', { name: /Motif de votre demande/ })).toHaveValue('1');
  // An emergency: the agency's emergency line ("Urgences SAV"), not its reception.
  await expect(dialog.getByRole('link', { name: '03 20 54 18 79' })).toHaveAttribute('href', 'tel:0320541879');
  await expect(dialog.getByRole('combobox', { name: /Contrat concerné/ })).toContainText('TNL-2022-1187');
  await expectAccessible(page, 'the contact dialog');

  // Everything is required.
  await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByText('Merci de compléter les informations manquantes.')).toBeVisible();

  await dialog.getByRole('textbox', { name: /Votre message/ }).fill("L'unité extérieure s'arrête et affiche le code E4.");
  await dialog.getByRole('checkbox', { name: 'Le matin' }).check();
  await dialog.getByRole('checkbox', { name: 'Toute la journée' }).check();
  await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByText('Votre demande a bien été envoyée à votre agence.')).toBeVisible();
  await expect(dialog).toBeHidden();
});
