import { expect, type Page, test } from '@playwright/test';
import { signInStaffThroughApi } from './helpers';

// A 1×1 PNG: the page logos take images (upload type 5).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A director like dirigeant@demo.fr, with an agency of their own (a copy of the demo one): demo data stays as seeded. */
async function signInAsNewDirector(page: Page) {
  const answer = await page.request.post('/dev/fixtures/director');
  expect(answer.status()).toBe(201);
  const { emailAddress, password } = (await answer.json()) as { emailAddress: string; password: string };
  await signInStaffThroughApi(page, emailAddress, password);
}

/** Replaces a rich-text field's text (the editor is a contenteditable textbox named by its label). */
async function typeRichText(page: Page, label: RegExp, text: string) {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await expect(editor).toContainText(text);
}

// Each journey signs in as a director of their own (a copy of dirigeant@demo.fr and their agency).
const tagOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test('a director edits the agency page: subtitle, who we are, a logo upload, all shown after a reload', async ({ page }) => {
  const tag = tagOf();
  await signInAsNewDirector(page);
  await page.goto('/intranet/agency-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page de mon agence' })).toBeVisible();

  const presentation = page.getByRole('region', { name: 'Présentation' });
  const subtitle = presentation.getByLabel('Sous-titre de la page');
  await expect(subtitle).not.toHaveValue('');
  await subtitle.fill(`Chauffage et climatisation ${tag}`);
  await typeRichText(page, /Qui sommes-nous/, `Une équipe de douze techniciens ${tag}.`);

  const pictures = page.getByRole('region', { name: 'Images' });
  const removeLogo = pictures.getByRole('button', { name: /^Retirer « Logo \d+ »$/ });
  const logosBefore = await removeLogo.count();
  expect(logosBefore).toBeGreaterThan(0);
  await pictures
    .locator('input[type="file"]')
    .nth(1)
    .setInputFiles({ name: `logo-${tag}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(pictures.getByRole('button', { name: `Retirer « logo-${tag}.png »` })).toBeVisible();

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText("La page de l'agence a bien été enregistrée.")).toBeVisible();

  await page.reload();
  await expect(subtitle).toHaveValue(`Chauffage et climatisation ${tag}`);
  await expect(page.getByRole('textbox', { name: /Qui sommes-nous/ })).toContainText(`Une équipe de douze techniciens ${tag}.`);
  await expect(removeLogo).toHaveCount(logosBefore + 1);
});

test('a director adds a content to the agency page: back on the page, still there after a reload', async ({ page }) => {
  const tag = tagOf();
  await signInAsNewDirector(page);
  await page.goto('/intranet/agency-page');
  await page.getByRole('link', { name: 'Ajouter un contenu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau contenu' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Contenu' });
  await form.getByRole('textbox', { name: 'Titre du contenu' }).fill(`Nos astreintes ${tag}`);
  await typeRichText(page, /^Texte/, 'Un technicien joignable le week-end.');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/intranet\/agency-page$/);
  const contents = page.getByRole('region', { name: 'Contenus de la page' });
  await expect(contents.getByText(`Nos astreintes ${tag}`)).toBeVisible();
  await page.reload();
  await expect(contents.getByText(`Nos astreintes ${tag}`)).toBeVisible();
  await expect(contents.getByRole('switch', { name: `« Nos astreintes ${tag} » actif` })).toBeChecked();
});

test('a director edits the contact details of my agency, shown after a reload', async ({ page }) => {
  const tag = tagOf();
  await signInAsNewDirector(page);
  await page.goto('/intranet/my-agency');
  const contact = page.getByRole('region', { name: 'Coordonnées' });
  const address2 = contact.getByLabel("Complément d'adresse");
  await expect(contact.getByLabel(/Ville/)).not.toHaveValue('');
  await address2.fill(`Bâtiment ${tag}`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Agence mise à jour')).toBeVisible();
  await page.reload();
  await expect(address2).toHaveValue(`Bâtiment ${tag}`);
});
