import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import type { Access } from './guards.js';

/**
 * Every write route, called by a caller it lets in with bodies a client could send by mistake or
 * on purpose: an empty one, each field of the wrong type, each text field holding a lone UTF-16
 * surrogate or a NUL, each text field far too long. None may answer a 5xx (issue 24: a lone
 * surrogate gave 500 on eight routes). The fields come from each route's OpenAPI body, so a new
 * route is fuzzed the day it is written.
 */
const t = await buildTestApp();
type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[] };
type OpenApi = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
};
const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes whose body is not JSON (a multipart upload, a raw PDF, a provider's signed bytes, HTML forms). */
const NOT_JSON = [
  '/api/files',
  '/api/imports/files/',
  '/api/signature-notifications/',
  '/api/esign-sandbox/',
  '/api/payment-sandbox/',
];

const admin = await t.authHeader(await t.buildAdmin({ roleId: 1 }));
const customer = await t.authHeader(await t.buildClient());
const callerFor = (access: Access): Record<string, string> | null => {
  switch (access.kind) {
    case 'public':
      return {};
    case 'client':
      return customer;
    case 'signed-in':
    case 'admin':
    case 'admin-any':
    case 'agency-key-or-admin':
      return admin;
    default:
      return null; // the agency's key and the search key: their own tests
  }
};

const openApiPath = (url: string) =>
  url
    .replace(/^\/api/, '')
    .split('::')
    .map((part) => part.replace(/:(\w+)(\([^)]*\))?/g, '{$1}'))
    .join(':');
const concretePath = (url: string) =>
  url
    .split('::')
    .map((part) => part.replace(/:(\w+)(\([^)]*\))?/g, (_m, name: string) => (/email/i.test(name) ? 'x@exemple.fr' : '1')))
    .join(':');

function fieldsOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  if (!schema) return {};
  if (schema.properties) return schema.properties;
  const inner = schema.anyOf?.find((s) => s.properties);
  return inner?.properties ?? {};
}

const typeOf = (schema: JsonSchema): string => {
  const type = schema.type ?? schema.anyOf?.find((s) => s.type && s.type !== 'null')?.type;
  return Array.isArray(type) ? (type.find((x) => x !== 'null') ?? 'string') : (type ?? 'string');
};
const wrongValue = (type: string): unknown =>
  type === 'string'
    ? 12
    : type === 'number' || type === 'integer'
      ? 'douze'
      : type === 'boolean'
        ? 'oui'
        : type === 'array'
          ? { x: 1 }
          : [1];

const routes = t.app.routeAccess.filter(
  (r) => WRITES.has(r.method) && !NOT_JSON.some((prefix) => r.url.startsWith(prefix)) && callerFor(r.access) !== null,
);

describe('write routes never answer 5xx, whatever the body', () => {
  it('fuzzes every JSON write route of the API', () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
    const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    const fields = fieldsOf(op?.requestBody?.content?.['application/json']?.schema);
    const texts = Object.entries(fields).filter(([, s]) => typeOf(s) === 'string');
    const bodies: Array<[string, unknown]> = [
      ['{}', {}],
      ['types faux', Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, wrongValue(typeOf(s))]))],
      ...texts.flatMap(
        ([k]): Array<[string, unknown]> => [
          [`${k} : demi-paire UTF-16`, { [k]: 'a\ud800b' }],
          [`${k} : NUL`, { [k]: 'a\u0000b' }],
          [`${k} : 100 000 caractères`, { [k]: 'é'.repeat(100_000) }],
        ],
      ),
    ];
    for (const [label, body] of bodies) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: concretePath(route.url),
        headers: { ...callerFor(route.access), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (label.includes('demi-paire') || label.includes('NUL')) {
        // Refused as a field error, or by the route before it reads the body (not found, forbidden).
        expect([400, 401, 403, 404, 409], label).toContain(res.statusCode);
      }
    }
  });
});
