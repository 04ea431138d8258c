import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readStoredZip } from '../../api/test/zip-reader';
import { signInThroughApi } from './accounts';
import { expectAccessible, latestMailTo, linkIn } from './helpers';

test('a staff member asks for their own data from the profile menu and downloads the ZIP from the mail', async ({ page }) => {
  // A copy of an agency user: the demo accounts stay as seeded.
  const res = await page.request.post('/dev/fixtures/staff-user', { data: { like: 'agence@demo.fr' } });
  expect(res.status(), await res.text()).toBe(201);
  const staff = (await res.json()) as { emailAddress: string; password: string };
  await signInThroughApi(page, 'intranet', staff);
  await page.goto('/intranet');
  await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();

  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Mes données' }).click();
  await expect(page.getByRole('heading', { name: 'Mes données', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'Télécharger mes données' });
  const asked = new Date(Date.now() - 1000);
  await section.getByRole('button', { name: 'Télécharger mes données' }).click();
  await expect(section.getByText(/Vous recevrez un e-mail dès que le fichier sera prêt/)).toBeVisible();
  await expectAccessible(page, 'Mes données, export asked');

  const mail = await latestMailTo(page.request, staff.emailAddress, asked);
  await page.goto(linkIn(mail, '/intranet/data-export'));
  await expect(page.getByRole('heading', { name: 'Vos données', level: 1 })).toBeVisible();
  await expectAccessible(page, 'intranet data export download page');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le fichier ZIP' }).click();
  const download = await downloading;
  const entries = readStoredZip(await readFile((await download.path())!));
  const data = JSON.parse(entries.get('donnees.json')!.toString('utf8')) as { account: { emailAddress: string; roleId: number } };
  expect(data.account).toMatchObject({ emailAddress: staff.emailAddress, roleId: 9 });
});
