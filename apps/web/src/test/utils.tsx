import { notificationsStore } from '@mantine/notifications';
import { ROLES } from '@reseau/contracts/constants/permissions';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { AppProviders } from '../app/providers';
import { createTestRouter } from '../app/router';
import { type ImpersonationRecord, SESSION_KEYS, setImpersonation, startSession } from '../lib/session';

/** A mocked API: "METHOD /api/path" (query string ignored) → answer. */
export type Handler = (request: { url: URL; method: string; body: unknown; headers: Headers }) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

/** Replaces fetch; unknown calls answer 404 so a forgotten handler shows up in the assertions. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    let body: unknown;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const path = decodeURIComponent(url.pathname);
    calls.push({ method, path, url, body, headers });
    const handler = handlers[`${method} ${path}`];
    if (!handler) return json(404, { code: 'not_found', message: `no mock for ${method} ${path}` });
    return handler({ url, method, body, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

function base64Url(value: object): string {
  return btoa(unescape(encodeURIComponent(JSON.stringify(value))))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** An unsigned JWT carrying the claims the web app reads. */
export function makeToken(claims: {
  sub?: string;
  given_name?: string;
  family_name?: string;
  email_address?: string;
  roleId?: number | null;
  regionId?: number | null;
  aud: 'intranet' | 'extranet';
  n?: number;
}): string {
  const payload = {
    sub: claims.sub ?? '1',
    given_name: claims.given_name ?? 'Camille',
    family_name: claims.family_name ?? 'Martin',
    email_address: claims.email_address ?? 'camille@demo.fr',
    data: { roleId: claims.roleId ?? null, regionId: claims.regionId ?? null },
    aud: claims.aud,
    n: claims.n ?? 0,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

export function signInAs(area: 'intranet' | 'extranet', claims: Partial<Parameters<typeof makeToken>[0]> = {}) {
  const accessToken = makeToken({ aud: area, ...claims });
  startSession({ accessToken, refreshToken: `refresh-${area}` });
  return accessToken;
}

export function impersonate(record: ImpersonationRecord) {
  setImpersonation(record);
}

/** GET /roles as the server answers it, from the contract's role table. */
export function rolesAnswer() {
  return json(
    200,
    ROLES.map((r) => ({
      id: r.id,
      name: r.name,
      adminTypeId: r.adminTypeId,
      macroPermissions: r.permissions.map((code) => ({ code })),
    })),
  );
}

export const ZERO_DASHBOARD_CONTACTS = {
  count_to_process: 0,
  count_to_process_new_client: 0,
  count_processed_last_month: 0,
  count_verified_clients: 0,
};

/** Handlers every intranet screen calls; override per test. */
export function intranetHandlers(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /api/roles': () => rolesAnswer(),
    'GET /api/agencies': () => json(200, { agencies: [agency(11, 'Thermo Services Lille', 'Lille', '59000')] }),
    'GET /api/count-all-unread-notifications': () => json(200, { unreadNotificationsCounter: 0 }),
    'GET /api/notifications/mine': () => json(200, { notifications: [], pageCount: 0 }),
    // The dashboard's panels (the home screen of every intranet session).
    'GET /api/network-actualities': () => json(200, { networkActualities: [], pageCount: 0 }),
    'GET /api/adherents': () => json(200, { adherents: [] }),
    'GET /api/network-dashboard-contacts': () => json(200, ZERO_DASHBOARD_CONTACTS),
    // The menu badges of demands, quotations and invoices.
    'GET /api/unprocessed-contact-count-by-contact-types': () => json(200, { external: 0, quotation: 0, invoice: 0 }),
    ...overrides,
  };
}

export function agency(id: number, name: string, city: string, postalCode: string) {
  return { id, name, adherentId: 1, adminId: null, isActive: true, city, postalCode, logoFileId: null, logoFilePath: null };
}

export function agencyDetail(id: number, name: string, city: string, postalCode: string) {
  return {
    ...agency(id, name, city, postalCode),
    description: null,
    descriptionIntervention: null,
    extranetAdvertisementFileId: null,
    extranetAdvertisementFilePath: null,
    pageTitle: null,
    pageDescription: null,
    pageIllustrationFileId: null,
    pageLogosFiles: [],
    publicAdvertisementFileId: null,
    agencyName: name,
    agencyAddress1: '12 rue des Tanneurs',
    agencyPostalCode: postalCode,
    agencyCity: city,
    agencyLatitude: null,
    agencyLongitude: null,
    infos: {
      name,
      address1: '12 rue des Tanneurs',
      address2: null,
      postalCode,
      city,
      latitude: null,
      longitude: null,
      openingHours: 'Lundi au vendredi : 8h00 - 12h00, 13h30 - 18h00',
      phones: [{ phone: '03 20 00 00 00', label: 'Accueil' }],
      emails: [{ emailAddress: 'contact@agence.fr', label: 'Contact' }],
      socialLinks: [],
      sirenNumber: null,
      legalOfficer: null,
      businessName: null,
      generalTermsFileId: null,
    },
  };
}

/** Renders the app's real route table at a path, as the browser would. */
export function renderRoute(path: string) {
  queryClient.clear();
  const router = createTestRouter(path);
  const utils = render(
    <AppProviders env="test">
      <RouterProvider router={router} useTransitions={false} />
    </AppProviders>,
  );
  return { ...utils, router, location: () => router.state.location };
}

export async function waitForPath(router: { state: { location: { pathname: string } } }, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

export { SESSION_KEYS, screen };

/** The red popovers shown or queued now (their messages). */
export function errorNotices(): string[] {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].filter((n) => n.color === 'red').map((n) => String(n.message));
}

/** Waits until no query of the app's cache is loading any more (refetches included). */
export async function queriesSettled() {
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
}
