import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

const widths = [1440, 390] as const;
const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });

for (const width of widths) {
  test.describe(`screens at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 844 } });

    test('intranet login and shell', async ({ page }) => {
      await page.goto('/intranet/login');
      await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
      await shot(page, 'intranet-login', width);
      await signIn(page, 'admin@demo.fr');
      await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Utilisateurs réseau' })).toBeAttached();
      await expect(page.getByRole('button', { name: /Notifications : \d+ non lues/ })).toBeVisible();
      await shot(page, 'intranet-shell', width);
      if (width <= 772) {
        // The icon bar unfolds over the page.
        await page.getByRole('button', { name: 'Déplier le menu' }).click();
        await expect(page.getByRole('button', { name: 'Replier le menu' })).toBeVisible();
        await shot(page, 'intranet-menu-unfolded', width);
        await page.getByRole('button', { name: 'Replier le menu' }).click();
      }
      await page.getByRole('button', { name: /Notifications/ }).click();
      await expect(page.getByText('Tout marquer comme lu')).toBeVisible();
      await shot(page, 'intranet-notifications', width);
    });

    test('extranet login and shell', async ({ page }) => {
      await page.goto('/extranet/login');
      await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
      await shot(page, 'extranet-login', width);
      await signIn(page, 'client@demo.fr');
      // Two agencies: the chooser, then pick one.
      await expect(page.getByRole('heading', { name: 'Choisissez votre agence' })).toBeVisible();
      await shot(page, 'extranet-chooser', width);
      await page
        .getByRole('button', { name: /Accéder à l'espace de/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
      await expect(page.getByText("Horaires d'ouverture").first()).toBeAttached();
      await shot(page, 'extranet-shell', width);
      if (width < 1400) {
        // Below 1400 px the agency lives in the bottom panel.
        await page.getByRole('button', { name: /Votre agence :/ }).click();
        await expect(page.getByRole('button', { name: 'Contacter mon agence' }).last()).toBeVisible();
        await page.waitForTimeout(300); // the panel's unfolding transition
        await page.screenshot({ path: `e2e/screenshots/extranet-agency-panel-${width}.png` });
        await page.getByRole('button', { name: 'Contacter mon agence' }).last().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.waitForTimeout(400); // let the modal's entrance transition finish
        await page.screenshot({ path: `e2e/screenshots/extranet-contact-${width}.png` });
      }
    });
  });
}
