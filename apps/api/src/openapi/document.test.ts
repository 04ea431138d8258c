import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import { accessSentence, operationIdOf, SECURITY_SCHEMES, securityOf } from './document.js';

type Operation = {
  operationId?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
};
type Doc = {
  openapi: string;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
};

const t = await buildTestApp();
const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
);
/** The route table's url in the document's form (as auth/route-guards.test.ts writes it). */
const openApiPath = (url: string) =>
  url
    .slice('/api'.length)
    .split('::')
    .map((part) => part.replace(/:(\w+)(\([^)]*\))?/g, '{$1}'))
    .join(':');
const accessOf = new Map(t.app.routeAccess.map((r) => [`${r.method} ${openApiPath(r.url)}`, r.access]));

describe('operationIdOf', () => {
  it('joins the method and the words of the path, a parameter as By<Name>', () => {
    expect(operationIdOf('get', '/network-admins')).toBe('getNetworkAdmins');
    expect(operationIdOf('put', '/network-admins/{id}')).toBe('putNetworkAdminsById');
    expect(operationIdOf('post', '/agency-contract-quotations/{id}:accept')).toBe('postAgencyContractQuotationsByIdAccept');
    expect(operationIdOf('get', '/searchables:get-api-key')).toBe('getSearchablesGetApiKey');
    expect(operationIdOf('put', '/imports/files/{type}/{externalRef}')).toBe('putImportsFilesByTypeByExternalRef');
  });
});

describe('securityOf', () => {
  it('names the scheme each access takes, and none for a public route', () => {
    expect(securityOf({ kind: 'public', why: 'x' })).toBeUndefined();
    expect(securityOf({ kind: 'client' })).toEqual([{ bearerAuth: [] }]);
    expect(securityOf({ kind: 'admin', allOf: [] })).toEqual([{ bearerAuth: [] }]);
    expect(securityOf({ kind: 'search-key' })).toEqual([{ searchKey: [] }]);
    expect(securityOf({ kind: 'agency-key' })).toEqual([{ apiKey: [] }]);
    expect(securityOf({ kind: 'agency-key-or-admin', allOf: [] })).toEqual([{ apiKey: [] }, { bearerAuth: [] }]);
  });
});

describe('accessSentence', () => {
  it('names the permission codes the guard asks for', () => {
    expect(accessSentence({ kind: 'public', why: 'x' })).toBeUndefined();
    expect(accessSentence({ kind: 'admin', allOf: [] })).toBe('Accès : tout membre du personnel.');
    expect(accessSentence({ kind: 'admin', allOf: ['A', 'B'] as never })).toBe('Accès : le personnel ayant les droits `A`, `B`.');
    expect(accessSentence({ kind: 'admin-any', anyOf: ['A', 'B'] as never })).toBe(
      "Accès : le personnel ayant l'un des droits `A`, `B`.",
    );
  });
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.0.3 and declares the bearer token, the agency key and the search key', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.components.securitySchemes).toEqual(SECURITY_SCHEMES);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(doc.components.securitySchemes.searchKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-search-key' });
  });

  it('gives every operation an operationId, all different', () => {
    expect(operations.length).toBeGreaterThan(170);
    const ids = operations.map(({ op }) => op.operationId);
    for (const [i, id] of ids.entries()) expect(id, operations[i]!.key).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("marks every operation with the credential its route's guard checks, and a public one with none", () => {
    const declared = new Set(Object.keys(doc.components.securitySchemes));
    for (const { key, op } of operations) {
      const access = accessOf.get(key);
      expect(access, key).toBeDefined();
      if (access!.kind === 'public') {
        expect(op.security, key).toBeUndefined();
        continue;
      }
      expect(op.security?.length, key).toBeGreaterThan(0);
      for (const requirement of op.security!) for (const name of Object.keys(requirement)) expect(declared, key).toContain(name);
    }
    expect(doc.paths['/imports']!.post!.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/searchables']!.get!.security).toEqual([{ searchKey: [] }]);
    expect(doc.paths['/network-admins']!.get!.security).toEqual([{ bearerAuth: [] }]);
  });

  it('says who may call each non-public operation, in French, after its own description', () => {
    for (const { key, op } of operations) {
      const access = accessOf.get(key)!;
      if (access.kind === 'public') expect(op.description ?? '', key).not.toContain('Accès :');
      else expect(op.description, key).toContain(accessSentence(access));
    }
    expect(doc.paths['/imports']!.post!.description).toMatch(/Accès : la clé d'API d'une agence, en-tête `x-api-key`\.$/);
    const upload = doc.paths['/files']!.post!.description!;
    expect(upload.indexOf('upload_quota_exceeded')).toBeLessThan(upload.indexOf('Accès :'));
  });

  it('leaves the credentials out of the parameters: the schemes carry them', () => {
    const headers = operations.flatMap(({ op }) => (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name));
    expect(headers).not.toContain('x-search-key');
    expect(headers).not.toContain('x-api-key');
    expect(headers).not.toContain('authorization');
  });
});
