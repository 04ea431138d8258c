import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { signInThroughApi } from './accounts';
import { latestMailTo, linkIn, openContract, rowOf, signIn } from './helpers';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run import -- …` typed in `folder`, as an agency's staff member would (npm runs the script
 * from the project root; the paths stay relative to `folder`), the key in the environment.
 */
function importCommand(folder: string, apiKey: string, args: string[]): Promise<CommandRun> {
  return new Promise((done) => {
    execFile(
      'npm',
      ['--prefix', projectRoot, 'run', '--silent', 'import', '--', ...args],
      { cwd: folder, env: { ...process.env, RESEAU_API_KEY: apiKey } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** A director of an agency of the journey's own (POST /dev/fixtures/director): no demo agency changes. */
async function newAgencyDirector(page: Page) {
  const res = await page.request.post('/dev/fixtures/director');
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { emailAddress: string; password: string; agencyId: number; agencyName: string };
}

async function onePagePdf(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  page.drawText(title, { x: 50, y: 780, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

test('an agency imports its software’s export with npm run import; the invited customer signs in and finds the contract, the quote and the invoice', async ({
  page,
  request,
  baseURL,
}) => {
  // Seven runs of the command, each a node process of its own.
  test.setTimeout(120_000);
  const director = await newAgencyDirector(page);
  const tag = Date.now().toString(36);
  const email = `import.${tag}@exemple.fr`;
  const folder = await mkdtemp(join(tmpdir(), 'import-journey-'));

  try {
    // The director makes a key for the software in "Mon agence" and copies it from the screen.
    await signInThroughApi(page, 'intranet', director, { agency: director.agencyName });
    await page.goto('/intranet/my-agency');
    const section = page.getByRole('region', { name: 'Connexion à votre logiciel' });
    await section.getByRole('textbox', { name: 'Nom de la clé' }).fill('Logiciel de gestion');
    await section.getByRole('button', { name: 'Créer une clé' }).click();
    await expect(section.getByText('Clé « Logiciel de gestion » créée')).toBeVisible();
    const apiKey = (await section.getByLabel("Clé d'API", { exact: true }).textContent())?.trim() ?? '';
    expect(apiKey).not.toBe('');

    // The software's export: one new customer to invite, their contract, a quote and an invoice to pay (with their PDFs).
    await writeFile(
      join(folder, 'clients.csv'),
      `externalRef;email;firstName;lastName;invite\nCLI-${tag};${email};Lucie;Bernard;oui\n`,
    );
    await writeFile(
      join(folder, 'contrats.csv'),
      `externalRef;clientEmail;route;postalCode;locality;equipmentType\nCTR-${tag};${email};"12 rue des Lilas; bât. B";69003;Lyon;Chaudière gaz\n`,
    );
    await writeFile(
      join(folder, 'devis.csv'),
      `externalRef;contractRef;amountIncludingTax;issueDate;isAccepted\nDEV-${tag};CTR-${tag};245000;2026-11-20;non\n`,
    );
    // One folder of PDFs per type: --dir attaches every PDF of the folder to an item of --type.
    await mkdir(join(folder, 'devis-pdf'));
    await writeFile(join(folder, 'devis-pdf', `DEV-${tag}.pdf`), await onePagePdf(`Devis DEV-${tag}`));
    await mkdir(join(folder, 'factures-pdf'));
    await writeFile(join(folder, 'factures-pdf', `FAC-${tag}.pdf`), await onePagePdf(`Facture FAC-${tag}`));
    await writeFile(
      join(folder, 'factures.csv'),
      `externalRef;contractRef;amountIncludingTax;leftToPayIncludingTax;issueDate\nFAC-${tag};CTR-${tag};18000;18000;2026-11-21\n`,
    );
    const agency = ['--agency', String(director.agencyId), '--url', baseURL!];

    const invited = new Date(Date.now() - 1000);
    const clients = await importCommand(folder, apiKey, [...agency, '--type', 'client', 'clients.csv']);
    expect(clients.stdout).toContain('créés : 1 · mis à jour : 0 · inchangés : 0 · en erreur : 0');
    expect(clients.code, clients.stderr).toBe(0);
    const invitation = await latestMailTo(request, email, invited);
    expect(invitation.subject).toBe('Votre espace client vous attend');

    for (const [type, file, extra] of [
      ['contract', 'contrats.csv', []],
      ['quotation', 'devis.csv', ['--dir', 'devis-pdf']],
      ['invoice', 'factures.csv', ['--dir', 'factures-pdf']],
    ] as const) {
      const run = await importCommand(folder, apiKey, [...agency, '--type', type, file, ...extra]);
      expect(run.stdout, file).toContain('Terminé, sans erreur.');
      expect(run.code, run.stderr).toBe(0);
      if (extra.length > 0) expect(run.stdout).toContain(`${extra[1]}/ : 1 PDF\n  créés : 1`);
    }
    // A second night with the same export changes nothing.
    const again = await importCommand(folder, apiKey, [...agency, '--type', 'quotation', 'devis.csv', '--dir', 'devis-pdf']);
    expect(again.stdout.match(/créés : 0 · mis à jour : 0 · inchangés : 1 · en erreur : 0\n/g)).toHaveLength(2);

    // The key is revoked in the intranet: the command is refused at once.
    await section.getByRole('button', { name: "J'ai copié la clé" }).click();
    await expect(section.getByLabel("Clé d'API", { exact: true })).toBeHidden();
    await section.getByRole('button', { name: 'Révoquer la clé « Logiciel de gestion »' }).click();
    await page.getByRole('dialog', { name: 'Révoquer cette clé ?' }).getByRole('button', { name: 'Révoquer' }).click();
    await expect(page.getByText('La clé a été révoquée')).toBeVisible();
    const revoked = await importCommand(folder, apiKey, [...agency, '--type', 'client', 'clients.csv']);
    expect(revoked.stderr).toMatch(/^Erreur : Clé d'API refusée \(401\)/);
    expect(revoked.code).toBe(1);

    // The customer follows the invitation: first connection with the address locked.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(linkIn(invitation, '/extranet/login'));
    await expect(page.getByRole('textbox', { name: 'Adresse email' })).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: 'Adresse email' })).toHaveAttribute('readonly', '');
    const password = `Bienvenue${tag}A1`;
    await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill(password);
    await page.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill(password);
    const asked = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'Créer mon accès' }).click();
    await expect(page.getByRole('heading', { name: 'Vérifiez votre boîte de réception' })).toBeVisible();
    await page.goto(linkIn(await latestMailTo(request, email, asked), '/extranet/verify-email'));
    await page.getByLabel(/^Saisissez le mot de passe choisi lors de votre demande/).fill(password);
    await page.getByRole('button', { name: 'Activer mon espace client' }).click();
    await expect(page.getByText(/Votre adresse email a été vérifiée/)).toBeVisible();

    await signIn(page, email, password);
    // The agency (a copy of a demo one) shows its advertisement once a session.
    const advertisement = page.getByRole('dialog', { name: `Une offre de ${director.agencyName}` });
    await expect(advertisement).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(advertisement).toBeHidden();
    await expect(page.getByRole('heading', { name: /^Bonjour Lucie/ })).toBeVisible();

    await openContract(page, `CTR-${tag}`, 'Devis');
    await expect(rowOf(page, new RegExp(`Devis n° DEV-${tag}`))).toBeVisible();
    await page.getByRole('tab', { name: 'Factures' }).click();
    await expect(rowOf(page, new RegExp(`Facture n° FAC-${tag}`))).toBeVisible();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
