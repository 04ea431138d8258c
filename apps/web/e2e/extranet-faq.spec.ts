import { expect, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible } from './helpers';

// Wide enough for the side menu, where the FAQ link lives (below 1400 px it is in the bottom panel).
test.use({ viewport: { width: 1440, height: 900 } });

test('a customer reads the FAQ', async ({ page }) => {
  await openExtranetAsNewCustomer(page, 'client@demo.fr', "Thermi'Nord Lille");
  await page.getByRole('complementary', { name: 'Votre agence' }).getByRole('link', { name: 'Questions fréquentes' }).click();
  await expect(page).toHaveURL(/\/extranet\/faq$/);
  await expect(page.getByRole('heading', { name: 'Questions fréquentes', level: 1 })).toBeVisible();
  await expectAccessible(page, 'the FAQ');
  await expect(page.getByRole('tab', { name: 'Entretien' })).toHaveAttribute('aria-selected', 'true');

  const first = page.getByRole('button', { name: /L'entretien annuel de ma chaudière est-il obligatoire/ });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/Depuis l'arrêté du 15 septembre 2009/)).toBeVisible();
  await expect(page.getByText('chaque année', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Facture' }).click();
  const payment = page.getByRole('button', { name: 'Quels sont les moyens de paiement acceptés ?' });
  await payment.click();
  await expect(page.getByText('carte bancaire', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Espace client' }).click();
  await expect(page.getByRole('tab', { name: 'Espace client' })).toHaveAttribute('aria-selected', 'true');
});
