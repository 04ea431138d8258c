import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { screenshotsAt, signInStaffThroughApi } from './helpers';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

/** Picks a file for a dropzone through the browser's file chooser, as a click on it opens. */
async function pickFile(page: Page, dropzone: RegExp, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: dropzone }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByRole('button', { name: `Retirer « ${file.name} »` })).toBeVisible();
}

test('a regional administrator adds a document with a file to the Nord base; a Nord agency user finds it by searching and downloads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Unique, so that a rerun or another journey never meets this one's document.
  const word = Date.now().toString(36);
  const title = `Procédure de mise en service ${word}`;
  // animateur@demo.fr: network animator bound to region 1 (Nord), writes to the Nord base only.
  const writerToken = await signInStaffThroughApi(page, 'animateur@demo.fr');
  let documentId: string | undefined;
  try {
    await page.goto('/intranet/doc-base');
    await page.getByRole('link', { name: /Base documentaire Nord/ }).click();
    await expect(page).toHaveURL(/\/intranet\/doc-base\/3$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Base documentaire Nord' })).toBeVisible();
    await page.getByRole('link', { name: 'Ajouter un document' }).click();
    await expect(page).toHaveURL(/\/intranet\/doc-base\/3\/edit-doc$/);
    const form = page.getByRole('form', { name: 'Document' });
    await form.getByRole('textbox', { name: 'Titre' }).fill(title);
    await form.getByRole('textbox', { name: 'Description courte' }).fill('Les étapes de la mise en service, pas à pas.');
    await form.getByRole('combobox', { name: 'Catégorie' }).click();
    await page.getByRole('option', { name: 'Vie régionale' }).click();
    await form.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Compte rendu' }).click();
    await form.getByRole('radio', { name: 'Adhérents uniquement' }).check();
    await form.getByRole('textbox', { name: 'Contenu' }).click();
    await page.keyboard.insertText('Contrôler la pression, purger, puis lancer le premier essai.');
    await pickFile(page, /^Fichiers/, { name: `procedure-${word}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await screenshotsAt(page, 'doc-bases-edit');
    await form.getByRole('button', { name: 'Publier' }).click();
    await expect(page.getByText('Le document a été enregistré.')).toBeVisible();
    await expect(page).toHaveURL(/\/intranet\/doc-base\/3\/\d+$/);
    documentId = page.url().split('/').pop();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // An agency user of the Nord region finds it with the search box and downloads its file.
    const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const member = await memberContext.newPage();
    try {
      await signInStaffThroughApi(member, 'agence@demo.fr');
      await member.goto('/intranet/doc-base/3');
      const list = member.getByRole('list', { name: 'Documents' });
      await expect(list.getByRole('listitem').first()).toBeVisible();
      await screenshotsAt(member, 'doc-bases-list');
      await member.getByRole('searchbox', { name: 'Rechercher un document' }).fill(word);
      await expect(member).toHaveURL(new RegExp(`search=${word}`));
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await list.getByRole('link', { name: title }).click();
      await expect(member).toHaveURL(new RegExp(`/intranet/doc-base/3/${documentId}$`));
      const article = member.getByRole('article', { name: title });
      await expect(article).toContainText('Contrôler la pression, purger, puis lancer le premier essai.');
      await expect(article.getByText('Compte rendu')).toBeVisible();
      await screenshotsAt(member, 'doc-bases-detail');
      const download = member.waitForEvent('download');
      await article.getByRole('button', { name: `Télécharger procedure-${word}.pdf` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`procedure-${word}.pdf`);
      expect((await readFile(await file.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Back to the list as it was left (the search kept).
      await member.getByRole('link', { name: 'Retour aux documents' }).click();
      await expect(member).toHaveURL(new RegExp(`/intranet/doc-base/3\\?search=${word}$`));
      // A reader has no add button.
      await expect(member.getByRole('link', { name: 'Ajouter un document' })).toHaveCount(0);
      await member.goto('/intranet/doc-base');
      await expect(member.getByRole('link', { name: /Base documentaire Nord/ })).toBeVisible();
      await screenshotsAt(member, 'doc-bases-bases');
    } finally {
      await memberContext.close();
    }

    // The writer deletes it, after confirming.
    await page.getByRole('button', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer ce document ?' });
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Le document a été supprimé.')).toBeVisible();
    await expect(page).toHaveURL(/\/intranet\/doc-base\/3$/);
    documentId = undefined;
  } finally {
    // A journey stopped half-way still takes its document (and its notifications) away.
    if (documentId) {
      await page.request.delete(`/api/document-base-items/${documentId}`, {
        headers: { authorization: `Bearer ${writerToken}` },
      });
    }
  }
});
