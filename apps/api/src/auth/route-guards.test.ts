import { type PermissionCode, ROLES } from '@reseau/contracts';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import { type Access, publicRoute, requireAdmin } from './guards.js';
import { checkRouteAccess, type RouteAccess } from './route-access.js';

/**
 * Permission before validation (issue 24): every route of the API, called by a caller its guard
 * refuses with an empty or absent body, answers 401 or 403, never 400 with the fields it expected
 * nor anything else. The route table comes from the app itself (`app.routeAccess`), so a new
 * route is in this matrix the day it is written.
 */
const t = await buildTestApp();
const routes = t.app.routeAccess.filter((r) => r.method !== 'HEAD');
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The routes anyone may call, each with what protects it instead: adding one is a decision made here. */
const PUBLIC_ROUTES = [
  'GET /api/docs/json',
  'GET /api/docs',
  'GET /api/docs/assets/start.js',
  'GET /api/docs/assets/swagger-ui.css',
  'GET /api/docs/assets/swagger-ui-bundle.js',
  'GET /api/health',
  'GET /api/ready',
  'GET /api/files/:id',
  'GET /api/legal-pages/:slug',
  'POST /api/auth/admin',
  'POST /api/auth/client',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/second-factor',
  'POST /api/auth/second-factor/totp-setup',
  'POST /api/auth/second-factor/totp-setup::confirm',
  'POST /api/auth/admin/passkey-options',
  'POST /api/auth/admin/passkey',
  'POST /api/auth/client/passkey-options',
  'POST /api/auth/client/passkey',
  'POST /api/auth/sessions::end-by-link',
  // The ZIP of "Télécharger mes données": the mailed link's token (32 random bytes, hashed, 7 days).
  'GET /api/data-exports/:token',
  'POST /api/admins/:email/open-password-reset',
  'POST /api/admins/:token/close-password-reset',
  'POST /api/clients/:email(^[^:/]+)::open-email-verification',
  'POST /api/clients/:token(^[^:/]+)::close-email-verification',
  'POST /api/clients/:email(^[^:/]+)::open-password-reset',
  'POST /api/clients/:token(^[^:/]+)::close-password-reset',
  'POST /api/payment-notifications/:provider',
  'POST /api/signature-notifications/:provider',
  'GET /api/esign-sandbox/:id(^[0-9a-f-]{36})',
  'GET /api/esign-sandbox/:id(^[0-9a-f-]{36})/document',
  'POST /api/esign-sandbox/:id(^[0-9a-f-]{36})::sign',
  'POST /api/esign-sandbox/:id(^[0-9a-f-]{36})::decline',
  'GET /api/payment-sandbox/:id(^sbx_[A-Za-z0-9]+)',
  'POST /api/payment-sandbox/:id(^sbx_[A-Za-z0-9]+)::pay',
  'POST /api/payment-sandbox/:id(^sbx_[A-Za-z0-9]+)::cancel',
].sort();

/** The demo's conveniences outside /api (modules/dev): loopback callers only, demo mode only. */
const DEMO_ROUTES = [
  'GET /dev/mailbox',
  'GET /dev/mailbox.json',
  'POST /dev/fixtures/customer',
  'POST /dev/fixtures/director',
  'POST /dev/fixtures/forum-user',
  'POST /dev/fixtures/staff-user',
].sort();

/** A path that routes to `url`: each parameter replaced by a value its pattern accepts. */
function concretePath(url: string): string {
  // `::` is an escaped colon (a custom method such as `:archive`), not a parameter.
  return url
    .split('::')
    .map((part) =>
      part
        .replace(/:(\w+)\(\^\[0-9a-f-\]\{36\}\)/g, '0f8b6c2e-5d1a-4c3b-9e7f-1a2b3c4d5e6f')
        .replace(/:(\w+)\(\^sbx_[^)]*\)/g, 'sbx_abc')
        .replace(/:(\w+)(\([^)]*\))?/g, (_m, name: string) => sample(name)),
    )
    .join(':');
}

function sample(name: string): string {
  if (/email/i.test(name)) return 'personne@exemple.fr';
  if (/token/i.test(name)) return 'a'.repeat(40);
  if (/provider/i.test(name)) return 'sandbox';
  if (/type/i.test(name)) return 'contract';
  if (/ref/i.test(name)) return 'REF-1';
  return '1';
}

/** A role (by id) that the access refuses, if any role does. */
function refusedRole(access: Access): number | null {
  const holds = (perms: readonly PermissionCode[], code: PermissionCode) => perms.includes(code);
  const role = ROLES.find((r) => {
    if (access.kind === 'admin' || access.kind === 'agency-key-or-admin')
      return access.allOf.some((c) => !holds(r.permissions, c));
    if (access.kind === 'admin-any') return access.anyOf.every((c) => !holds(r.permissions, c));
    return false;
  });
  return role?.id ?? null;
}

type Caller = { label: string; headers: () => Promise<Record<string, string>> };
const staff = new Map<number, Record<string, string>>();
const staffOf = (roleId: number): Caller => ({
  label: `rôle ${roleId}`,
  headers: async () => {
    if (!staff.has(roleId)) staff.set(roleId, await t.authHeader(await t.buildAdmin({ roleId })));
    return staff.get(roleId)!;
  },
});
let customer: Record<string, string>;
beforeAll(async () => {
  customer = await t.authHeader(await t.buildClient());
});
const anonymous: Caller = { label: 'anonyme', headers: async () => ({}) };
const aCustomer: Caller = { label: 'client', headers: async () => customer };

