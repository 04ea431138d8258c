import { expect, test } from '@playwright/test';
import { expectAccessible, menuEntries, signIn, signOut } from './helpers';

test.describe('staff sign in and out', () => {
  test('the network super administrator sees the whole menu, then signs out', async ({ page }) => {
    await page.goto('/intranet/login');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await expectAccessible(page, 'the staff login');
    await signIn(page, 'admin@demo.fr');

    await expect(page).toHaveURL(/\/intranet$/);
    await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
    await expectAccessible(page, 'the intranet home');
    await expect(
      page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Utilisateurs réseau' }),
    ).toBeVisible();
    const entries = await menuEntries(page);
    for (const label of [
      'Demandes',
      'Toutes les factures',
      'Adhérents',
      'Utilisateurs réseau',
      'Bourse aux pièces',
      'Mon agence',
    ])
      expect(entries).toContain(label);
    await expect(page.getByRole('searchbox', { name: 'Rechercher' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Agence courante' })).toBeVisible();

    const accessToken = await page.evaluate(() => localStorage.getItem('reseau.accessToken'));
    await signOut(page);
    await expect(page).toHaveURL(/\/intranet\/login$/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('reseau.')))).toEqual([]);
    // The server ended the session: its access token no longer opens the API, even before it expires.
    const after = await page.request.get('/api/roles', { headers: { authorization: `Bearer ${accessToken}` } });
    expect(after.status()).toBe(401);
    // Signed out: the intranet is closed again.
    await page.goto('/intranet');
    await expect(page).toHaveURL(/\/intranet\/login$/);
  });

  test('a technician sees fewer entries, and the search box as every staff user does', async ({ page }) => {
    await page.goto('/intranet/login');
    await signIn(page, 'technicien@demo.fr');
    await expect(page).toHaveURL(/\/intranet$/);
    await expect(
      page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Bourse aux pièces' }),
    ).toBeVisible();
    const entries = await menuEntries(page);
    expect(entries).not.toContain('Utilisateurs réseau');
    expect(entries).not.toContain('Adhérents');
    expect(entries).not.toContain('Demandes');
    expect(entries).not.toContain('Toutes les factures');
    expect(entries.length).toBeLessThan(15);
    // The global search is open to every staff role; its hits follow the reader's rights (issue 10).
    await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Rechercher' })).toBeVisible();
    await signOut(page);
    await expect(page).toHaveURL(/\/intranet\/login$/);
  });
});
