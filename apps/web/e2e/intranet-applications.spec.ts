import { expect, type Page, test } from '@playwright/test';
import { signInStaffThroughApi } from './helpers';

const grid = (page: Page) => page.getByRole('list', { name: 'Applications du réseau' });
const cardOf = (page: Page, title: string) =>
  grid(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });

/** A logo as an administrator would pick it from disk (1×1 PNG). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a network admin adds an application, it opens in a new tab, a technician sees it without the admin tools, and it is deleted', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // Unique, so that a rerun or another journey never meets this one's application.
  const title = `Outil de chiffrage ${Date.now().toString(36)}`;
  // The application's address is a page of this server, so the new tab loads without the network.
  const url = `${baseURL}/api/health?application=${encodeURIComponent(title)}`;
  const adminToken = await signInStaffThroughApi(page, 'admin@demo.fr');
  const headers = { authorization: `Bearer ${adminToken}` };
  try {
    await page.goto('/intranet/applications');
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    // The demo directory, by title.
    await expect(grid(page).getByRole('listitem').first()).toContainText('Annuaire des artisans RGE');
    expect(await grid(page).getByRole('listitem').count()).toBeGreaterThanOrEqual(6);

    await page.getByRole('button', { name: 'Nouvelle application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle application' });
    await dialog.getByRole('textbox', { name: 'Titre' }).fill(title);
    await dialog.getByRole('textbox', { name: /^Adresse web/ }).fill('ftp://chiffrage.reseau-energie.fr');
    await dialog.getByRole('textbox', { name: 'Titre' }).click();
    await expect(dialog.getByText('Veuillez saisir une adresse web complète commençant par http:// ou https://')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Adresse web/ }).fill(url);
    // No logo yet: no publish button.
    await expect(dialog.getByRole('button', { name: 'Publier' })).toHaveCount(0);
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: /^Logo/ }).click();
    await (await chooser).setFiles({ name: 'logo-chiffrage.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Publier' }).click();
    await expect(page.getByText("L'application a bien été ajoutée.")).toBeVisible();
    await expect(dialog).toBeHidden();

    // Its card opens the application in a new tab.
    const card = cardOf(page, title);
    await expect(card).toHaveCount(1);
    const link = card.getByRole('link', { name: `${title} (s'ouvre dans un nouvel onglet)` });
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const popup = page.waitForEvent('popup');
    await link.click();
    const tab = await popup;
    await expect(tab).toHaveURL(url);
    await tab.close();

    // A technician reads the directory, logo included, without the admin tools.
    const technicianContext = await browser.newContext();
    const technician = await technicianContext.newPage();
    try {
      await signInStaffThroughApi(technician, 'technicien@demo.fr');
      await technician.goto('/intranet/applications');
      const seen = cardOf(technician, title);
      await expect(seen).toHaveCount(1);
      await expect(seen.locator('img')).toBeVisible();
      await expect(technician.getByRole('button', { name: 'Nouvelle application' })).toHaveCount(0);
      await expect(seen.getByRole('button')).toHaveCount(0);
    } finally {
      await technicianContext.close();
    }

    // The admin deletes it after the confirmation.
    await card.getByRole('button', { name: `Supprimer l'application « ${title} »` }).click();
    const confirm = page.getByRole('dialog', { name: "Supprimer l'application" });
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText("L'application a bien été supprimée.")).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    // A journey stopped half-way leaves the demo directory as it found it.
    const list = await page.request.get('/api/network-applications', { headers });
    const { networkApplications } = (await list.json()) as { networkApplications: { id: number; title: string }[] };
    for (const left of networkApplications.filter((a) => a.title === title)) {
      await page.request.delete(`/api/network-applications/${left.id}`, { headers });
    }
  }
});
