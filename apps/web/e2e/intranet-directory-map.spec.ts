import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from './accounts';
import { DEMO_PASSWORD, expectAccessible, settled } from './helpers';

/**
 * The member directory (spec 02 §2), read-only with the demo technician: the map filters its
 * agencies by activity, and the list pages the adherents 8 at a time. Screenshots at 1440 and 390 px.
 */
const SHOTS = 'e2e/screenshots';
mkdirSync(SHOTS, { recursive: true });
async function shot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/intranet-directory-map-${name}.png`, fullPage: true });
}

const technician = { emailAddress: 'technicien@demo.fr', password: DEMO_PASSWORD };
// The demo agencies with the Tertiaire activity (demo-network.ts), all placed on the map.
const TERTIARY = [
  'Val de Loire Thermique Orléans',
  'Atlantique Chauffage Nantes',
  'Garonne Clim Bordeaux',
  'Rhône-Alpes Énergies Lyon',
];

test('the map shows only the agencies with the ticked activity, and keeps the filter in the address', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, 'intranet', technician);
  await page.goto('/intranet/adherent-book-map');
  await expect(page.getByRole('heading', { level: 1, name: 'Carte des adhérents' })).toBeVisible();
  const map = page.getByRole('region', { name: 'Carte des agences des adhérents' });
  const markers = map.locator('.leaflet-marker-icon');
  const shown = page.getByRole('list', { name: 'Agences affichées sur la carte' }).getByRole('listitem');
  await expect(page.getByText(/^\d+ agences affichées$/)).toBeVisible();
  const all = await shown.count();
  expect(all).toBeGreaterThan(TERTIARY.length);
  await expect(markers).toHaveCount(all);
  // An agency hidden from the map is not there (demo-directory.ts).
  await expect(shown.filter({ hasText: 'Garonne Clim Libourne' })).toHaveCount(0);
  await shot(page, 'map-1440');

  // The box's state follows the address, written on click: click, then wait for it to show ticked.
  const tertiary = page.getByRole('group', { name: 'Activités' }).getByRole('checkbox', { name: 'Tertiaire' });
  await tertiary.click();
  await expect(tertiary).toBeChecked();
  await expect(page.getByText(`${TERTIARY.length} agences affichées`)).toBeVisible();
  await expect(markers).toHaveCount(TERTIARY.length);
  await expect(shown).toHaveCount(TERTIARY.length);
  for (const name of TERTIARY) await expect(shown.filter({ hasText: name })).toHaveCount(1);
  await expect(page).toHaveURL(/activities=Tertiaire/);

  // A marker opens its card (the whole map in view first: the first view shows all of France).
  await map.scrollIntoViewIfNeeded();
  await map.getByRole('button', { name: 'Rhône-Alpes Énergies Lyon' }).click();
  await expect(map.locator('.leaflet-popup')).toContainText('Adhérent : Rhône-Alpes Énergies');
  await shot(page, 'map-tertiaire-1440');

  // A reload shows the same filtered map.
  await page.reload();
  await expect(page.getByText(`${TERTIARY.length} agences affichées`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Activités' }).getByRole('checkbox', { name: 'Tertiaire' })).toBeChecked();
  await expectAccessible(page, 'adherent-book-map');

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'map-390');
});

test('the list shows the network adherents 8 a page and the network heads', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, 'intranet', technician);
  await page.goto('/intranet/adherent-book-list');
  const cards = page.getByRole('list', { name: 'Adhérents du réseau' }).getByRole('listitem');
  await expect(cards).toHaveCount(8);
  await shot(page, 'list-1440');
  await page.getByRole('radiogroup', { name: 'Régions' }).getByText('Ouest', { exact: true }).click();
  await expect(cards.filter({ hasText: 'Sophie Le Gall' })).toHaveCount(1);
  await expect(page).toHaveURL(/regionId=3/);
  await page.getByRole('tab', { name: 'Têtes de réseau' }).click();
  // The region stays chosen across the tabs: the network heads of every region.
  await expect(page.getByText('Aucune fiche')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Régions' }).getByText('Toutes', { exact: true }).click();
  await expect(page.getByRole('list', { name: 'Têtes de réseau' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page, 'adherent-book-list');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Adhérents du réseau' }).click();
  await expect(cards.first()).toBeVisible();
  await shot(page, 'list-390');
});
