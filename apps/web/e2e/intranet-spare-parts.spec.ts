import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from './accounts';
import { settled } from './helpers';

interface StaffUser {
  emailAddress: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A user of the journey's own, like a demo staff account (POST /dev/fixtures/staff-user). */
async function newStaffUser(request: APIRequestContext, like: string): Promise<StaffUser> {
  const res = await request.post('/dev/fixtures/staff-user', { data: { like } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as StaffUser;
}

const board = (page: Page) => page.getByRole('list', { name: 'Annonces de pièces détachées' });
const cardOf = (page: Page, title: string) => board(page).getByRole('article', { name: title });

async function shot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `e2e/screenshots/spare-parts-${name}.png` });
}

test('a technician publishes a request, a user of another adherent answers "J\'en ai", the author opens it from the bell', async ({
  browser,
  page,
}) => {
  // Two users, two browser contexts and a lazy form: longer than one screen's journey.
  test.setTimeout(90_000);
  const tag = Date.now().toString(36).slice(-5);
  const title = `Mitigeur thermostatique ${tag}`;
  const author = await newStaffUser(page.request, 'technicien@demo.fr');
  const applicant = await newStaffUser(page.request, 'jeremy.bonnet@demo.fr');

  // The author publishes a request from the modal.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, 'intranet', author, { agency: "Thermi'Nord Lille" });
  await page.goto('/intranet/spare-parts');
  await expect(page.getByRole('heading', { level: 1, name: 'Bourse aux pièces' })).toBeVisible();
  await expect(board(page).getByRole('article').first()).toBeVisible();
  await page.getByRole('button', { name: 'Nouvelle annonce' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle annonce' });
  await expect(form.getByText('Une demande reste visible 1 semaine et une offre 6 mois après sa publication.')).toBeVisible();
  await form.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Demande' }).click();
  await form.getByRole('combobox', { name: /^Énergie/ }).click();
  await page.getByRole('option', { name: 'Gaz' }).click();
  await form.getByRole('textbox', { name: /^Titre/ }).fill(title);
  await form.getByRole('textbox', { name: /^Description/ }).fill('Mitigeur pour ballon sanitaire, 3/4, besoin cette semaine.');
  await expect(form.getByText('58/130')).toBeVisible();
  await form.getByRole('textbox', { name: /^Contact/ }).fill('06 62 39 17 48');
  await shot(page, 'form-1440');
  await form.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText('Votre annonce a été publiée')).toBeVisible();
  await expect(form).toBeHidden();
  await page.getByRole('tab', { name: 'Mes annonces en cours' }).click();
  await expect(page).toHaveURL(/tab=mine/);
  const mine = cardOf(page, title);
  await expect(mine).toContainText('Demande');
  await expect(mine.getByRole('button', { name: `Modifier l'annonce « ${title} »` })).toBeVisible();

  // A user of another adherent answers it.
  const other = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    locale: 'fr-FR',
    viewport: { width: 390, height: 844 },
  });
  const applicantPage = await other.newPage();
  await signInThroughApi(applicantPage, 'intranet', applicant, { agency: 'Val de Loire Thermique Orléans' });
  await applicantPage.goto('/intranet/spare-parts?typeCode=DEMANDE');
  const theirs = cardOf(applicantPage, title);
  await expect(theirs).toContainText(`${author.firstName} ${author.lastName}`);
  // New to them (spec 00 §4: read, unread): marked read, it says so no more.
  await expect(theirs).toContainText('Nouvelle');
  await shot(applicantPage, 'board-390');
  await theirs.getByRole('button', { name: `Marquer l'annonce « ${title} » comme lue` }).click();
  await expect(theirs.getByRole('button', { name: `Marquer l'annonce « ${title} » comme non lue` })).toBeVisible();
  await expect(theirs).not.toContainText('Nouvelle');
  await theirs.getByRole('button', { name: `J'en ai : ${title}` }).click();
  await expect(applicantPage.getByText("Votre réponse a été envoyée à l'auteur de l'annonce")).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Réponse envoyée' })).toBeDisabled();
  await other.close();

  // The author sees it in the bell and opens the announcement from it.
  await page.reload();
  await page.getByRole('button', { name: /^Notifications : 1 non lue/ }).click();
  const notification = page.getByRole('link', {
    name: new RegExp(
      `${applicant.firstName} ${applicant.lastName} \\(Val de Loire Thermique Orléans\\) dispose de la pièce de votre annonce « ${title} »`,
    ),
  });
  await expect(notification).toBeVisible();
  await expect(notification).toContainText(applicant.emailAddress);
  await notification.click();
  await expect(page).toHaveURL(/\/intranet\/spare-parts\?id=\d+/);
  const edit = page.getByRole('dialog', { name: "Modifier l'annonce" });
  await expect(edit.getByRole('textbox', { name: /^Titre/ })).toHaveValue(title);
  await shot(page, 'edit-1440');
  await edit.getByRole('button', { name: 'Annuler' }).click();
  await expect(edit).toBeHidden();
  await page.goto('/intranet/spare-parts');
  await expect(board(page).getByRole('article').first()).toBeVisible();
  await shot(page, 'board-1440');

  // Found: the author ends the request before its week is over (spec 00 §4: "over").
  await page.getByRole('tab', { name: 'Mes annonces en cours' }).click();
  await cardOf(page, title)
    .getByRole('button', { name: `Terminer l'annonce « ${title} »` })
    .click();
  const end = page.getByRole('dialog', { name: "Terminer l'annonce" });
  await end.getByRole('button', { name: 'Terminer' }).click();
  await expect(page.getByText("L'annonce est terminée")).toBeVisible();
  // No longer in progress: it leaves "my announcements in progress".
  await expect(cardOf(page, title)).toHaveCount(0);
});
