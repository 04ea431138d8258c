import { expect, type Page, test } from '@playwright/test';
import { latestMailTo, signInStaffThroughApi } from './helpers';

/** A director like dirigeant@demo.fr with an agency of their own (job_offer_administration): the demo's offers stay as seeded. */
async function signInAsNewDirector(page: Page) {
  const answer = await page.request.post('/dev/fixtures/director');
  expect(answer.status()).toBe(201);
  const { emailAddress, password } = (await answer.json()) as { emailAddress: string; password: string };
  await signInStaffThroughApi(page, emailAddress, password);
}

interface OutboxMail {
  to: string;
}

test('an agency starts a job offer from a network template, publishes it, and its recipient is mailed once', async ({ page }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const recipient = `candidats.${tag}@exemple.fr`;
  const started = new Date(Date.now() - 1000);
  await signInAsNewDirector(page);

  await page.goto('/intranet/job-offer');
  await expect(page.getByRole('heading', { level: 1, name: "Nouvelle offre d'emploi" })).toBeVisible();
  // The demo network's template (demo-jobs-results.ts) fills the form.
  await page.getByRole('combobox', { name: "Partir d'un modèle" }).click();
  await page.getByRole('option', { name: 'Technicien de maintenance chauffage (H/F)' }).click();
  const title = page.getByRole('textbox', { name: 'Intitulé du poste' });
  await expect(title).toHaveValue('Technicien de maintenance chauffage (H/F)');
  await expect(page.getByRole('combobox', { name: 'Type de contrat' })).toHaveValue('CDI');
  await expect(page.getByRole('textbox', { name: 'Description' })).toContainText("l'entretien annuel et le dépannage");
  const offerTitle = `Technicien de maintenance – essai ${tag}`;
  await title.fill(offerTitle);
  await page.getByRole('textbox', { name: 'Zone géographique' }).fill('Lille et métropole');
  await page.getByRole('textbox', { name: 'Destinataires' }).fill(`${recipient}, rh.${tag}@exemple.fr`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(/\/intranet\/job-offers$/);
  await expect(page.getByText("L'offre d'emploi a bien été créée.")).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: offerTitle }) });
  await expect(row.getByText('Non publiée')).toBeVisible();
  const active = row.getByRole('switch', { name: `Offre « ${offerTitle} » active` });
  await expect(active).not.toBeChecked();

  // Mantine's switch input is visually hidden under its track: force the click on the input.
  await active.click({ force: true });
  await expect(page.getByText("L'offre est active : ses destinataires la reçoivent par email.")).toBeVisible();
  await expect(active).toBeChecked();
  const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date()).replaceAll('/', '.');
  await expect(row.getByText(today)).toBeVisible();

  const mail = await latestMailTo(page.request, recipient, started);
  expect(mail.subject).toBe(`Offre d'emploi : ${offerTitle}`);
  expect(mail.text).toContain('Type de contrat : CDI');
  expect(mail.text).toContain('Domaine : Maintenance');
  expect(mail.text).toContain('Zone géographique : Lille et métropole');
  expect(mail.text).toContain("l'entretien annuel et le dépannage");

  // Off and on again: the recipient heard of it once. Each click waits for its save and for the
  // switch to be free again (it is disabled until the list is read back).
  const toggle = async () => {
    await expect(active).toBeEnabled();
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/job-offers/'));
    // As a keyboard user: Space on the focused switch.
    await active.focus();
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(204);
    await expect(active).toBeEnabled();
  };
  await toggle();
  await expect(active).not.toBeChecked();
  await toggle();
  await expect(active).toBeChecked();
  // The switch shows the server's state once read back, so both saves are done: no mail is on its way.
  const mails = (await (await page.request.get('/dev/mailbox.json')).json()) as OutboxMail[];
  expect(mails.filter((m) => m.to === recipient)).toHaveLength(1);
});
