import { expect, test } from '@playwright/test';
import { newCustomer } from './accounts';
import { latestMailTo, linkIn, signIn } from './helpers';

test('a new customer creates their access, verifies the email, then signs in', async ({ page, request }) => {
  // Known to the agency, no access yet: like nouveau@demo.fr, with an address of this journey's own.
  const { emailAddress: email } = await newCustomer(request, 'nouveau@demo.fr');
  const password = 'Bienvenue2026';
  const started = new Date(Date.now() - 1000);

  await page.goto('/extranet/login');
  await page.getByText('Première connexion').click();
  await page.getByRole('textbox', { name: 'Adresse email' }).fill(email);
  await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Créer mon accès' }).click();
  await expect(page.getByRole('heading', { name: 'Vérifiez votre boîte de réception' })).toBeVisible();

  // Not verified yet: the sign-in is refused.
  await page.goto('/extranet/login');
  await signIn(page, email, password);
  await expect(page.getByText("Votre adresse email ou votre mot de passe n'est pas valide.")).toBeVisible();

  const mail = await latestMailTo(request, email, started);
  const link = linkIn(mail, '/extranet/verify-email');
  expect(link).toContain('activation=true');
  await page.goto(link);

  // Only who chose the password can activate the account: it is asked again.
  const chosen = page.getByLabel(/^Saisissez le mot de passe choisi lors de votre demande/);
  await chosen.fill('Autre2026x');
  await page.getByRole('button', { name: 'Activer mon espace client' }).click();
  await expect(
    page.getByText("Ce mot de passe n'est pas celui choisi lors de votre demande de première connexion."),
  ).toBeVisible();
  await chosen.fill(password);
  await page.getByRole('button', { name: 'Activer mon espace client' }).click();

  await expect(page).toHaveURL(/\/extranet\/login$/);
  await expect(page.getByText(/Votre adresse email a été vérifiée/)).toBeVisible();
  // The address asked for on this browser is already filled in.
  await expect(page.getByRole('textbox', { name: 'Adresse email' })).toHaveValue(email);

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/extranet$/);
  await expect(page.getByRole('heading', { name: /^Bonjour / }).first()).toBeVisible();
});
