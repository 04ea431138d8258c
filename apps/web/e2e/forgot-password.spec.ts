import { expect, test } from '@playwright/test';
import { newCustomer } from './accounts';
import { expectAccessible, latestMailTo, linkIn, signIn } from './helpers';

test('a customer resets a forgotten password through the mail, then signs in with it', async ({ page, request }) => {
  const { emailAddress: email, password: old } = await newCustomer(request, 'client2@demo.fr');
  const password = 'Nouveau2026x';
  const started = new Date(Date.now() - 1000);

  await page.goto('/extranet/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/extranet\/forgot-password$/);
  await page.getByRole('textbox', { name: 'Adresse email' }).fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('heading', { name: 'Email envoyé' })).toBeVisible();
  await expectAccessible(page, 'the forgot-password success');

  const mail = await latestMailTo(request, email, started);
  await page.goto(linkIn(mail, '/extranet/reset-password'));
  await expect(page.getByRole('heading', { name: 'Choisissez un nouveau mot de passe' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe enregistré' })).toBeVisible();

  await page.getByRole('link', { name: 'Retour à la connexion' }).click();
  await expect(page).toHaveURL(/\/extranet\/login$/);
  // The old password no longer works; the new one does.
  await signIn(page, email, old!);
  await expect(page.getByText("Votre adresse email ou votre mot de passe n'est pas valide.")).toBeVisible();
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/extranet$/);
  await expect(page.getByRole('heading', { name: /^Bonjour / }).first()).toBeVisible();
});
