import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readStoredZip } from '../../api/test/zip-reader';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, latestMailTo, linkIn } from './helpers';

/** The contract references the customer sees (GET /agency-contracts/mine with their own token). */
async function contractReferences(
  request: import('@playwright/test').APIRequestContext,
  account: { emailAddress: string; password: string | null },
) {
  const signIn = await request.post('/api/auth/client', {
    data: { emailAddress: account.emailAddress, password: account.password },
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const res = await request.get('/api/agency-contracts/mine', { headers: { authorization: `Bearer ${accessToken}` } });
  const { agencyContracts } = (await res.json()) as { agencyContracts: { reference: string }[] };
  return agencyContracts.map((c) => c.reference);
}

test('a customer asks for their data, opens the mailed link and finds their contract in the ZIP', async ({ page }) => {
  const customer = await openExtranetAsNewCustomer(page, 'client2@demo.fr');
  const [reference] = await contractReferences(page.request, customer);
  expect(reference).toBeTruthy();

  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Informations personnelles' }).click();
  const section = page.getByRole('region', { name: 'Télécharger mes données' });
  await expect(section.getByText(/lien de téléchargement valable 7 jours/)).toBeVisible();
  const asked = new Date(Date.now() - 1000);
  await section.getByRole('button', { name: 'Télécharger mes données' }).click();
  await expect(section.getByText(/Vous recevrez un e-mail dès que le fichier sera prêt/)).toBeVisible();
  await expectAccessible(page, 'personal info, data export asked');

  const mail = await latestMailTo(page.request, customer.emailAddress, asked);
  expect(mail.subject).toBe('Vos données sont prêtes à être téléchargées');
  await page.goto(linkIn(mail, '/extranet/data-export'));
  await expect(page.getByRole('heading', { name: 'Vos données', level: 1 })).toBeVisible();
  await expectAccessible(page, 'data export download page');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le fichier ZIP' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('mes-donnees.zip');
  const entries = readStoredZip(await readFile((await download.path())!));
  const data = JSON.parse(entries.get('donnees.json')!.toString('utf8')) as {
    account: { emailAddress: string };
    agencyContracts: { reference: string }[];
  };
  expect(data.account.emailAddress).toBe(customer.emailAddress);
  expect(data.agencyContracts.map((c) => c.reference)).toContain(reference);
  await expect(page.getByText('Le téléchargement a commencé. Vous pouvez fermer cette page.')).toBeVisible();

  // A link that cannot be one of ours says so in French.
  await page.goto('/extranet/data-export?token=abc');
  await expect(page.getByRole('alert')).toHaveText(
    'Ce lien de téléchargement n’est plus valable : demandez un nouvel export de vos données.',
  );
});
