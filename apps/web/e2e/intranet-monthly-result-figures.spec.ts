import { expect, test } from '@playwright/test';
import { signInStaffThroughApi } from './helpers';

const MISSING = 'Vous devez saisir vos chiffres pour ce mois afin de voir les chiffres du réseau';

test('a director enters the month’s figures and the network’s figures appear in place of the refusal', async ({ page }) => {
  // A director with a fresh agency (no figures yet); the demo network entered the previous month.
  const answer = await page.request.post('/dev/fixtures/director');
  expect(answer.status()).toBe(201);
  const { emailAddress, password } = (await answer.json()) as { emailAddress: string; password: string };
  await signInStaffThroughApi(page, emailAddress, password);

  await page.goto('/intranet/monthly-result');
  await expect(page.getByRole('heading', { level: 1, name: 'Résultats mensuels' })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Chiffres du réseau' });
  await expect(figures.getByText(MISSING)).toBeVisible();
  await expect(page.getByText('Pas encore saisis')).toBeVisible();

  const contracts = page.getByRole('region', { name: "Contrats d'entretien" });
  await contracts.getByRole('textbox', { name: 'Chaudière gaz' }).fill('42');
  await contracts.getByRole('textbox', { name: 'Pompe à chaleur air/eau' }).fill('17');
  await page.getByRole('region', { name: 'Résultats par marque' }).getByRole('textbox', { name: 'Atlantic' }).fill('6');
  await page.getByRole('region', { name: "Ventes d'équipements" }).getByRole('textbox', { name: 'Chaudière gaz' }).fill('5');
  await page.getByRole('button', { name: 'Enregistrer les chiffres' }).click();

  await expect(page.getByText('Les chiffres du mois ont bien été enregistrés.')).toBeVisible();
  await expect(page.getByText('Chiffres saisis')).toBeVisible();
  await expect(figures.getByText(MISSING)).toHaveCount(0);
  await expect(figures.getByText(/agences ont saisi ce mois/)).toBeVisible();
  // The charts' figures, as screen readers read them.
  const table = figures.getByRole('table', { name: "Contrats d'entretien : votre agence, la moyenne et le total du réseau" });
  await expect(table.getByRole('row', { name: /Chaudière gaz/ })).toContainText('42');
  await expect(figures.getByText(/^Rang \d+ sur \d+ · total réseau \d+$/).first()).toBeVisible();
  // Saved: a reload shows the month as entered, with the figures.
  await page.reload();
  await expect(
    page.getByRole('region', { name: "Contrats d'entretien" }).getByRole('textbox', { name: 'Chaudière gaz' }),
  ).toHaveValue('42');
  await expect(page.getByRole('button', { name: 'Mettre à jour les chiffres' })).toBeVisible();
  await expect(figures.getByRole('table', { name: /Résultats par marque/ })).toBeAttached();
});
