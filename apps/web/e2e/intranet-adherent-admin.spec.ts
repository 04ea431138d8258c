import { expect, test } from '@playwright/test';
import { latestMailTo, linkIn, signIn, signInStaffThroughApi } from './helpers';

/**
 * Spec 01 §2: a network admin creates an adherent, an agency for it and an adherent admin, sends
 * the connection link; the mail's link sets the password and the new user signs in. The data is
 * this run's own (a unique adherent name and address); no demo account is changed. Reordering
 * admins is covered by intranet-network-admins.spec.ts.
 */
test('a network admin creates an adherent, its agency and its admin, who sets a password from the link and signs in', async ({
  page,
  browser,
  request,
}) => {
  // Three forms, a mail and a second browser: longer than one screen's journey.
  test.setTimeout(90_000);
  const run = Date.now();
  const adherentName = `Chauffage Opale ${run}`;
  const agencyName = `Opale Boulogne ${run}`;
  const email = `claire.dumont.${run}@opale-demo.fr`;
  const password = 'Opale2026x';
  const started = new Date(Date.now() - 1000);
  await signInStaffThroughApi(page, 'admin@demo.fr');

  // The adherent: name and region, then its page.
  await page.goto('/intranet/adherents');
  await page.getByRole('link', { name: 'Ajouter un adhérent' }).click();
  await page.getByRole('textbox', { name: 'Nom' }).fill(adherentName);
  await page.getByRole('combobox', { name: /^Région/ }).click();
  await page.getByRole('option', { name: 'Nord', exact: true }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/intranet\/adherent\?id=\d+$/);
  const adherentPage = page.url();
  await expect(page.getByRole('heading', { level: 1, name: adherentName })).toBeVisible();

  // Its agency, through the agency form; saving returns to the adherent page.
  await page.getByRole('link', { name: 'Ajouter une agence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle agence' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nom' }).fill(agencyName);
  await page.getByRole('textbox', { name: 'Description' }).fill('Entretien et dépannage de chaudières gaz et pompes à chaleur.');
  await page.getByRole('textbox', { name: "Zone d'intervention" }).fill('Boulogne-sur-Mer et le Boulonnais');
  await page.getByRole('textbox', { name: 'Identifiant Google My Business' }).fill(`ChIJ-opale-${run}`);
  await expect(page.getByRole('textbox', { name: 'Adresse de la fiche Google' })).toHaveValue(
    `https://www.google.com/maps/place/?q=place_id:ChIJ-opale-${run}`,
  );
  await page.getByRole('combobox', { name: 'Effectif' }).click();
  await page.getByRole('option', { name: '6-10 salariés' }).click();
  await page.getByRole('textbox', { name: "Année d'entrée dans le réseau" }).fill('2021');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(adherentPage);
  const agencies = page.getByRole('table', { name: "Agences de l'adhérent" });
  const agencySwitch = agencies.getByRole('switch', { name: `${agencyName} active` });
  await expect(agencySwitch).toBeChecked();

  // The switch saves the agency at once; the list read again from the server shows the state.
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/agencies\/\d+$/.test(r.url()));
  await agencySwitch.click({ force: true });
  expect((await saved).status()).toBe(204);
  // The agency form's own « mise à jour » may still be up: the newest message is the switch's.
  await expect(page.getByText("L'agence a été mise à jour.").last()).toBeVisible();
  await page.reload();
  await expect(agencies.getByRole('switch', { name: `${agencyName} active` })).not.toBeChecked();
  await agencies.getByRole('switch', { name: `${agencyName} active` }).click({ force: true });
  await expect(agencies.getByRole('switch', { name: `${agencyName} active` })).toBeChecked();

  // The edit link opens the stored agency.
  await agencies.getByRole('link', { name: `Modifier ${agencyName}` }).click();
  await expect(page.getByRole('textbox', { name: "Année d'entrée dans le réseau" })).toHaveValue('2021');
  await page.getByRole('link', { name: 'Annuler' }).click();
  await expect(page).toHaveURL(adherentPage);

  // Its admin, then the connection link.
  await page.getByRole('link', { name: 'Ajouter un utilisateur' }).click();
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Claire');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Dumont');
  await page.getByRole('textbox', { name: 'Fonction' }).fill('Dirigeante');
  await page.getByRole('textbox', { name: 'Téléphone' }).fill('03 21 30 44 12');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('combobox', { name: 'Rôle', exact: true }).click();
  await page.getByRole('option', { name: 'Dirigeant adhérent', exact: true }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(adherentPage);
  const users = page.getByRole('table', { name: "Utilisateurs de l'adhérent" });
  await expect(users.getByRole('row', { name: /Claire Dumont/ })).toBeVisible();
  await users.getByRole('button', { name: 'Envoyer le lien de connexion à Claire Dumont' }).click();
  await expect(page.getByText('Le lien de connexion a été envoyé.')).toBeVisible();

  // The mail's link sets the password, in a browser where nobody is signed in.
  const mail = await latestMailTo(request, email, started);
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(linkIn(mail, '/intranet/reset-password'));
  await expect(fresh.getByRole('heading', { name: 'Définissez votre mot de passe' })).toBeVisible();
  await fresh.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill(password);
  await fresh.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill(password);
  await fresh.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(fresh.getByRole('heading', { name: 'Mot de passe enregistré' })).toBeVisible();
  await fresh.getByRole('link', { name: 'Retour à la connexion' }).click();
  await expect(fresh).toHaveURL(/\/intranet\/login$/);

  // The new user signs in to the intranet with it.
  await signIn(fresh, email, password);
  await expect(fresh).toHaveURL(/\/intranet$/);
  await expect(fresh.getByRole('button', { name: /Menu du profil/ })).toContainText('Claire Dumont');
  await context.close();
});
