import { expect, test } from '@playwright/test';
import { expectAccessible, signInStaffThroughApi } from './helpers';

/** The `sub` claim of an access token (the account's id). */
const subjectOf = (accessToken: string) =>
  Number((JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub);

test('the director anonymises a user of theirs once archived: « Ancien utilisateur »', async ({ page }) => {
  const made = await page.request.post('/dev/fixtures/staff-user', { data: { like: 'agence@demo.fr' } });
  expect(made.status(), await made.text()).toBe(201);
  const user = (await made.json()) as { emailAddress: string; password: string };
  const signIn = await page.request.post('/api/auth/admin', { data: user });
  expect(signIn.ok()).toBe(true);
  const userId = subjectOf(((await signIn.json()) as { accessToken: string }).accessToken);

  const directorToken = await signInStaffThroughApi(page, 'dirigeant@demo.fr');
  // The user is deleted (archived) first, as the users' list does.
  const archived = await page.request.post(`/api/adherent-users/${userId}:archive`, {
    headers: { authorization: `Bearer ${directorToken}` },
  });
  expect(archived.status()).toBe(204);

  await page.goto('/intranet/adherent-users');
  const section = page.getByRole('region', { name: 'Comptes archivés' });
  const table = section.getByRole('table', { name: 'Liste des comptes archivés' });
  const row = table.getByRole('row').filter({ hasText: user.emailAddress });
  await expect(row).toBeVisible();
  await expectAccessible(page, 'archived accounts');

  await row.getByRole('button', { name: /^Anonymiser / }).click();
  const dialog = page.getByRole('dialog', { name: 'Anonymiser ce compte ?' });
  await expect(dialog.getByText(/Cette action est irréversible/)).toBeVisible();
  await expectAccessible(page, 'anonymize confirmation');
  await dialog.getByRole('button', { name: 'Anonymiser' }).click();
  await expect(page.getByText('Compte anonymisé')).toBeVisible();

  const done = table.getByRole('row').filter({ hasText: `ancien-utilisateur-${userId}@invalid` });
  await expect(done).toContainText('Ancien utilisateur');
  await expect(done).toContainText('Anonymisé');
  await expect(table.getByRole('row').filter({ hasText: user.emailAddress })).toHaveCount(0);

  // It can no longer sign in.
  expect((await page.request.post('/api/auth/admin', { data: user })).status()).toBe(401);
});
