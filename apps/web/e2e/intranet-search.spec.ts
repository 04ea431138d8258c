import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from './accounts';
import { expectAccessible, settled } from './helpers';

/**
 * The global search (spec 02 §2): a user finds a forum reply from the header's box and opens its
 * thread; a technician's search does not show a document for adherents only that a network
 * administrator's shows. The journey's users and content are its own (fixtures and the API).
 */
const SHOTS = 'e2e/screenshots';
mkdirSync(SHOTS, { recursive: true });
async function shot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/intranet-search-${name}.png`, fullPage: true });
}

interface StaffUser {
  emailAddress: string;
  password: string;
  agencies: { id: number }[];
}

async function newStaffUser(request: APIRequestContext, like: string): Promise<StaffUser> {
  const res = await request.post('/dev/fixtures/staff-user', { data: { like } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as StaffUser;
}

/** The API as that user (a bearer of its own sign-in). */
async function apiAs(request: APIRequestContext, user: StaffUser) {
  const res = await request.post('/api/auth/admin', { data: { emailAddress: user.emailAddress, password: user.password } });
  expect(res.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await res.json()).accessToken}` };
  return {
    get: async <T>(url: string) => {
      const answer = await request.get(`/api${url}`, { headers });
      expect(answer.status(), await answer.text()).toBe(200);
      return (await answer.json()) as T;
    },
    post: async (url: string, data: object) => {
      const answer = await request.post(`/api${url}`, { headers, data });
      expect(answer.status(), await answer.text()).toBe(201);
      return (await answer.json()) as { id: number };
    },
  };
}

/** A word no demo content holds: letters only, so the French search reads it as one word. */
const uniqueWord = (stem: string) =>
  stem + Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const hits = (page: Page, word: string) => page.getByRole('list', { name: `Résultats pour « ${word} »` }).getByRole('listitem');

test('a search from the header finds a forum reply and opens its thread', async ({ page }) => {
  const word = uniqueWord('purgeur');
  const author = await newStaffUser(page.request, 'technicien@demo.fr');
  const api = await apiAs(page.request, author);
  const agencyId = author.agencies[0]!.id;
  const title = `Désembouage d'un plancher chauffant ${word.slice(-6)}`;
  const thread = await api.post('/forum-threads', {
    forumId: 2,
    forumThemeId: 4,
    title,
    content: '<p>Quelle méthode pour un plancher de 1985 ?</p>',
    agencyId,
    joinedFiles: [],
  });
  await api.post('/forum-posts', {
    forumThreadId: thread.id,
    content: `<p>Un ${word} automatique en point haut a réglé le problème.</p>`,
    agencyId,
    joinedFiles: [],
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, 'intranet', author);
  await page.goto('/intranet');
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Rechercher' });
  await box.fill(`  ${word}  `);
  await box.press('Enter');
  await expect(page).toHaveURL(`/intranet/search?q=${word}`);
  const hit = hits(page, word).filter({ hasText: 'Message de forum' });
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('mark')).toHaveText(word);
  await expectAccessible(page, 'search');
  await shot(page, 'search-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'search-390');

  await hit.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(`/intranet/forum/2/thread/${thread.id}`);
  await expect(page.getByText(`Un ${word} automatique en point haut a réglé le problème.`)).toBeVisible();
});

test("a technician's search does not show a document for adherents only that a network administrator's shows", async ({
  browser,
  page,
}) => {
  const word = uniqueWord('consigne');
  const administrator = await newStaffUser(page.request, 'admin@demo.fr');
  const technician = await newStaffUser(page.request, 'technicien@demo.fr');
  const api = await apiAs(page.request, administrator);
  const { documentBaseItemCategories } = await api.get<{ documentBaseItemCategories: { id: number }[] }>(
    '/document-base-item-categories?documentBaseId=1',
  );
  const categoryId = documentBaseItemCategories[0]!.id;
  const { documentBaseItemTypes } = await api.get<{ documentBaseItemTypes: { id: number }[] }>(
    `/document-base-item-types?categoryId=${categoryId}`,
  );
  const title = `Note interne ${word}`;
  await api.post('/document-base-items', {
    documentBaseId: 1,
    categoryId,
    typeId: documentBaseItemTypes[0]?.id ?? null,
    title,
    shortDescription: 'Réservée aux adhérents',
    content: '<p>Tarifs négociés du réseau.</p>',
    isPublic: false,
    illustrationFiles: [],
    joinedFiles: [],
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughApi(page, 'intranet', administrator);
  await page.goto(`/intranet/search?q=${word}`);
  await expect(hits(page, word).filter({ hasText: 'Document' }).getByRole('link', { name: title })).toBeVisible();

  const other = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'fr-FR' });
  const technicianPage = await other.newPage();
  await signInThroughApi(technicianPage, 'intranet', technician);
  await technicianPage.goto(`/intranet/search?q=${word}`);
  await expect(technicianPage.getByText(`Aucun résultat pour « ${word} »`)).toBeVisible();
  await other.close();
});
