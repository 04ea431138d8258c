import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, signIn } from './helpers';

/** A picture that really loaded (a protected file fetched with the session's token). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

async function openChooser(page: Page) {
  await page.goto('/extranet/login');
  await signIn(page, 'client@demo.fr');
  await expect(page.getByRole('heading', { name: 'Choisissez votre agence' })).toBeVisible();
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a customer of two agencies sees what they hold at each, then the chosen agency’s advertisement once', async ({
      page,
    }) => {
      await openChooser(page);
      const lille = page.getByRole('group', { name: "Vos adresses et équipements chez Thermi'Nord Lille" });
      await expect(lille.getByText('14 rue Jean sans Peur, 59000 Lille')).toBeVisible();
      await expect(lille.getByRole('listitem').first()).toContainText('Chaudière gaz à condensation');
      await expect(
        page.getByRole('group', { name: /Vos adresses et équipements chez Flandres Énergies Dunkerque/ }),
      ).toBeVisible();
      await expectLoaded(page.getByRole('img', { name: /Logo.*Thermi'Nord Lille/ }).first());
      await expectAccessible(page, 'the agency chooser');

      await page.getByRole('button', { name: "Accéder à l'espace de Thermi'Nord Lille" }).click();
      const advertisement = page.getByRole('dialog', { name: "Une offre de Thermi'Nord Lille" });
      await expectLoaded(advertisement.getByRole('img', { name: "Offre de l'agence Thermi'Nord Lille" }));
      await page.keyboard.press('Escape');
      await expect(advertisement).toBeHidden();
      // Closed, the focus is back on the page.
      await expect(page.locator('#main')).toBeFocused();
      // Once per advertisement and customer: back on the dashboard, it stays closed.
      await page.reload();
      await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Mes contrats' })).toBeVisible();
      await expect(advertisement).toBeHidden();
    });
  });
}

test.describe('intranet header', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a long agency name is not cut while the header has room', async ({ page }) => {
    const long = "Thermi'Nord Services Chauffage Climatisation Villeneuve-d'Ascq Métropole";
    // The demo names are short: the agencies' answer is given a long one on the way.
    await page.route('**/api/agencies', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replaceAll("Thermi'Nord Lille", long) });
    });
    await page.goto('/intranet/login');
    await signIn(page, 'dirigeant@demo.fr');
    const select = page.getByRole('combobox', { name: 'Agence courante' });
    await expect(select).toHaveValue(long);
    expect(await select.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
  });
});
