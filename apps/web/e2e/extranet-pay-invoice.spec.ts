import { expect, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, rowOf } from './helpers';

test('a customer pays an invoice online by card', async ({ page }) => {
  await openExtranetAsNewCustomer(page, 'client@demo.fr', "Thermi'Nord Lille");
  const invoice = page
    .getByRole('region', { name: 'À faire' })
    .getByRole('listitem')
    .filter({ hasText: /Facture n° FA-\d{4}-0318/ });
  await expect(invoice).toContainText(/189,00\s€ TTC/);
  await invoice.getByRole('button', { name: /Payer en ligne/ }).click();

  // The payment provider's page (the sandbox).
  await expect(page).toHaveURL(/\/api\/payment-sandbox\/sbx_/);
  await expect(page.getByText(/189,00/)).toBeVisible();
  await expectAccessible(page, 'the payment sandbox');
  await page.getByRole('button', { name: 'Payer' }).click();

  await expect(page).toHaveURL(/\/extranet\/payment-return\?id=/);
  await expect(page.getByRole('heading', { name: 'Paiement effectué' })).toBeVisible();
  await expectAccessible(page, 'the payment result');
  await page.screenshot({ path: 'e2e/screenshots/extranet-payment-success-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'e2e/screenshots/extranet-payment-success-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The invoice is now paid, awaiting the agency's validation.
  await page.getByRole('link', { name: 'Voir mes factures' }).click();
  await expect(page).toHaveURL(/\/extranet\/contract\/\d+\?tab=invoice$/);
  const paid = page.getByRole('region', { name: 'Payées' });
  await expect(rowOf(page, /Facture n° FA-\d{4}-0318/).getByText('En cours de validation')).toBeVisible();
  await expect(paid.getByText(/Facture n° FA-\d{4}-0318/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Payer en ligne la facture n° FA-\d{4}-0318/ })).toHaveCount(0);

  // And no longer to do.
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page.getByRole('heading', { name: 'Mes contrats' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Payer en ligne la facture n° FA-\d{4}-0318/ })).toHaveCount(0);
});
