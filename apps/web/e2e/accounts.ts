import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Area } from '@reseau/contracts/constants/auth';
import type { AgencySummary } from '@reseau/contracts/schemas/agencies';
import { advertisementSeenKey } from '../src/features/extranet/home/advertisement-seen';
import { SESSION_KEYS, type StoredAgency } from '../src/lib/session';

/** A demo customer a journey's own customer is made like (apps/api/src/db/seed/demo-people.ts). */
export type CustomerTemplate = 'client@demo.fr' | 'client2@demo.fr' | 'nouveau@demo.fr';

export interface Customer {
  emailAddress: string;
  /** null for a customer made like nouveau@demo.fr: no account yet (first connection). */
  password: string | null;
}

/**
 * A customer of the journey's own (POST /dev/fixtures/customer, demo mode): the name, agencies,
 * contracts, quotes, invoices and service calls of a demo customer, copied, with an address and
 * a password nobody else uses. What the journey changes, no other journey sees.
 */
export async function newCustomer(request: APIRequestContext, like: CustomerTemplate = 'client@demo.fr'): Promise<Customer> {
  const res = await request.post('/dev/fixtures/customer', { data: { like } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Customer;
}

/**
 * Signs in through the API (POST /auth/client or /auth/admin) and hands the tokens to the web app
 * the way its login page does (lib/session.ts), so a journey whose subject is not the login
 * screen starts on its own page. `agency` (by name) is the customer's current agency, as if
 * chosen on the agency chooser. Call it before the journey's first `page.goto`.
 */
/** The `sub` claim of an access token (the customer's id). */
function subjectOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  return String((JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: unknown }).sub);
}

export async function signInThroughApi(
  page: Page,
  area: Area,
  account: { emailAddress: string; password: string | null },
  { agency }: { agency?: string } = {},
) {
  const res = await page.request.post(`/api/auth/${area === 'intranet' ? 'admin' : 'client'}`, {
    data: { emailAddress: account.emailAddress, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const tokens = (await res.json()) as { accessToken: string; refreshToken: string };
  let currentAgency: StoredAgency | null = null;
  // The demo agencies have an extranet advertisement, shown once per advertisement and customer over
  // the dashboard: journeys start with it seen (extranet-agency-chooser.spec.ts checks that it shows).
  const advertisementsSeen: string[] = [];
  if (agency || area === 'extranet') {
    const authorization = `Bearer ${tokens.accessToken}`;
    const list = await page.request.get('/api/agencies', { headers: { authorization } });
    const { agencies } = (await list.json()) as { agencies: AgencySummary[] };
    if (area === 'extranet') {
      const customerId = subjectOf(tokens.accessToken);
      for (const a of agencies) {
        const detail = await page.request.get(`/api/agencies/${a.id}`, { headers: { authorization } });
        const { extranetAdvertisementFileId: fileId } = (await detail.json()) as { extranetAdvertisementFileId: number | null };
        if (fileId !== null) advertisementsSeen.push(advertisementSeenKey(customerId, a.id, fileId));
      }
    }
    if (agency) {
      const found = agencies.find((a) => a.name === agency);
      expect(found, `${account.emailAddress} is a customer of ${agency}`).toBeDefined();
      currentAgency = { id: found!.id, name: found!.name, adherentId: found!.adherentId };
    }
  }
  // The app's origin: the init script runs in every document, about:blank and other sites too.
  const origin = new URL(res.url()).origin;
  await page.addInitScript(
    ({ keys, tokens, currentAgency, origin, advertisementsSeen }) => {
      // Once per tab (sessionStorage outlives navigations): a journey that signs out stays out.
      if (window.location.origin !== origin || sessionStorage.getItem('e2e.signedIn')) return;
      sessionStorage.setItem('e2e.signedIn', '1');
      localStorage.setItem(keys.accessToken, tokens.accessToken);
      localStorage.setItem(keys.refreshToken, tokens.refreshToken);
      if (currentAgency) localStorage.setItem(keys.currentAgency, JSON.stringify(currentAgency));
      for (const key of advertisementsSeen) localStorage.setItem(key, '1');
    },
    { keys: SESSION_KEYS, tokens, currentAgency, origin, advertisementsSeen },
  );
}

/**
 * The extranet's dashboard for a new customer made like `like`, signed in through the API, in
 * `agency` (for a customer of several). Answers the customer.
 */
export async function openExtranetAsNewCustomer(page: Page, like: CustomerTemplate, agency?: string): Promise<Customer> {
  const customer = await newCustomer(page.request, like);
  await signInThroughApi(page, 'extranet', customer, { agency });
  await page.goto('/extranet');
  await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
  return customer;
}
