import { expect, type Page, test } from '@playwright/test';
import { screenshotsAt, signInStaffThroughApi } from './helpers';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

interface ForumUser {
  emailAddress: string;
  password: string;
  fullName: string;
}

/** A technician of an agency of their own (POST /dev/fixtures/forum-user): demo accounts stay as seeded. */
async function newTechnician(page: Page): Promise<ForumUser> {
  const answer = await page.request.post('/dev/fixtures/forum-user');
  expect(answer.status()).toBe(201);
  return (await answer.json()) as ForumUser;
}

test('a technician opens a thread with an attachment, another answers it, the author closes it and the reply form goes', async ({
  page,
}) => {
  // Two users in turn, an upload and screenshots at two widths.
  test.setTimeout(120_000);
  const title = `Code défaut F28 après coupure ${Date.now().toString(36)}`;
  const author = await newTechnician(page);
  const replier = await newTechnician(page);

  await signInStaffThroughApi(page, author.emailAddress, author.password);
  await page.goto('/intranet/forum');
  await page.getByRole('link', { name: /Forum technique/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forum technique' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sujets du forum' })).toBeVisible();
  await page.getByRole('link', { name: 'Nouveau sujet' }).click();

  const form = page.getByRole('form', { name: 'Nouveau sujet' });
  await form.getByRole('textbox', { name: 'Titre' }).fill(title);
  await form.getByRole('combobox', { name: 'Thème' }).click();
  await page.getByRole('option', { name: 'Chaudières gaz' }).click();
  await form.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('La chaudière se met en défaut au démarrage.');
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: /Pièces jointes/ }).click();
  await (await chooser).setFiles({ name: 'notice-f28.pdf', mimeType: 'application/pdf', buffer: PDF });
  const fileName = form.getByRole('textbox', { name: 'Nom de la pièce jointe 1' });
  await expect(fileName).toHaveValue('notice-f28');
  await fileName.fill('Notice du fabricant');
  await screenshotsAt(page, 'intranet-forums-create-thread');
  await form.getByRole('button', { name: 'Publier le sujet' }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/intranet\/forum\/2\/thread\/\d+$/);
  const threadUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('button', { name: 'Notice du fabricant' })).toBeVisible();
  await expect(page.getByText('Aucune réponse pour le moment.')).toBeVisible();

  // Another technician answers.
  await signInStaffThroughApi(page, replier.emailAddress, replier.password);
  await page.goto(threadUrl);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clore le sujet' })).toHaveCount(0);
  const replyForm = page.getByRole('form', { name: 'Répondre au sujet' });
  await replyForm.getByRole('textbox', { name: 'Votre réponse' }).click();
  await page.keyboard.type('Vérifiez la pression dynamique au brûleur.');
  await replyForm.getByRole('button', { name: 'Envoyer la réponse' }).click();
  const reply = page.getByRole('article', { name: `Réponse de ${replier.fullName}` });
  await expect(reply).toContainText('Vérifiez la pression dynamique au brûleur.');
  await expect(page.getByRole('heading', { name: '1 réponse' })).toBeVisible();

  // The author sees the answer and closes the thread: the reply form disappears.
  const authorToken = await signInStaffThroughApi(page, author.emailAddress, author.password);
  await page.goto(threadUrl);
  await expect(page.getByRole('article', { name: `Réponse de ${replier.fullName}` })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Répondre au sujet' })).toBeVisible();
  await screenshotsAt(page, 'intranet-forums-thread');
  await page.getByRole('button', { name: 'Clore le sujet' }).click();
  await expect(page.getByRole('button', { name: 'Rouvrir le sujet' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Répondre au sujet' })).toHaveCount(0);
  await expect(page.getByText('Ce sujet est clos : il ne reçoit plus de réponse.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
  await screenshotsAt(page, 'intranet-forums-thread-closed');

  // The list shows it closed, with its answer.
  await page.getByRole('link', { name: 'Retour aux sujets' }).click();
  await page.getByRole('searchbox', { name: 'Rechercher un sujet' }).fill(title);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Clos');
  await expect(row).toContainText('1');
  await screenshotsAt(page, 'intranet-forums-list');

  // The author deletes it: its notifications to the forum's readers (demo users among them) go with it.
  const threadId = threadUrl.split('/').pop();
  const deleted = await page.request.delete(`/api/forum-threads/${threadId}`, {
    headers: { authorization: `Bearer ${authorToken}` },
  });
  expect(deleted.status()).toBe(204);
});
