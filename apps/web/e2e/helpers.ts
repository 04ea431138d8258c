import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo2026!';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/** The newest mail to an address in the development outbox, waiting for it to arrive. */
export async function latestMailTo(request: APIRequestContext, to: string, after: Date): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as Mail[];
        found = mails.find((m) => m.to.toLowerCase() === to.toLowerCase() && new Date(m.sentAt) >= after);
        return Boolean(found);
      },
      { timeout: 15_000, message: `mail to ${to}` },
    )
    .toBe(true);
  return found as Mail;
}

/** The in-app path of the first link to `pathname` in a mail's text (host-independent). */
export function linkIn(mail: Mail, pathname: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s"<>]*${pathname.replace(/\//g, '\\/')}\\?[^\\s"<>]+`));
  expect(match, `a ${pathname} link in « ${mail.subject} »`).not.toBeNull();
  const url = new URL((match as RegExpMatchArray)[0]);
  return `${url.pathname}${url.search}`;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByRole('textbox', { name: 'Adresse email' }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/**
 * Signs out through the profile menu and checks that, once the logout call is made, no other API
 * call leaves until the login shows: the queries are cancelled before the tokens go (issue 12 §3).
 */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /Menu du profil/ }).click();
  const after: string[] = [];
  const record = (request: { url: () => string }) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') && path !== '/api/auth/logout') after.push(path);
  };
  page.on('request', record);
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
  page.off('request', record);
  expect(after, 'API calls after sign-out').toEqual([]);
}

export async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  // Each entry's label, its first span: the count of things to handle that follows it arrives
  // when it arrives, and is not part of the entry's name.
  return (await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.querySelector('span')?.textContent ?? ''))).map(
    (s) => s.trim(),
  );
}

/** Signs a customer in to the extranet and opens the agency's space when they have several. */
export async function signInCustomer(page: Page, email: string, agency?: string, password = DEMO_PASSWORD) {
  await page.goto('/extranet/login');
  await signIn(page, email, password);
  if (agency) {
    await page.getByRole('button', { name: `Accéder à l'espace de ${agency}` }).click();
  }
  await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
}

/** Opens a contract of the dashboard by its reference, at a tab. */
export async function openContract(page: Page, reference: string, tab?: string) {
  await page
    .getByRole('article', { name: new RegExp(reference) })
    .getByRole('link', { name: 'Voir le contrat' })
    .click();
  await expect(page.getByText(`Contrat d'entretien n° ${reference}`)).toBeVisible();
  if (tab) await page.getByRole('tab', { name: tab }).click();
}

/** The row of a quote or an invoice in a list, by its number's end (numbers carry the year). */
export function rowOf(page: Page, label: RegExp) {
  return page.getByRole('listitem').filter({ hasText: label });
}

/** Signs a staff user in through the API and hands the tokens to the app, as the login screen does. */
export async function signInStaffThroughApi(page: Page, emailAddress: string, password = DEMO_PASSWORD): Promise<string> {
  const answer = await page.request.post('/api/auth/admin', { data: { emailAddress, password } });
  expect(answer.ok()).toBe(true);
  const tokens = (await answer.json()) as { accessToken: string; refreshToken: string };
  await page.goto('/intranet/login');
  await page.evaluate(({ accessToken, refreshToken }) => {
    localStorage.setItem('reseau.accessToken', accessToken);
    localStorage.setItem('reseau.refreshToken', refreshToken);
  }, tokens);
  return tokens.accessToken;
}

/**
 * Waits until no transition or finite animation runs (a panel unfolding, a modal coming in), for a
 * screenshot that shows the end state. Two frames first: a component may start its transition on
 * the frame after the click. Endless animations (a skeleton's shimmer, a loader) are left alone.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (;;) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
      if (running.length === 0) return;
      // A cancelled one (the element went away) counts as over.
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/**
 * Full-page screenshots of the page as it is, at 1440 and 390 px (e2e/screenshots/<name>-<width>.png,
 * kept out of git) for a person to look at; the window is 1440 px wide again afterwards.
 */
export async function screenshotsAt(page: Page, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settled(page);
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The WCAG 2.1 A and AA rules of axe-core (contrast, names, ARIA, landmarks…). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** A journey fails on these; minor and moderate findings are not held against a screen. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * The serious and critical WCAG 2.1 AA violations axe-core finds on the page as it is now, each
 * with its elements, so that a failure says what to fix (issue 12 §3, issue 25).
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? ''})`).join('; ')}`,
    );
}

/** Fails the journey on any serious or critical WCAG 2.1 AA violation of the page as it is now. */
export async function expectAccessible(page: Page, screen: string) {
  expect(await accessibilityViolations(page), `accessibility of ${screen}`).toEqual([]);
}
