import { expect, test } from '@playwright/test';
import { expectAccessible, signInStaffThroughApi } from './helpers';

test('a director edits my agency: phone 2 saved, shown after a reload, then put back as it was', async ({ page }) => {
  await signInStaffThroughApi(page, 'dirigeant@demo.fr');
  await page.goto('/intranet/my-agency');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon agence' })).toBeVisible();
  await expectAccessible(page, 'my agency');
  const contactUs = page.getByRole('region', { name: 'Nous contacter' });
  const phone2 = contactUs.getByLabel('Téléphone 2', { exact: true });
  const phone2Label = contactUs.getByLabel('Libellé du téléphone 2');
  await expect(page.getByRole('region', { name: 'Coordonnées' }).getByLabel(/Ville/)).not.toHaveValue('');
  // The demo agency's own phone 2 (other journeys read it): put back at the end.
  const before = { phone: await phone2.inputValue(), label: await phone2Label.inputValue() };

  await phone2.fill('06 12 34 56 78');
  await phone2Label.fill('Astreinte');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Agence mise à jour')).toBeVisible();

  await page.reload();
  await expect(phone2).toHaveValue('06 12 34 56 78');
  await expect(phone2Label).toHaveValue('Astreinte');

  // Leave the demo agency as it was (an empty field drops phone 2).
  await phone2.fill(before.phone);
  await phone2Label.fill(before.label);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Agence mise à jour')).toBeVisible();
  await page.reload();
  await expect(phone2).toHaveValue(before.phone);
  await expect(phone2Label).toHaveValue(before.label);
});