/** Who the access refuses, and with which status. */
function refusedCallers(access: Access): Array<[Caller, 401 | 403]> {
  switch (access.kind) {
    case 'public':
      return [];
    case 'operator':
      // Every caller here is local (inject's peer is 127.0.0.1): modules/health/metrics.test.ts
      // calls from elsewhere, with and without the token.
      return [];
    case 'signed-in':
    case 'search-key':
      return [[anonymous, 401]];
    case 'client':
      return [
        [anonymous, 401],
        [staffOf(1), 403],
      ];
    case 'agency-key':
      // A session is no substitute for the agency's key.
      return [
        [anonymous, 401],
        [staffOf(1), 401],
        [aCustomer, 401],
      ];
    case 'admin':
    case 'admin-any':
    case 'agency-key-or-admin': {
      const role = refusedRole(access);
      return [[anonymous, 401], [aCustomer, 403], ...(role === null ? [] : [[staffOf(role), 403] as [Caller, 403]])];
    }
  }
}

describe('the route table', () => {
  it('holds every route of the OpenAPI document, each with a guard', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} /api${path}`),
    );
    const openApiPath = (url: string) =>
      url
        .split('::')
        .map((part) => part.replace(/:(\w+)(\([^)]*\))?/g, '{$1}'))
        .join(':');
    const table = new Set(routes.map((r) => `${r.method} ${openApiPath(r.url)}`));
    expect(routes.length).toBeGreaterThan(170);
    for (const op of documented) expect(table, op).toContain(op);
  });

  it('lets anyone call only the routes listed here, each saying what protects it', () => {
    const open = routes.filter((r) => r.access.kind === 'public');
    expect(open.map((r) => `${r.method} ${r.url}`).sort()).toEqual(PUBLIC_ROUTES);
    for (const r of open) expect((r.access as { why: string }).why.length).toBeGreaterThan(20);
  });
});

describe('the routes outside /api', () => {
  it('are the web app itself and, in demo mode, the conveniences only this machine may call', async () => {
    expect(t.app.webRoutes.filter((r) => r.method !== 'HEAD')).toEqual([{ method: 'GET', url: '/' }]);
    const demo = await buildTestApp({ DEMO_MODE: 'true' });
    const dev = demo.app.webRoutes.filter((r) => r.method !== 'HEAD' && r.url !== '/');
    expect(dev.map((r) => `${r.method} ${r.url}`).sort()).toEqual(DEMO_ROUTES);
    for (const r of dev) {
      const res = await demo.app.inject({
        method: r.method as 'GET',
        url: r.url,
        remoteAddress: '203.0.113.7',
        ...(WRITES.has(r.method) ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
    }
  });
});

describe('permission before validation: every route refuses its refused callers with 401 or 403', () => {
  const cases = routes.flatMap((route) => refusedCallers(route.access).map(([caller, status]) => ({ route, caller, status })));

  it('covers every write route with an anonymous caller and, where a role lacks the permission, that role', () => {
    for (const route of routes.filter((r) => WRITES.has(r.method) && r.access.kind !== 'public')) {
      const mine = cases.filter((c) => c.route === route);
      expect(
        mine.some((c) => c.caller === anonymous),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
  });

  it.each(cases.map((c) => [`${c.route.method} ${c.route.url} — ${c.caller.label} → ${c.status}`, c] as const))(
    '%s',
    async (_name, { route, caller, status }) => {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concretePath(route.url),
        headers: await caller.headers(),
        ...(WRITES.has(route.method) ? { payload: {} } : {}),
      });
      expect(res.statusCode, res.body).toBe(status);
      const code = (res.json() as { code: string }).code;
      expect(['unauthenticated', 'forbidden', 'invalid_api_key']).toContain(code);
    },
  );
});

describe('checkRouteAccess', () => {
  const answers = { response: { 200: { type: 'string' } } };
  const routeTable = async (register: (app: ReturnType<typeof Fastify>) => void) => {
    const app = Fastify();
    const table: RouteAccess[] = [];
    app.addHook('onRoute', checkRouteAccess(table));
    register(app);
    await app.ready();
    return table;
  };

  it('records each route with its access', async () => {
    const table = await routeTable((app) => {
      app.get('/a', { onRequest: requireAdmin('monthly_result_administration'), schema: answers }, async () => 'a');
      app.post('/b', { onRequest: publicRoute('a webhook that is checked by its signature'), schema: answers }, async () => 'b');
    });
    expect(table.filter((r) => r.method !== 'HEAD')).toEqual([
      { method: 'GET', url: '/a', access: { kind: 'admin', allOf: ['monthly_result_administration'] } },
      { method: 'POST', url: '/b', access: { kind: 'public', why: 'a webhook that is checked by its signature' } },
    ]);
  });

  it('refuses a route without a guard, with two, or with its guard after the body is read', async () => {
    await expect(routeTable((app) => app.get('/none', { schema: answers }, async () => 'x'))).rejects.toThrow(
      /exactly one guard/,
    );
    await expect(
      routeTable((app) => app.get('/two', { onRequest: [requireAdmin(), requireAdmin()], schema: answers }, async () => 'x')),
    ).rejects.toThrow(/exactly one guard/);
    for (const hook of ['preValidation', 'preHandler'] as const) {
      await expect(
        routeTable((app) =>
          app.post(
            '/late',
            { onRequest: publicRoute('a webhook that is checked by its signature'), [hook]: requireAdmin(), schema: answers },
            async () => 'x',
          ),
        ),
      ).rejects.toThrow(new RegExp(`not in ${hook}`));
    }
  });

  it('refuses a route without a response schema: only declared fields leave the server', async () => {
    const guard = { onRequest: requireAdmin() };
    await expect(routeTable((app) => app.get('/raw', guard, async () => 'x'))).rejects.toThrow(/response schema/);
    await expect(routeTable((app) => app.get('/empty', { ...guard, schema: { response: {} } }, async () => 'x'))).rejects.toThrow(
      /response schema/,
    );
  });
});
