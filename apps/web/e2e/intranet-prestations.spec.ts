import { expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from './accounts';

/** A director of an agency of the journey's own (POST /dev/fixtures/director): no demo price changes. */
async function newAgencyDirector(page: Page) {
  const res = await page.request.post('/dev/fixtures/director');
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { emailAddress: string; password: string; agencyName: string };
}

test('a director prices a network prestation and switches another off for their agency; both are kept after a reload', async ({
  page,
}) => {
  const director = await newAgencyDirector(page);
  await signInThroughApi(page, 'intranet', director, { agency: director.agencyName });
  await page.goto('/intranet/prestations');
  await expect(page.getByRole('heading', { level: 1, name: 'Prestations' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Prestations du réseau : Chaudière gaz' });
  const price = list.getByRole('textbox', { name: 'Prix de Dépannage en euros' });
  const advice = list.getByRole('switch', { name: 'Visite conseil active' });
  await expect(price).toHaveValue('');
  // The mandatory yearly service has a price but no switch.
  await expect(list.getByRole('textbox', { name: 'Prix de Entretien annuel en euros' })).toBeVisible();
  await expect(list.getByRole('switch', { name: 'Entretien annuel active' })).toHaveCount(0);

  await price.fill('112,5');
  await price.press('Enter');
  await expect(page.getByText('Prestation enregistrée').first()).toBeVisible();

  await expect(advice).toBeChecked();
  await advice.click({ force: true });
  const dialog = page.getByRole('dialog', { name: 'Désactiver la prestation' });
  await dialog.getByRole('button', { name: 'Désactiver' }).click();
  await expect(dialog).toBeHidden();
  await expect(advice).not.toBeChecked();

  await page.reload();
  await expect(price).toHaveValue('112,5');
  await expect(advice).not.toBeChecked();
  await expect(list.getByRole('switch', { name: 'Dépannage active' })).toBeChecked();
});
