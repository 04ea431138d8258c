import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, signInStaffThroughApi } from './helpers';

const newsList = (page: Page) => page.getByRole('list', { name: 'Actualités du réseau' });
const cards = (page: Page) => newsList(page).getByRole('listitem');

test('news list: filter by a category, page 2, open a news item and come back to the same page', async ({ page }) => {
  const accessToken = await signInStaffThroughApi(page, 'admin@demo.fr');
  await page.goto('/intranet/network-news');
  await expect(page.getByRole('heading', { level: 1, name: 'Actualités' })).toBeVisible();
  await expectAccessible(page, 'the news list');
  await expect(cards(page)).toHaveCount(10);
  await expect(page.getByRole('link', { name: 'Ajouter une actualité' })).toBeVisible();

  // A category chip filters the cards and writes itself in the address.
  const chips = page.getByRole('radiogroup', { name: 'Catégories' });
  await chips.locator('label', { hasText: 'Réglementation' }).click();
  await expect(page).toHaveURL(/\/intranet\/network-news\?categoryId=\d+$/);
  await expect(chips.getByRole('radio', { name: 'Réglementation' })).toBeChecked();
  await expect(cards(page).first()).toContainText('Réglementation');
  const filtered = await cards(page).count();
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(10);
  for (const card of await cards(page).all()) await expect(card).toContainText('Réglementation');

  // All categories again, then the second page.
  await chips.locator('label', { hasText: 'Toutes' }).click();
  await expect(page).toHaveURL(/\/intranet\/network-news$/);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/intranet\/network-news\?page=2$/);
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  // The previous page stays on screen while the next one loads: wait for page 2's own first card,
  // as the API lists it, before reading it.
  const pageTwo = await page.request.get('/api/network-actualities?pageNumber=2&pageSize=10', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(pageTwo.ok()).toBe(true);
  const title = ((await pageTwo.json()) as { networkActualities: { title: string }[] }).networkActualities[0]?.title ?? '';
  expect(title).not.toBe('');
  const first = cards(page).first();
  await expect(first.getByRole('heading')).toHaveText(title);
  const wasUnread = await first.getByText('Non lue').isVisible();

  // Open it: the detail, then back to page 2.
  await first.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/intranet\/network-news\/\d+$/);
  const newsId = page.url().split('/').pop();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Retour aux actualités' }).click();
  await expect(page).toHaveURL(/\/intranet\/network-news\?page=2$/);
  await expect(cards(page).first().getByRole('heading')).toHaveText(title);
  // Opened, so read.
  await expect(cards(page).first().getByText('Non lue')).toHaveCount(0);

  // Leave the demo account's read marks as they were.
  if (wasUnread) {
    const restored = await page.request.delete(`/api/network-actualities-unread/${newsId}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(restored.status()).toBe(204);
  }
});

/** A 1×1 PNG and a one-page PDF, as an author would pick them from disk. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

/** Picks a file for a dropzone through the browser's file chooser, as a click on it opens. */
async function pickFile(page: Page, dropzone: RegExp, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: dropzone }).click();
  await (await chooser).setFiles(file);
  // Uploaded: the form holds it, with its remove button.
  await expect(page.getByRole('button', { name: `Retirer « ${file.name} »` })).toBeVisible();
}

test('a network admin publishes an adherents-only news item with an illustration and a file; a director reads it, a technician never sees it', async ({
  page,
  browser,
}) => {
  // Three users in turn and two uploads: more than one screen's worth of time on a busy machine.
  test.setTimeout(90_000);
  // Unique, so that a rerun or another journey never meets this one's news item.
  const title = `Portes ouvertes des agences ${Date.now().toString(36)}`;
  const adminToken = await signInStaffThroughApi(page, 'admin@demo.fr');
  let newsId: string | undefined;
  try {
    // The network admin writes it.
    await page.goto('/intranet/network-news');
    await page.getByRole('link', { name: 'Ajouter une actualité' }).click();
    await expect(page).toHaveURL(/\/intranet\/network-news-edit$/);
    const form = page.getByRole('form', { name: 'Actualité' });
    await form.getByRole('textbox', { name: 'Titre' }).fill(title);
    await form.getByRole('combobox', { name: 'Catégorie' }).click();
    await page.getByRole('option', { name: 'Événement' }).click();
    await form.getByRole('radio', { name: 'Adhérents uniquement' }).check();
    await form.getByRole('textbox', { name: 'Texte' }).click();
    await page.keyboard.insertText('Les agences du réseau ouvrent leurs portes le samedi 6 juin. Programme joint.');
    await pickFile(page, /^Illustrations/, { name: 'affiche-portes-ouvertes.png', mimeType: 'image/png', buffer: PNG });
    await pickFile(page, /^Fichiers joints/, { name: 'programme-portes-ouvertes.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Publier' }).click();
    await expect(page.getByText("L'actualité a bien été enregistrée.")).toBeVisible();
    await expect(page).toHaveURL(/\/intranet\/network-news\/\d+$/);
    newsId = page.url().split('/').pop();
    const published = page.getByRole('article', { name: title });
    await expect(published.getByRole('img', { name: `Illustration de l'actualité « ${title} »` })).toBeVisible();
    await expect(published.getByRole('button', { name: 'programme-portes-ouvertes.pdf' })).toBeVisible();

    // A director (adherent level) finds it unread at the top of the list, opens it, downloads its file.
    const directorContext = await browser.newContext();
    const director = await directorContext.newPage();
    try {
      await signInStaffThroughApi(director, 'dirigeant@demo.fr');
      await director.goto('/intranet/network-news');
      const card = cards(director).filter({ has: director.getByRole('heading', { name: title }) });
      await expect(card).toHaveCount(1);
      await expect(card.getByText('Non lue')).toBeVisible();
      await expect(card.getByText('Événement')).toBeVisible();
      await card.getByRole('link', { name: title }).click();
      await expect(director).toHaveURL(new RegExp(`/intranet/network-news/${newsId}$`));
      const article = director.getByRole('article', { name: title });
      await expect(article).toContainText('Les agences du réseau ouvrent leurs portes le samedi 6 juin.');
      await expect(article.getByRole('img', { name: `Illustration de l'actualité « ${title} »` })).toBeVisible();
      const download = director.waitForEvent('download');
      await article.getByRole('button', { name: 'programme-portes-ouvertes.pdf' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('programme-portes-ouvertes.pdf');
      const saved = await file.path();
      const { readFile } = await import('node:fs/promises');
      expect((await readFile(saved)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Back on the list, it shows as read.
      await director.getByRole('link', { name: 'Retour aux actualités' }).click();
      await expect(director).toHaveURL(/\/intranet\/network-news$/);
      await expect(card.getByText('Lue', { exact: true })).toBeVisible();
      await expect(card.getByText('Non lue')).toHaveCount(0);
    } finally {
      await directorContext.close();
    }

    // A technician (role 6) reads only public news: not in the list, not by its address.
    const technicianContext = await browser.newContext();
    const technician = await technicianContext.newPage();
    try {
      await signInStaffThroughApi(technician, 'technicien@demo.fr');
      await technician.goto('/intranet/network-news');
      await expect(cards(technician).first()).toBeVisible();
      await expect(newsList(technician).getByRole('heading', { name: title })).toHaveCount(0);
      await technician.getByRole('searchbox', { name: 'Rechercher une actualité' }).fill(title);
      await expect(technician.getByText('Aucune actualité', { exact: true })).toBeVisible();
      await technician.goto(`/intranet/network-news/${newsId}`);
      await expect(technician).toHaveURL(/\/intranet\/network-news$/);
      await expect(technician.getByText("Erreur lors du chargement de l'actualité")).toBeVisible();
      await expect(technician.getByRole('article', { name: title })).toHaveCount(0);
    } finally {
      await technicianContext.close();
    }

    // The author deletes it, after confirming.
    await page.getByRole('link', { name: 'Modifier' }).click();
    await expect(page).toHaveURL(new RegExp(`/intranet/network-news-edit\\?id=${newsId}$`));
    await page.getByRole('button', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('dialog', { name: "Supprimer l'actualité" });
    await expect(dialog).toContainText(`« ${title} »`);
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText("L'actualité a bien été supprimée.")).toBeVisible();
    await expect(page).toHaveURL(/\/intranet\/network-news$/);
    await expect(newsList(page).getByRole('heading', { name: title })).toHaveCount(0);
    newsId = undefined;
  } finally {
    // A journey stopped half-way still takes its news item (and its read marks, notifications) away.
    if (newsId) {
      await page.request.delete(`/api/network-actualities/${newsId}`, { headers: { authorization: `Bearer ${adminToken}` } });
    }
  }
});
