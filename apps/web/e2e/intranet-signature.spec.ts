import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { signInThroughApi } from './accounts';
import { latestMailTo, settled, signInStaffThroughApi } from './helpers';

interface StaffUser {
  emailAddress: string;
  password: string;
}

const AGENCY = "Thermi'Nord Valenciennes";

/** A user of the journey's own, like the demo's agency manager (POST /dev/fixtures/staff-user). */
async function newStaffUser(request: APIRequestContext): Promise<StaffUser> {
  const res = await request.post('/dev/fixtures/staff-user', { data: { like: 'thomas.caron@demo.fr' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as StaffUser;
}

/** A one-page PDF made with pdf-lib (version 1.7), or declared 1.4 in its header. */
async function pdf(title: string, version: '1.7' | '1.4' = '1.7'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  page.drawText(title, { x: 50, y: 780, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  const bytes = Buffer.from(await doc.save());
  return version === '1.7' ? bytes : Buffer.concat([Buffer.from('%PDF-1.4', 'latin1'), bytes.subarray(8)]);
}

/** A screenshot of the viewport, scrolled to `focus` first (the shell scrolls its own main area). */
async function shot(page: Page, name: string, focus?: Locator) {
  await focus?.scrollIntoViewIfNeeded();
  await settled(page);
  await page.screenshot({ path: `e2e/screenshots/intranet-signature-${name}.png` });
}

async function fillForm(page: Page, title: string, email: string, file: { name: string; buffer: Buffer }) {
  await page.getByRole('textbox', { name: /^Prénom du signataire/ }).fill('Élodie');
  await page.getByRole('textbox', { name: /^Nom du signataire/ }).fill('Vasseur');
  await page.getByRole('textbox', { name: /^Email du signataire/ }).fill(email);
  await page.getByRole('textbox', { name: /^Titre du document/ }).fill(title);
  // The form's dropzone is the screen's only file field.
  await page.locator('input[type="file"]').setInputFiles({ ...file, mimeType: 'application/pdf' });
  await expect(page.getByRole('button', { name: `Retirer « ${file.name} »` })).toBeVisible();
}

const documentsTable = (page: Page) => page.getByRole('table', { name: 'Documents envoyés en signature' });

test('an agency sends a PDF for signature, the recipient signs it in the sandbox, the row shows signed with its envelope', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36).slice(-5);
  const title = `Contrat entretien ${tag}`;
  const recipient = `elodie.vasseur.${tag}@exemple.fr`;
  const staff = await newStaffUser(page.request);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, 'intranet', staff, { agency: AGENCY });
  await page.goto('/intranet/signature');
  await expect(page.getByRole('heading', { level: 1, name: 'Signature électronique' })).toBeVisible();
  // « Envoyer » waits for a valid form.
  await expect(page.getByRole('button', { name: 'Envoyer en signature' })).toBeHidden();
  const started = new Date();
  await fillForm(page, title, recipient, { name: `contrat-${tag}.pdf`, buffer: await pdf(title) });
  await shot(page, 'form-1440');
  await page.getByRole('button', { name: 'Envoyer en signature' }).click();
  await expect(page.getByText('Document envoyé en signature')).toBeVisible();
  const row = documentsTable(page).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('À signer');

  // The recipient opens the link mailed by the (sandbox) provider and signs.
  const mail = await latestMailTo(page.request, recipient, started);
  const link = mail.text.match(/https?:\/\/[^\s"<>]*(\/api\/esign-sandbox\/[0-9a-f-]{36})/)?.[1];
  expect(link, 'a signing link in the mail').toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Signer' }).click();
  await expect(page.getByText('Document signé. Merci !')).toBeVisible();

  // Back on the screen: signed, seen, and its envelope downloads as a PDF.
  await page.goto('/intranet/signature');
  await expect(row).toContainText(/signé/i);
  await expect(row.getByRole('img', { name: /^Vu par le destinataire le/ })).toBeVisible();
  await shot(page, 'tables-1440', documentsTable(page));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Télécharger le document signé « ${title} »` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The period's archive.
  const [archive] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger signatures.zip' }).click(),
  ]);
  expect(archive.suggestedFilename()).toBe('signatures.zip');

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'recap-390', page.getByRole('heading', { name: 'Récapitulatif mensuel' }));
  await shot(page, 'tables-390', documentsTable(page));
});

test('a PDF older than 1.6 is refused with its own message and the file list is emptied', async ({ page }) => {
  const tag = Date.now().toString(36).slice(-5);
  const staff = await newStaffUser(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page, 'intranet', staff, { agency: AGENCY });
  await page.goto('/intranet/signature');
  await fillForm(page, `Ancien devis ${tag}`, `ancien.${tag}@exemple.fr`, {
    name: `ancien-${tag}.pdf`,
    buffer: await pdf('Ancien', '1.4'),
  });
  await shot(page, 'form-390');
  await page.getByRole('button', { name: 'Envoyer en signature' }).click();
  await expect(
    page.getByText(/Ce PDF est trop ancien : la signature électronique demande un PDF en version 1.6 ou supérieure/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Retirer « ancien-${tag}.pdf »` })).toBeHidden();
  // What was typed stays; « Envoyer » waits for a new PDF.
  await expect(page.getByRole('textbox', { name: /^Titre du document/ })).toHaveValue(`Ancien devis ${tag}`);
  await expect(page.getByRole('button', { name: 'Envoyer en signature' })).toBeHidden();
  await shot(page, 'refused-390');
});

test('staff without the permission see the counts per agency and month, with totals', async ({ page }) => {
  // Read-only: the demo technician of Thermi'Nord Lille.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInStaffThroughApi(page, 'technicien@demo.fr');
  await page.goto('/intranet/signature');
  const table = page.getByRole('table', { name: 'Signatures par adhérent, agence et mois' });
  await expect(table.getByRole('rowheader', { name: "Total Thermi'Nord Lille" })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Prénom du signataire/ })).toBeHidden();
  await shot(page, 'overview-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'overview-390', table);
});
