import { expect, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, openContract } from './helpers';

test('a customer changes the phones of a contract', async ({ page }) => {
  await openExtranetAsNewCustomer(page, 'client@demo.fr', 'Flandres Énergies Dunkerque');
  await openContract(page, 'FE-2021-0087', 'Coordonnées');
  const mobile = page.getByRole('textbox', { name: 'Téléphone mobile' });
  const landline = page.getByRole('textbox', { name: 'Téléphone fixe' });
  await expect(mobile).toHaveValue('06 31 47 82 15');
  await expectAccessible(page, 'the contact info tab');

  // A landline in the mobile field is refused on the spot.
  await mobile.fill('03 28 00 00 00');
  await landline.click();
  await expect(page.getByText('Veuillez saisir un numéro de mobile français valide (06 ou 07)')).toBeVisible();

  await mobile.fill('0745128896');
  await landline.fill('+33 3 28 59 12 40');
  await page.getByRole('button', { name: 'Enregistrer les téléphones' }).click();
  await expect(page.getByText('Vos numéros de téléphone ont été modifiés.')).toBeVisible();

  // Kept by the agency, written the French way.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Téléphone mobile' })).toHaveValue('07 45 12 88 96');
  await expect(page.getByRole('textbox', { name: 'Téléphone fixe' })).toHaveValue('03 28 59 12 40');
});
