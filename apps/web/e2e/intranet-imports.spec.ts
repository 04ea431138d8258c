import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { AGENCY_API_KEY_HEADER } from '@reseau/contracts/constants/agency-api-keys';
import { MESSAGES } from '@reseau/contracts/constants/messages';
import { expectAccessible, menuEntries, settled, signInStaffThroughApi } from './helpers';

/** A director like dirigeant@demo.fr with an agency of their own: the demo agencies get no import. */
async function newDirector(page: Page) {
  const answer = await page.request.post('/dev/fixtures/director');
  expect(answer.status()).toBe(201);
  return (await answer.json()) as { emailAddress: string; password: string; agencyId: number; agencyName: string };
}

test('a director reads an import of the agency’s software and downloads its errors as a CSV', async ({ page }) => {
  const director = await newDirector(page);
  const tag = director.emailAddress.split('@')[0]!.replace('dirigeant.', '');
  const session = await page.request.post('/api/auth/admin', {
    data: { emailAddress: director.emailAddress, password: director.password },
  });
  const bearer = { authorization: `Bearer ${((await session.json()) as { accessToken: string }).accessToken}` };

  // The software's key, made as on « Mon agence → Connexion à votre logiciel ».
  const label = `Logiciel atelier ${tag}`;
  const made = await page.request.post(`/api/agencies/${director.agencyId}/api-keys`, { headers: bearer, data: { label } });
  expect(made.status(), await made.text()).toBe(201);
  const key = (await made.json()) as { id: number; apiKey: string };

  // A CSV of customers with the key: line 2 is good, line 3 has no valid email.
  const good = `CLI-${tag}-1`;
  const bad = `CLI-${tag}-2`;
  const sent = await page.request.post('/api/imports?type=client', {
    headers: { [AGENCY_API_KEY_HEADER]: key.apiKey, 'content-type': 'text/csv' },
    data: `externalRef;email;firstName;lastName\n${good};client.${tag}@example.fr;Lucie;Bernard\n${bad};pas-une-adresse;Hugo;Blanc\n`,
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(((await sent.json()) as { results: { status: string }[] }).results.map((r) => r.status)).toEqual(['created', 'error']);

  await signInStaffThroughApi(page, director.emailAddress, director.password);
  await page.goto('/intranet');
  const entry = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Imports' });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();

  const row = page.getByRole('article', { name: /^Import du / });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Fichier CSV · Clients')).toBeVisible();
  await expect(row.getByText(`Envoyé par ${label}`)).toBeVisible();
  await expect(row.getByRole('list', { name: 'Résultat par élément' }).getByRole('listitem')).toHaveText([
    '1 créé',
    '0 mis à jour',
    '0 inchangé',
    '1 en erreur',
  ]);
  // One agency: no agency to choose.
  await expect(page.getByRole('combobox', { name: 'Agence', exact: true })).toHaveCount(0);
  await expectAccessible(page, 'imports');

  // The errors on screen…
  await row.getByRole('button', { name: 'Voir les erreurs' }).click();
  const drawer = page.getByRole('dialog', { name: /^Erreurs de l'import du / });
  const failed = drawer.getByRole('list', { name: "Erreurs de l'import" }).locator(':scope > li');
  await expect(failed).toHaveCount(1);
  await expect(failed.getByText(`Ligne 3 · ${bad}`)).toBeVisible();
  await expect(failed.getByRole('listitem')).toHaveText([`email : ${MESSAGES.invalidEmail}`]);
  await settled(page);
  await expectAccessible(page, 'imports, errors drawer');
  await drawer.getByRole('button', { name: 'Fermer' }).click();
  await expect(drawer).toBeHidden();

  // …and as a file Excel opens in French: BOM, « ; », the file's line.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Télécharger les erreurs (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^import-\d+-erreurs\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.subarray(3).toString('utf8').split('\r\n')).toEqual([
    'ligne;reference;champ;message',
    `3;${bad};email;${MESSAGES.invalidEmail}`,
    '',
  ]);

  // The key goes: nothing the journey made can write again.
  const revoked = await page.request.delete(`/api/agency-api-keys/${key.id}`, { headers: bearer });
  expect(revoked.status()).toBe(204);
});

test('a technician has no Imports entry, the screen refuses them and so does the API', async ({ page }) => {
  const token = await signInStaffThroughApi(page, 'technicien@demo.fr');
  await page.goto('/intranet');
  // Once the role's permissions are in (they open the forums), the menu is final.
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Forums' })).toBeVisible();
  expect(await menuEntries(page)).not.toContain('Imports');
  await page.goto('/intranet/imports');
  await expect(page.getByText("Vous n'avez pas les accès requis...").first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toHaveCount(0);

  const agencies = await page.request.get('/api/agencies', { headers: { authorization: `Bearer ${token}` } });
  const agencyId = ((await agencies.json()) as { agencies: { id: number }[] }).agencies[0]?.id ?? 1;
  const history = await page.request.get(`/api/imports?agencyId=${agencyId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(history.status()).toBe(403);
});
