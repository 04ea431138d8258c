import { expect, test } from '@playwright/test';
import { expectAccessible, menuEntries, signInStaffThroughApi } from './helpers';

/**
 * The mail queue (issue 31 §3): role 1 opens it from the menu and reads whether mails go out; an
 * agency's director has neither the entry nor the screen. Read-only: the demo has no SMTP server,
 * so every mail is "sent" by being kept, and nothing fails.
 */
test('the super administrator reads the mail queue; a director has no such screen', async ({ page, browser }) => {
  await signInStaffThroughApi(page, 'admin@demo.fr');
  await page.goto('/intranet');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: "File d'envoi des emails" }).click();
  await expect(page).toHaveURL('/intranet/mail-queue');
  await expect(page.getByRole('heading', { level: 1, name: "File d'envoi des emails" })).toBeVisible();
  const counts = page.getByRole('list', { name: 'État de la file' });
  await expect(counts.getByRole('listitem')).toHaveCount(6);
  await expect(counts.getByRole('listitem').nth(2)).toContainText('Envoyés');
  await expect(page.getByText('Aucun envoi en échec')).toBeVisible();
  await expect(page.getByText('Aucune tâche différée en échec')).toBeVisible();
  await expectAccessible(page, 'mail queue');

  const director = await browser.newPage();
  try {
    await signInStaffThroughApi(director, 'dirigeant@demo.fr');
    await director.goto('/intranet');
    expect(await menuEntries(director)).not.toContain("File d'envoi des emails");
    await director.goto('/intranet/mail-queue');
    await expect(director.getByRole('heading', { level: 1, name: 'Accès refusé' })).toBeVisible();
  } finally {
    await director.close();
  }
});
