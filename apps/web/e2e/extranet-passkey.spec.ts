import { expect, type Page, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, screenshotsAt, signOut } from './helpers';

/**
 * Chromium's virtual authenticator (DevTools protocol): a platform authenticator that holds
 * discoverable credentials and verifies its user (as a phone's fingerprint would), answering
 * WebAuthn's prompts by itself.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('a customer adds a passkey, then signs in with it alone, no email nor password typed', async ({ page }) => {
  test.setTimeout(90_000);
  const authenticator = await addVirtualAuthenticator(page);
  await openExtranetAsNewCustomer(page, 'client2@demo.fr');
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Informations personnelles' }).click();

  const panel = page.getByRole('region', { name: "Clés d'accès" });
  await expect(panel.getByText("Aucune clé d'accès pour le moment.")).toBeVisible();
  await panel.getByRole('textbox', { name: /Nom de la nouvelle clé/ }).fill('Téléphone de Camille');
  await panel.getByRole('button', { name: "Ajouter une clé d'accès" }).click();
  await expect(page.getByText("Clé d'accès ajoutée.")).toBeVisible();
  const list = panel.getByRole('list', { name: "Mes clés d'accès" });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Téléphone de Camille');
  await expect(list).toContainText('jamais utilisée');
  // The authenticator holds it as a discoverable credential for this site.
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);
  expect(credential?.rpId).toBe('localhost');
  await expectAccessible(page, 'personal info with a passkey');
  await screenshotsAt(page, 'extranet-passkeys');

  await signOut(page);
  await page.getByRole('button', { name: "Se connecter avec une clé d'accès" }).click();
  await expect(page).toHaveURL(/\/extranet(\/|$)(?!login)/);
  await expect(page.getByRole('button', { name: /Menu du profil/ })).toBeVisible();
  // The passkey's use is on the server: the list says when.
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  await page.getByRole('menuitem', { name: 'Informations personnelles' }).click();
  await expect(page.getByRole('region', { name: "Clés d'accès" }).getByRole('list')).toContainText('utilisée le');

  // Removed, it opens nothing any more: the sign-in says so under the button.
  await page.getByRole('button', { name: "Supprimer la clé d'accès Téléphone de Camille" }).click();
  await page.getByRole('dialog', { name: "Supprimer cette clé d'accès ?" }).getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText("Clé d'accès supprimée.")).toBeVisible();
  await signOut(page);
  await page.getByRole('button', { name: "Se connecter avec une clé d'accès" }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "Cette clé d'accès n'est pas reconnue. Connectez-vous avec votre mot de passe.",
  );
  await expectAccessible(page, 'login with a refused passkey');
});
