import { expect, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, openContract, rowOf } from './helpers';

test('a customer refuses a quote from the to-do list', async ({ page }) => {
  // Made like client2@demo.fr, who has one agency: it is chosen for them.
  await openExtranetAsNewCustomer(page, 'client2@demo.fr');
  const todo = page.getByRole('region', { name: 'À faire' });
  const refuse = todo.getByRole('button', { name: /Refuser le devis n° DE-\d{4}-0211/ });
  await refuse.click();

  const dialog = page.getByRole('dialog', { name: /Refuser le devis n° DE-\d{4}-0211 \?/ });
  await expect(dialog).toContainText('Ce choix est définitif');
  await dialog.getByRole('button', { name: 'Refuser le devis' }).click();
  await expect(page.getByText(/Le devis n° DE-\d{4}-0211 a bien été refusé\./)).toBeVisible();
  await expect(page.getByRole('button', { name: /Refuser le devis n° DE-\d{4}-0211/ })).toHaveCount(0);

  await openContract(page, 'TNV-2020-0233', 'Devis');
  const quote = rowOf(page, /Devis n° DE-\d{4}-0211/);
  await expect(quote.getByText('Refusé', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the quote tab');
  await expect(quote.getByRole('button', { name: /Accepter/ })).toHaveCount(0);
});
