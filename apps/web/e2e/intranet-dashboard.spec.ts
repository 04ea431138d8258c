import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

/**
 * The intranet dashboard (spec 01 §2) for each kind of staff user, on the demo network. Read-only:
 * the accounts sign in through the API and nothing is changed.
 */

async function signInThroughApi(page: Page, request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/admin', { data: { emailAddress: email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  const { accessToken, refreshToken } = (await res.json()) as { accessToken: string; refreshToken: string };
  await page.goto('/intranet/login');
  await page.evaluate(
    (tokens) => {
      localStorage.setItem('reseau.accessToken', tokens.accessToken);
      localStorage.setItem('reseau.refreshToken', tokens.refreshToken);
    },
    { accessToken, refreshToken },
  );
  await page.goto('/intranet');
  await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const quickLinkTargets = async (page: Page) =>
  region(page, 'Accès rapides')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
/** A count of the clients panel, by its label. */
const count = (page: Page, label: string) =>
  page.locator('dl > div', { has: page.getByText(label, { exact: true }) }).locator('dd');

/** The map of the last panel, once scrolled to (it loads its code and data when the user nears it). */
async function networkMap(page: Page) {
  await region(page, 'Carte des adhérents').scrollIntoViewIfNeeded();
  return region(page, 'Carte des agences du réseau');
}

const ASSEMBLY = 'Assemblée générale 2026 : les inscriptions sont ouvertes';
const MAP_HINT = "Thermi'Nord Lille";

test.describe('intranet dashboard', () => {
  test('network super administrator: news, network counts, quick links, map with cards', async ({ page, request }) => {
    await signInThroughApi(page, request, 'admin@demo.fr');
    const news = region(page, 'Actualités du réseau');
    await expect(news.getByRole('listitem')).toHaveCount(5);
    await expect(news.getByRole('link', { name: ASSEMBLY })).toBeVisible();
    await expect(news.getByRole('link', { name: 'Voir tout' })).toHaveAttribute('href', '/intranet/network-news');

    const clients = region(page, 'Clients du réseau');
    await expect(clients.getByText('Toutes les agences du réseau')).toBeVisible();
    await expect(count(page, 'Demandes à traiter')).toHaveText(/^[1-9]\d*$/);
    await expect(clients.getByRole('link', { name: 'Voir plus' })).toHaveAttribute('href', '/intranet/all-demands');

    expect(await quickLinkTargets(page)).toEqual(['/intranet/doc-base/1', '/intranet/forum/1', '/intranet/doc-base/2']);

    // The map: a marker per agency, reached with Tab and opened with Enter.
    const map = await networkMap(page);
    await expect(map).toBeVisible();
    const marker = map.getByRole('button', { name: MAP_HINT });
    await expect(marker).toBeVisible();
    expect(await map.locator('.leaflet-marker-icon').count()).toBeGreaterThanOrEqual(15);
    await marker.focus();
    await page.keyboard.press('Enter');
    const card = map.locator('.leaflet-popup');
    await expect(card).toContainText(MAP_HINT);
    await expect(card).toContainText("Adhérent : Thermi'Nord Services");
    await expect(card.getByRole('link', { name: 'dirigeant@demo.fr' })).toHaveAttribute('href', 'mailto:dirigeant@demo.fr');
    await expect(region(page, 'Carte des adhérents').getByRole('link', { name: 'Ouvrir la carte' })).toHaveAttribute(
      'href',
      '/intranet/adherent-book-map',
    );
  });

  test('technician: public news only, a welcome instead of counts, its quick links, the map', async ({ page, request }) => {
    await signInThroughApi(page, request, 'technicien@demo.fr');
    const news = region(page, 'Actualités du réseau');
    await expect(news.getByRole('listitem')).toHaveCount(5);
    await expect(news.getByRole('link', { name: "MaPrimeRénov' 2026 : ce qui change pour vos clients" })).toBeVisible();
    await expect(news.getByRole('link', { name: ASSEMBLY })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: "Bienvenue sur l'intranet du réseau" })).toBeVisible();
    await expect(page.getByText('Demandes à traiter')).toHaveCount(0);
    expect(await quickLinkTargets(page)).toEqual(['/intranet/forum/2', '/intranet/spare-parts']);
    await expect((await networkMap(page)).getByRole('button', { name: MAP_HINT })).toBeVisible();
  });

  test("accountant: its agency's counts, the administration forum, no map", async ({ page, request }) => {
    await signInThroughApi(page, request, 'comptable@demo.fr');
    const clients = region(page, 'Mes clients');
    await expect(clients.getByText(/^Agence /)).toBeVisible();
    await expect(count(page, 'Demandes à traiter')).toHaveText(/^\d+$/);
    await expect(clients.getByRole('link', { name: 'Voir plus' })).toHaveAttribute('href', '/intranet/demands');
    expect(await quickLinkTargets(page)).toEqual(['/intranet/forum/3']);
    await expect(region(page, 'Actualités du réseau').getByRole('listitem')).toHaveCount(5);
    await expect(region(page, 'Carte des adhérents')).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Carte des adhérents' }),
    ).toHaveCount(0);
  });

  test("adherent director: every news, its agency's counts, its region's base, the map", async ({ page, request }) => {
    await signInThroughApi(page, request, 'dirigeant@demo.fr');
    await expect(region(page, 'Actualités du réseau').getByRole('link', { name: ASSEMBLY })).toBeVisible();
    await expect(region(page, 'Mes clients').getByText("Agence Thermi'Nord Lille")).toBeVisible();
    await expect(count(page, 'Demandes à traiter')).toHaveText(/^[1-9]\d*$/);
    // Thermi'Nord is in the Nord region: document base 3.
    expect(await quickLinkTargets(page)).toEqual(['/intranet/doc-base/3', '/intranet/forum/1']);
    await expect((await networkMap(page)).getByRole('button', { name: MAP_HINT })).toBeVisible();
  });

  for (const width of [1440, 390]) {
    for (const email of ['admin@demo.fr', 'technicien@demo.fr']) {
      test(`screenshot of the dashboard of ${email} at ${width} px`, async ({ page, request }) => {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        await signInThroughApi(page, request, email);
        await expect(region(page, 'Actualités du réseau').getByRole('listitem')).toHaveCount(5);
        await expect((await networkMap(page)).getByRole('button', { name: MAP_HINT })).toBeVisible();
        await page.screenshot({ path: `e2e/screenshots/intranet-dashboard-${email.split('@')[0]}-${width}.png`, fullPage: true });
      });
    }
  }
});
