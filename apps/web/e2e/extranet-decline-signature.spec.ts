import { expect, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, openContract, rowOf, settled } from './helpers';

test('a customer refuses at the signature page: asked to confirm, then told on return', async ({ page }) => {
  await openExtranetAsNewCustomer(page, 'client@demo.fr', "Thermi'Nord Lille");
  await openContract(page, 'TNL-2019-0412', 'Devis');
  await rowOf(page, /Devis n° DE-\d{4}-0142/)
    .getByRole('button', { name: /Accepter et signer/ })
    .click();
  await expect(page).toHaveURL(/\/api\/esign-sandbox\//);

  // "Refuser" asks first; "Annuler" goes back to the document, nothing refused.
  await page.getByRole('button', { name: 'Refuser' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Refuser définitivement ce document ?' })).toBeVisible();
  await expectAccessible(page, 'the signature sandbox, asked to confirm a refusal');
  await page.getByRole('link', { name: 'Annuler et revenir au document' }).click();
  await expect(page.getByRole('button', { name: 'Signer' })).toBeVisible();
  await page.getByRole('button', { name: 'Refuser' }).click();
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `e2e/screenshots/extranet-edges-decline-confirm-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Confirmer le refus' }).click();

  await expect(page).toHaveURL(/\/extranet\/contract\/\d+\?tab=quote&declined=true$/);
  await expect(page.getByText('Vous avez refusé ce devis')).toBeVisible();
  await expect(rowOf(page, /Devis n° DE-\d{4}-0142/).getByText('Refusé', { exact: true })).toBeVisible();
  await settled(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'e2e/screenshots/extranet-edges-decline-return-390.png' });
  await expectAccessible(page, 'the quote tab after a refusal');
});
