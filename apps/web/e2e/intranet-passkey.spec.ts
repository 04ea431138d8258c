import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, signIn, signOut } from './helpers';

/** Chromium's virtual authenticator: a platform one that keeps passkeys and verifies its user by itself. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('a staff member adds a passkey in « Sécurité du compte », then uses it after the password and alone', async ({ page }) => {
  test.setTimeout(90_000);
  await addVirtualAuthenticator(page);
  // A copy of a network admin: the demo accounts stay as seeded.
  const res = await page.request.post('/dev/fixtures/staff-user', { data: { like: 'marc.lemoine@demo.fr' } });
  expect(res.status(), await res.text()).toBe(201);
  const admin = (await res.json()) as { emailAddress: string; password: string };

  await page.goto('/intranet/login');
  await signIn(page, admin.emailAddress, admin.password);
  await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Sécurité du compte' }).click();
  const panel = page.getByRole('region', { name: "Clés d'accès" });
  await panel.getByRole('textbox', { name: /Nom de la nouvelle clé/ }).fill('Ordinateur du bureau');
  await panel.getByRole('button', { name: "Ajouter une clé d'accès" }).click();
  await expect(page.getByText("Clé d'accès ajoutée.")).toBeVisible();
  await expect(panel.getByRole('list', { name: "Mes clés d'accès" })).toContainText('Ordinateur du bureau');
  // The account's first factor: its 10 recovery codes, shown once.
  await expect(panel.getByRole('list', { name: 'Vos codes de secours' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page, 'Sécurité du compte with a passkey and its recovery codes');
  await panel.getByRole('button', { name: "J'ai noté mes codes" }).click();
  await expect(panel.getByRole('list', { name: 'Vos codes de secours' })).toHaveCount(0);

  // The password is no longer enough: the passkey is asked for (or a recovery code, from its link), no app code field.
  await signOut(page);
  await signIn(page, admin.emailAddress, admin.password);
  await expect(page.getByRole('heading', { name: 'Double authentification' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code à 6 chiffres' })).toHaveCount(0);
  await expectAccessible(page, 'the second step by passkey');
  await page.getByRole('button', { name: "Utiliser ma clé d'accès" }).click();
  await expect(page).toHaveURL(/\/intranet$/);
  await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();

  // Or the passkey alone.
  await signOut(page);
  await page.getByRole('button', { name: "Se connecter avec une clé d'accès" }).click();
  await expect(page).toHaveURL(/\/intranet$/);
  await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
});
