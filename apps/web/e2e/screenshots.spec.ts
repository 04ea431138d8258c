import { expect, type Page, test } from '@playwright/test';
import { newCustomer, signInThroughApi } from './accounts';
import { DEMO_PASSWORD, settled } from './helpers';

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
      await signInThroughApi(page, 'intranet', { emailAddress: 'admin@demo.fr', password: DEMO_PASSWORD });
      await page.goto('/intranet');
      await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Utilisateurs réseau' })).toBeAttached();
      await expect(page.getByRole('button', { name: /Notifications : \d+ non lues?/ })).toBeVisible();
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
      await signInThroughApi(page, 'extranet', await newCustomer(page.request, 'client@demo.fr'));
      await page.goto('/extranet');
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
        await settled(page); // the panel's unfolding transition
        await page.screenshot({ path: `e2e/screenshots/extranet-agency-panel-${width}.png` });
        await page.getByRole('button', { name: 'Contacter mon agence' }).last().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await settled(page); // the modal's entrance transition
        await page.screenshot({ path: `e2e/screenshots/extranet-contact-${width}.png` });
      }
    });

    test('extranet dashboard, contract tabs, payment pages and FAQ', async ({ page }) => {
      await signInThroughApi(page, 'extranet', await newCustomer(page.request, 'client@demo.fr'), {
        agency: "Thermi'Nord Lille",
      });
      await page.goto('/extranet');
      await expect(page.getByRole('heading', { name: 'Mes contrats' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'À faire' })).toBeVisible();
      await page.getByRole('button', { name: /Suivi de mes demandes/ }).click();
      await expect(page.getByRole('list', { name: /Avancement/ }).first()).toBeVisible();
      await settled(page); // the section's unfolding transition
      await shot(page, 'extranet-dashboard', width);

      await page
        .getByRole('article', { name: /TNL-2019-0412/ })
        .getByRole('link', { name: 'Voir le contrat' })
        .click();
      const tabs = [
        ['Contrat', 'contract', 'Votre contrat'],
        ['Devis', 'quote', 'Vos devis'],
        ['Factures', 'invoice', 'Vos factures'],
        ['Documents', 'documents', 'Documents du contrat'],
        ['Coordonnées', 'contact_info', 'Coordonnées du contrat'],
      ] as const;
      for (const [label, id, heading] of tabs) {
        await page.getByRole('tab', { name: label }).click();
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
        await shot(page, `extranet-contract-${id}`, width);
      }

      await page.goto('/extranet/payment-cancel');
      await expect(page.getByRole('heading', { name: 'Paiement annulé' })).toBeVisible();
      await shot(page, 'extranet-payment-cancel', width);
      await page.goto('/extranet/payment-return?id=00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: 'Paiement non abouti' })).toBeVisible();
      await shot(page, 'extranet-payment-failed', width);

      await page.goto('/extranet/faq');
      await page.getByRole('button', { name: /L'entretien annuel de ma chaudière est-il obligatoire/ }).click();
      await expect(page.getByText(/Depuis l'arrêté du 15 septembre 2009/)).toBeVisible();
      await settled(page); // the answer's unfolding transition
      await shot(page, 'extranet-faq', width);

      await page.goto('/extranet/personal-info');
      await expect(page.getByRole('heading', { name: 'Mot de passe' })).toBeVisible();
      await shot(page, 'extranet-personal-info', width);
    });
  });
}
