import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { openExtranetAsNewCustomer, signInThroughApi } from './accounts';
import { expectAccessible, settled } from './helpers';

const SHOTS = 'e2e/screenshots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/intranet-contacts-${name}.png`, fullPage: true });
}

/** The count on the menu's "Demandes" entry (0 when it shows none). */
async function demandsBadge(page: Page): Promise<number> {
  const entry = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: /^Demandes/ });
  const name = (await entry.getAttribute('aria-label')) ?? (await entry.innerText());
  const match = /(\d+)/.exec(name);
  return match ? Number(match[1]) : 0;
}

test("a customer's breakdown request reaches the agency's demands and is marked handled", async ({ browser, page }) => {
  // Two people, two browser contexts: the customer in the extranet, then the agency's staff.
  test.setTimeout(90_000);
  const tag = Date.now().toString(36).slice(-5);
  const message = `La pompe à chaleur s'arrête en code E4 (${tag}).`;

  // The customer sends the breakdown request ("Panne") from the extranet.
  await openExtranetAsNewCustomer(page, 'client@demo.fr', "Thermi'Nord Lille");
  await page
    .getByRole('article', { name: /TNL-2022-1187/ })
    .getByRole('button', { name: 'Signaler une panne' })
    .click();
  const dialog = page.getByRole('dialog', { name: "Contacter Thermi'Nord Lille" });
  await expect(dialog.getByRole('combobox', { name: /Motif de votre demande/ })).toHaveValue('1');
  await dialog.getByRole('textbox', { name: /Votre message/ }).fill(message);
  await dialog.getByRole('checkbox', { name: 'Le matin' }).check();
  await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(page.getByText('Votre demande a bien été envoyée à votre agence.')).toBeVisible();

  // A user of that agency holding contact_administration (role 9, like agence@demo.fr).
  const res = await page.request.post('/dev/fixtures/staff-user', { data: { like: 'agence@demo.fr' } });
  expect(res.status(), await res.text()).toBe(201);
  const staff = (await res.json()) as { emailAddress: string; password: string };
  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1440, height: 900 },
  });
  const desk = await context.newPage();
  await signInThroughApi(desk, 'intranet', staff, { agency: "Thermi'Nord Lille" });
  await desk.goto('/intranet/demands');
  await expect(desk.getByRole('heading', { level: 1, name: 'Demandes' })).toBeVisible();
  await expect(desk.getByRole('tab', { name: 'À traiter', selected: true })).toBeVisible();
  const demands = desk.getByRole('list', { name: 'Demandes' });
  await expect(demands.getByRole('article').first()).toBeVisible();
  const before = await demandsBadge(desk);
  expect(before).toBeGreaterThan(0);

  // Found by the customer's name, without its accent; the card says everything the request said.
  await desk.getByRole('searchbox', { name: 'Rechercher une demande' }).fill('sophie lefevre');
  await expect(desk).toHaveURL(/search=sophie\+lefevre/);
  const card = demands.getByRole('article').filter({ hasText: message });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Demande extranet');
  await expect(card).toContainText('Client connu');
  await expect(card).toContainText('Panne');
  await expect(card).toContainText('Matin');
  await expectAccessible(desk, 'the demands');
  await shot(desk, 'demands-1440');

  await card.getByRole('button', { name: /^Marquer comme traité/ }).click();
  await expect(card).toBeHidden();
  await expect.poll(() => demandsBadge(desk)).toBe(before - 1);

  await desk.getByRole('tab', { name: 'Traités' }).click();
  await expect(desk).toHaveURL(/tab=handled/);
  const handled = demands.getByRole('article').filter({ hasText: message });
  await expect(handled).toBeVisible();
  await expect(handled).toContainText(/Traité le \d{2}\.\d{2}\.\d{4}/);
  await expect(handled.getByRole('button', { name: /^Remettre à traiter/ })).toBeVisible();

  // The same screen on a phone.
  await desk.setViewportSize({ width: 390, height: 844 });
  await expect(handled).toBeVisible();
  await shot(desk, 'demands-handled-390');
  await context.close();
});

test("role 1 reads the network's invoices by agency; the director reads the agency's quotations", async ({ page }) => {
  // Read-only on the demo accounts: nothing is marked.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, 'intranet', { emailAddress: 'admin@demo.fr', password: 'Demo2026!' });
  await page.goto('/intranet/all-invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Toutes les factures' })).toBeVisible();
  const invoices = page.getByRole('list', { name: 'Factures' });
  await expect(invoices.getByRole('article').first()).toBeVisible();
  await expect(invoices.getByRole('button', { name: /traité|traiter/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Filtrer par agence' }).click();
  await page.getByRole('option', { name: "Thermi'Nord Services Thermi'Nord Lille" }).click();
  await expect(page).toHaveURL(/agencyId=\d+/);
  await expect(invoices.getByRole('article').first()).toContainText("Agence : Thermi'Nord Services Thermi'Nord Lille");
  await expectAccessible(page, 'the network invoices');
  await shot(page, 'all-invoices-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'all-invoices-390');

  const director = await page
    .context()
    .browser()!
    .newContext({
      baseURL: new URL(page.url()).origin,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      viewport: { width: 1440, height: 900 },
    });
  const desk = await director.newPage();
  await signInThroughApi(
    desk,
    'intranet',
    { emailAddress: 'dirigeant@demo.fr', password: 'Demo2026!' },
    { agency: "Thermi'Nord Lille" },
  );
  await desk.goto('/intranet/quotations');
  const quotes = desk.getByRole('list', { name: 'Devis' });
  await expect(quotes.getByRole('article').first()).toBeVisible();
  await shot(desk, 'quotations-1440');
  await desk.getByRole('tab', { name: 'Traités' }).click();
  const signed = quotes.getByRole('article').filter({ hasText: /DE-\d{4}-0981/ });
  await expect(signed).toContainText('Signé');
  await expect(signed.getByRole('button', { name: /Télécharger le devis signé/ })).toBeVisible();
  await shot(desk, 'quotations-handled-1440');
  await desk.setViewportSize({ width: 390, height: 844 });
  await shot(desk, 'quotations-handled-390');
  await director.close();
});
