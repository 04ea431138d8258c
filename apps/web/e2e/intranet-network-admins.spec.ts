import { expect, test } from '@playwright/test';
import { expectAccessible, latestMailTo, signInStaffThroughApi } from './helpers';

test('a network admin creates an admin, sends the connection link (its link sets a password), and moves them first', async ({
  page,
  request,
}) => {
  const accessToken = await signInStaffThroughApi(page, 'admin@demo.fr');
  const email = `lucie.perrin.${Date.now()}@reseau-demo.fr`;
  const started = new Date(Date.now() - 1000);

  await page.goto('/intranet/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Utilisateurs réseau' })).toBeVisible();
  await page.getByRole('link', { name: 'Ajouter un utilisateur' }).click();
  await expect(page).toHaveURL(/\/intranet\/user$/);
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Lucie');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Perrin');
  await page.getByRole('textbox', { name: 'Poste' }).fill('Chargée des partenariats');
  await page.getByRole('textbox', { name: 'Téléphone' }).fill('06 72 18 44 90');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('combobox', { name: /^Rôle/ }).click();
  await page.getByRole('option', { name: 'Administrateur réseau', exact: true }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(/\/intranet\/users$/);
  const table = page.getByRole('table', { name: 'Liste des utilisateurs réseau' });
  await expect(table.getByRole('row').last()).toContainText('Lucie Perrin');

  await page.getByRole('button', { name: 'Envoyer le lien de connexion à Lucie Perrin' }).click();
  await expect(page.getByText('Le lien de connexion a été envoyé')).toBeVisible();
  const mail = await latestMailTo(request, email, started);
  const token = mail.text.match(/token=([\w-]+)/)?.[1];
  expect(token).toBeTruthy();
  expect(
    (await request.post(`/api/admins/${token}/close-password-reset`, { data: { password: 'Partenaires2031' } })).status(),
  ).toBe(204);
  expect((await request.post('/api/auth/admin', { data: { emailAddress: email, password: 'Partenaires2031' } })).ok()).toBe(true);

  // Reorder mode, from the keyboard: up to the top of the list.
  await page.getByRole('button', { name: 'Réorganiser' }).click();
  const list = page.getByRole('list', { name: 'Liste des utilisateurs réseau' });
  const count = await list.getByRole('listitem').count();
  await page.getByRole('button', { name: 'Déplacer Lucie Perrin' }).focus();
  // Each key waits for what a screen reader hears, as dnd-kit reads the move into its live region.
  await page.keyboard.press('Space');
  await expect(page.getByText(`Lucie Perrin saisi, position ${count} sur ${count}.`)).toBeAttached();
  for (let position = count - 1; position >= 1; position -= 1) {
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(`Lucie Perrin amené en position ${position} sur ${count}.`)).toBeAttached();
  }
  await page.keyboard.press('Space');
  await expect(page.getByText(`Lucie Perrin déposé en position 1 sur ${count}.`)).toBeAttached();
  await expect(list.getByRole('listitem').first()).toContainText('Lucie Perrin');

  // The server keeps the order: the list comes back with her first.
  await expect
    .poll(async () => {
      const answer = await request.get('/api/network-admins', { headers: { authorization: `Bearer ${accessToken}` } });
      return ((await answer.json()) as { networkAdmins: { emailAddress: string }[] }).networkAdmins[0]?.emailAddress;
    })
    .toBe(email);
  await page.getByRole('button', { name: 'Terminer' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('Lucie Perrin');
});

test('a network administrator (role 2) may rename the super administrator but not re-address, demote or link them', async ({
  page,
}) => {
  await signInStaffThroughApi(page, 'marc.lemoine@demo.fr');
  await page.goto('/intranet/users');
  const table = page.getByRole('table', { name: 'Liste des utilisateurs réseau' });
  const superAdminRow = table.getByRole('row').filter({ hasText: 'Super administrateur réseau' }).first();
  await expect(superAdminRow).toBeVisible();
  const superAdminName = (await superAdminRow.getByRole('cell').first().innerText()).trim();
  // Another network admin's link is offered; the super administrator's is not.
  await expect(page.getByRole('button', { name: /^Envoyer le lien de connexion à / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Envoyer le lien de connexion à ${superAdminName}` })).toHaveCount(0);

  await page.getByRole('link', { name: `Modifier ${superAdminName}` }).click();
  await expect(page.getByRole('textbox', { name: 'Prénom' })).toBeEnabled();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: /^Rôle/ })).toBeDisabled();
  await expect(
    page.getByText('Seul un super administrateur réseau peut changer l’adresse, le rôle ou l’état de ce compte.'),
  ).toHaveCount(2);
  await expectAccessible(page, 'the super administrator’s page seen by role 2');
  await page.screenshot({ path: 'test-results/network-admin-locked-role-2.png', fullPage: true });
});
