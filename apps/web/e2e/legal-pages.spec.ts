import { expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from './accounts';
import { expectAccessible, settled } from './helpers';

/**
 * The legal pages (RGPD issue 28 §4): anyone opens them from the sign-in screens' footer, and role
 * 1 edits their text in the intranet. The edit is put back at the end (the pages are the network's,
 * read by every journey of the run).
 */

const legalLinks = (page: Page) => page.getByRole('navigation', { name: 'Informations légales' });

test('signed out, each legal page opens from the sign-in screens and is accessible', async ({ page }) => {
  await page.goto('/extranet/login');
  await legalLinks(page).getByRole('link', { name: 'Mentions légales' }).click();
  await expect(page).toHaveURL('/mentions-legales');
  await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hébergement' })).toBeVisible();
  await expectAccessible(page, 'mentions légales');

  await legalLinks(page).getByRole('link', { name: 'Politique de confidentialité' }).click();
  await expect(page).toHaveURL('/confidentialite');
  await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
  const periods = page.getByRole('table', { name: 'Durées de conservation' });
  await expect(periods.getByRole('cell', { name: '3 ans après le dernier contact, puis anonymisées' })).toBeVisible();
  await expect(page.getByText('3 Place de Fontenoy, TSA 80715, 75334 Paris Cedex 07')).toBeVisible();
  await expectAccessible(page, 'politique de confidentialité');

  await page.goto('/intranet/login');
  await legalLinks(page).getByRole('link', { name: "Déclaration d'accessibilité" }).click();
  await expect(page).toHaveURL('/accessibilite');
  await expect(page.getByRole('heading', { level: 1, name: "Déclaration d'accessibilité" })).toBeVisible();
  await expect(page.getByText('partiellement conforme', { exact: false }).first()).toBeVisible();
  await expectAccessible(page, "déclaration d'accessibilité");
  await settled(page);
  await page.screenshot({ path: 'e2e/screenshots/legal-accessibility.png' });
});

test('role 1 changes the legal notice title from the intranet; the public page shows it', async ({ page, browser }) => {
  const res = await page.request.post('/dev/fixtures/staff-user', { data: { like: 'admin@demo.fr' } });
  expect(res.status(), await res.text()).toBe(201);
  const admin = (await res.json()) as { emailAddress: string; password: string };
  await signInThroughApi(page, 'intranet', admin);
  await page.goto('/intranet');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Pages légales' }).click();
  await expect(page).toHaveURL('/intranet/legal-pages');
  await expect(page.getByRole('heading', { level: 1, name: 'Pages légales' })).toBeVisible();
  const title = page.getByRole('textbox', { name: 'Titre' });
  await expect(title).toHaveValue(/.+/);
  const original = await title.inputValue();
  await expectAccessible(page, 'legal pages editor');
  // Every intranet screen's footer links the public pages too.
  await expect(legalLinks(page).getByRole('link', { name: 'Mentions légales' })).toBeVisible();

  const changed = `${original} — essai ${Date.now()}`;
  try {
    await title.fill(changed);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('La page est enregistrée.')).toBeVisible();
    const reader = await browser.newPage();
    try {
      await reader.goto('/mentions-legales');
      await expect(reader.getByRole('heading', { level: 1, name: changed })).toBeVisible();
    } finally {
      await reader.close();
    }
  } finally {
    await title.fill(original);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('La page est enregistrée.').first()).toBeVisible();
  }
  const check = await page.request.get('/api/legal-pages/mentions-legales');
  expect(((await check.json()) as { title: string }).title).toBe(original);
});
