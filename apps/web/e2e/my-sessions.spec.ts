import { type APIRequestContext, expect, test } from '@playwright/test';
import { newCustomer, signInThroughApi } from './accounts';
import { expectAccessible, latestMailTo, linkIn } from './helpers';

/**
 * "Mes connexions" (issue 27 §3): the same account signed in twice (two browsers); the first
 * ends the other, whose next request is refused and lands on the login. Then the new-device
 * mail's link ends a session from outside. Each journey's account is its own.
 */
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface StaffUser {
  emailAddress: string;
  password: string;
}

async function newStaffUser(request: APIRequestContext, like: string): Promise<StaffUser> {
  const res = await request.post('/dev/fixtures/staff-user', { data: { like } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as StaffUser;
}

test('a staff member ends the session of another browser from « Mes connexions »', async ({ page, browser }) => {
  const user = await newStaffUser(page.request, 'technicien@demo.fr');
  const other = await browser.newContext({ userAgent: FIREFOX_LINUX });
  try {
    const elsewhere = await other.newPage();
    await signInThroughApi(elsewhere, 'intranet', user);
    await elsewhere.goto('/intranet');
    await expect(elsewhere.getByRole('heading', { level: 1 }).first()).toBeVisible();

    await signInThroughApi(page, 'intranet', user);
    await page.goto('/intranet');
    await page.getByRole('button', { name: /^Menu du profil/ }).click();
    await page.getByRole('menuitem', { name: 'Mes connexions' }).click();
    await expect(page).toHaveURL('/intranet/my-sessions');
    const table = page.getByRole('table', { name: 'Sessions ouvertes' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').filter({ hasText: 'Cette session' })).toHaveCount(1);
    await expectAccessible(page, 'Mes connexions');

    await table.getByRole('button', { name: /^Déconnecter Firefox sur Linux/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Déconnecter cette session ?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'the confirmation of « Déconnecter »');
    await dialog.getByRole('button', { name: 'Déconnecter' }).click();
    await expect(page.getByText('La session a été déconnectée.')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);

    // The other browser's next request is refused: it is back on the login.
    await elsewhere.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Actualités' }).click();
    await expect(elsewhere).toHaveURL(/\/intranet\/login/);
  } finally {
    await other.close();
  }
});

test('a new device’s mail link ends that session; « Déconnecter toutes les autres sessions » the rest', async ({
  page,
  browser,
}) => {
  const customer = await newCustomer(page.request);
  const tablet = await browser.newContext();
  const other = await browser.newContext({ userAgent: FIREFOX_LINUX });
  try {
    await signInThroughApi(page, 'extranet', customer);
    await page.goto('/extranet/my-sessions');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes connexions' })).toBeVisible();
    // The same browser again (a known device, no mail), then one the account never used.
    const second = await tablet.newPage();
    await signInThroughApi(second, 'extranet', customer);
    await second.goto('/extranet/faq');
    await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
    const since = new Date(Date.now() - 1000);
    const elsewhere = await other.newPage();
    await signInThroughApi(elsewhere, 'extranet', customer);
    await elsewhere.goto('/extranet/faq');
    await expect(elsewhere.getByRole('heading', { level: 1 })).toBeVisible();
    const mail = await latestMailTo(page.request, customer.emailAddress, since);
    expect(mail.subject).toBe('Nouvelle connexion à votre compte');
    expect(mail.text).toContain('Firefox sur Linux');

    const mailbox = await browser.newContext();
    const stranger = await mailbox.newPage();
    try {
      await stranger.goto(linkIn(mail, '/extranet/end-session'));
      await expect(stranger.getByRole('heading', { level: 1, name: 'Déconnecter une session' })).toBeVisible();
      await expectAccessible(stranger, 'the end-session page');
      await stranger.getByRole('button', { name: 'Déconnecter cette session' }).click();
      await expect(stranger.getByRole('heading', { level: 1, name: 'Session déconnectée' })).toBeVisible();
      await expectAccessible(stranger, 'the ended session');
      await stranger.reload();
      await stranger.getByRole('button', { name: 'Déconnecter cette session' }).click();
      await expect(stranger.getByRole('alert')).toContainText('Ce lien ne permet plus de déconnecter cette session');
    } finally {
      await mailbox.close();
    }
    await elsewhere.reload();
    await expect(elsewhere).toHaveURL(/\/extranet\/login/);

    await page.reload();
    const table = page.getByRole('table', { name: 'Sessions ouvertes' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await page.getByRole('button', { name: 'Déconnecter toutes les autres sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Déconnecter toutes les autres sessions ?' });
    await expect(dialog).toContainText("L'autre session ouverte sera déconnectée immédiatement.");
    await dialog.getByRole('button', { name: 'Déconnecter toutes les autres sessions' }).click();
    await expect(page.getByText('Les autres sessions ont été déconnectées.')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Déconnecter toutes les autres sessions' })).toHaveCount(0);
    await second.reload();
    await expect(second).toHaveURL(/\/extranet\/login/);
  } finally {
    await tablet.close();
    await other.close();
  }
});
