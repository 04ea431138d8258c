import { expect, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, latestMailTo, linkIn, settled, signOut } from './helpers';

test('a customer changes their email, confirms it once signed out, and signs in with the new address', async ({ page }) => {
  const customer = await openExtranetAsNewCustomer(page, 'client2@demo.fr');
  const newAddress = `nouvelle.${Date.now()}@demo.fr`;
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Informations personnelles' }).click();
  const card = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Adresse email de connexion' }) });
  await card.getByRole('textbox', { name: /Nouvelle adresse email/ }).fill(newAddress);
  await card.getByLabel(/^Mot de passe actuel/).fill(customer.password!);
  const asked = new Date();
  await card.getByRole('button', { name: 'Modifier mon adresse email' }).click();
  await expect(
    page.getByText(new RegExp(`Un email de vérification a été envoyé à ${newAddress.replace(/\./g, '\\.')}`)),
  ).toBeVisible();
  await signOut(page);

  // The link, opened signed out: the change is made, said, and the login has the new address.
  const mail = await latestMailTo(page.request, newAddress, asked);
  await page.goto(linkIn(mail, '/extranet/verify-email'));
  await expect(page.getByText('Votre nouvelle adresse email est confirmée : connectez-vous avec elle.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Adresse email' })).toHaveValue(newAddress);
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settled(page);
    await page.screenshot({ path: `e2e/screenshots/extranet-edges-email-login-${width}.png` });
  }
  await expectAccessible(page, 'the login after an email change');

  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(customer.password!);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/extranet\/personal-info\?emailModified=true$/);
  await expect(
    page.getByText('Votre nouvelle adresse email est confirmée : utilisez-la désormais pour vous connecter.'),
  ).toBeVisible();
});
