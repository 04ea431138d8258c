import { expect, test } from '@playwright/test';
import { signInStaffThroughApi } from './helpers';

test('the director creates a user for one of his agencies, edits it, sees role 4 and 7 rows without actions, and deletes it', async ({
  page,
}) => {
  await signInStaffThroughApi(page, 'dirigeant@demo.fr');
  const stamp = Date.now();
  const lastName = `Delattre ${stamp}`;
  const name = `Manon ${lastName}`;

  await page.goto('/intranet/adherent-users');
  await expect(page.getByRole('heading', { level: 1, name: "Utilisateurs de l'adhérent" })).toBeVisible();
  const table = page.getByRole('table', { name: "Utilisateurs de l'adhérent" });
  // The director himself (role 4, an adherent admin merged into the list) and the agency manager
  // (role 7): shown, without any action.
  for (const protectedName of ['Olivier Vasseur', 'Thomas Caron']) {
    const row = table.getByRole('row').filter({ hasText: protectedName });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link')).toHaveCount(0);
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(row.getByRole('switch')).toHaveCount(0);
  }

  await page.getByRole('link', { name: 'Ajouter un utilisateur' }).click();
  await expect(page).toHaveURL(/\/intranet\/adherent-user\?adherent-id=\d+$/);
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Manon');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(lastName);
  await page.getByRole('textbox', { name: 'Fonction' }).fill('Assistante SAV');
  await page.getByRole('textbox', { name: 'Téléphone' }).fill('03 20 55 41 12');
  await page.getByRole('textbox', { name: 'Email' }).fill(`manon.delattre.${stamp}@thermi-nord.demo.fr`);
  await page.getByRole('combobox', { name: /^Rôle/ }).click();
  await expect(page.getByRole('option', { name: 'Dirigeant adhérent' })).toHaveCount(0);
  await page.getByRole('option', { name: "Collaborateur d'agence" }).click();
  await page.getByRole('combobox', { name: /^Agences/ }).click();
  await page.getByRole('option', { name: "Thermi'Nord Lille" }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(/\/intranet\/adherent-users$/);
  await expect(page.getByText("L'utilisateur a été enregistré.")).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Assistante SAV');

  await page.getByRole('link', { name: `Modifier ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('textbox', { name: 'Fonction' }).fill('Responsable planning SAV');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/intranet\/adherent-users$/);
  await expect(row).toContainText('Responsable planning SAV');

  await page.getByRole('button', { name: `Supprimer ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: "Supprimer l'utilisateur" });
  await expect(dialog).toContainText(`${name} ne pourra plus se connecter`);
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText("L'utilisateur a été supprimé.")).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(table.getByRole('row').filter({ hasText: 'Thomas Caron' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
