import { expect, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, openContract, rowOf } from './helpers';

test('a customer cancels a card payment and comes back to the extranet', async ({ page }) => {
  await openExtranetAsNewCustomer(page, 'client2@demo.fr');
  await openContract(page, 'TNV-2020-0233', 'Factures');
  await rowOf(page, /Facture n° FA-\d{4}-0077/)
    .getByRole('button', { name: /Payer en ligne/ })
    .click();

  await expect(page).toHaveURL(/\/api\/payment-sandbox\/sbx_/);
  await page.getByRole('button', { name: 'Annuler' }).click();

  await expect(page).toHaveURL(/\/extranet\/payment-cancel$/);
  await expect(page.getByRole('heading', { name: 'Paiement annulé' })).toBeVisible();
  await expectAccessible(page, 'the cancelled payment');
  await expect(page.getByText(/aucun montant n'a été débité/)).toBeVisible();
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/extranet$/);
  // Still to pay.
  await expect(page.getByRole('button', { name: /Payer en ligne la facture n° FA-\d{4}-0077/ })).toBeVisible();
});
