import { expect, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, openContract, rowOf } from './helpers';

test('a customer signs a quote online, then downloads the signed quote', async ({ page }) => {
  await openExtranetAsNewCustomer(page, 'client@demo.fr', "Thermi'Nord Lille");
  await openContract(page, 'TNL-2019-0412', 'Devis');
  await expectAccessible(page, 'the quote tab');
  const quote = rowOf(page, /Devis n° DE-\d{4}-0142/);
  await expect(quote.getByText('En attente de votre décision')).toBeVisible();

  await quote.getByRole('button', { name: /Accepter et signer/ }).click();
  // The signature provider's page (the sandbox).
  await expect(page).toHaveURL(/\/api\/esign-sandbox\//);
  await expectAccessible(page, 'the signature sandbox');
  await page.getByRole('button', { name: 'Signer' }).click();

  // Back on the quote tab.
  await expect(page).toHaveURL(/\/extranet\/contract\/\d+\?tab=quote&signed=true$/);
  await expect(page.getByText('Merci, votre devis est signé')).toBeVisible();
  const signed = rowOf(page, /Devis n° DE-\d{4}-0142/);
  await expect(signed.getByText('Signé', { exact: true })).toBeVisible();
  await expect(signed.getByRole('button', { name: /Accepter/ })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await signed.getByRole('button', { name: /Télécharger le devis signé/ }).click();
  expect((await download).suggestedFilename()).toMatch(/DE-\d{4}-0142.*\.pdf$/);

  // Signed: no longer to do on the dashboard.
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page.getByRole('heading', { name: 'Mes contrats' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Accepter et signer le devis n° DE-\d{4}-0142/ })).toHaveCount(0);
});
