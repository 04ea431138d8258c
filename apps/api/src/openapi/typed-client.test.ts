import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { agencyWithKey } from '../../test/agency-keys.js';
import { buildContract } from '../../test/extranet-factories.js';
import { buildTestApp, PASSWORD } from '../../test/helper.js';

/**
 * What an agency's software vendor does with the document (issue 31 §5): generate the types with
 * openapi-typescript, then call the running server through openapi-fetch, one route of each kind.
 */
const t = await buildTestApp();
const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
const doc = (await (await fetch(`${origin}/api/docs/json`)).json()) as Record<string, unknown>;
// Under the root node_modules, so that the generated client's imports resolve as in a vendor's project.
const cache = join(import.meta.dirname, '../../../../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'reseau-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The generated `paths` exist only at run time here, so the client is typed loosely; a vendor
 * imports them. Any path and any body go through, as they would with the generated types.
 */
// biome-ignore lint/suspicious/noExplicitAny: the generated types are not known when this file compiles
type LoosePaths = Record<string, any>;
const client = createClient<LoosePaths>({ baseUrl: `${origin}/api` });
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** What a vendor writes with the generated types; each `@ts-expect-error` must be an error. */
const VENDOR_CALLS = `import createClient from 'openapi-fetch';
import type { paths } from './api.js';

const client = createClient<paths>({ baseUrl: 'https://reseau.example/api' });

export async function nightly(apiKey: string, accessToken: string) {
  const signIn = await client.POST('/auth/admin', { body: { emailAddress: 'a@b.fr', password: 'x' } });
  const token: string | undefined = signIn.data?.accessToken;
  const contracts = await client.GET('/agency-contracts/mine', { headers: { authorization: \`Bearer \${accessToken}\` } });
  const firstId: number | undefined = contracts.data?.agencyContracts[0]?.id;
  const imported = await client.POST('/imports', {
    body: { items: [{ type: 'client', externalRef: 'K-1' }] },
    headers: { 'x-api-key': apiKey },
  });
  const status: string | undefined = imported.data?.results[0]?.status;
  // @ts-expect-error: no such route
  await client.GET('/no-such-route');
  // @ts-expect-error: the sign-in takes an emailAddress
  await client.POST('/auth/admin', { body: { email: 'a@b.fr', password: 'x' } });
  return { token, firstId, status };
}
`;

describe('a client generated from the live document', () => {
  it('generates its types with openapi-typescript (which validates the document first)', async () => {
    const source = astToString(await openapiTS(doc as never, { silent: true }));
    writeFileSync(join(dir, 'api.d.ts'), source);
    expect(source).toContain('export interface paths');
    for (const id of ['postAuthAdmin', 'getNetworkAdmins', 'getAgencyContractsMine', 'postImports']) {
      expect(source).toContain(`${id}: {`);
    }
  }, 60_000);

  it("compiles a vendor's calls against the generated types, and refuses a wrong path or field", () => {
    writeFileSync(join(dir, 'calls.ts'), VENDOR_CALLS);
    const program = ts.createProgram([join(dir, 'calls.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
  }, 60_000);

  it('signs staff in, then reads a staff list with the bearer token', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const signIn = await client.POST('/auth/admin', { body: { emailAddress: admin.emailAddress, password: PASSWORD } });
    expect(signIn.response.status).toBe(200);
    const { accessToken } = signIn.data as { accessToken: string };
    const list = await client.GET('/network-admins', { params: { query: { pageSize: 5 } }, headers: bearer(accessToken) });
    expect(list.response.status).toBe(200);
    expect(list.data.networkAdmins.map((a: { id: number }) => a.id)).toContain(admin.id);

    const anonymous = await client.GET('/network-admins', {});
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error.code).toBe('unauthenticated');
  });

  it('signs a customer in, then reads their contracts', async () => {
    const agency = await t.buildAgency();
    const customer = await t.buildClient({ agencyIds: [agency.id] });
    const contract = await buildContract(t, { clientId: customer.id, agencyId: agency.id });
    const signIn = await client.POST('/auth/client', { body: { emailAddress: customer.emailAddress, password: PASSWORD } });
    expect(signIn.response.status).toBe(200);
    const list = await client.GET('/agency-contracts/mine', { headers: bearer(signIn.data.accessToken) });
    expect(list.response.status).toBe(200);
    expect(list.data.agencyContracts.map((c: { id: number }) => c.id)).toEqual([contract.id]);
  });

  it("imports with an agency's key, and is refused without it", async () => {
    const { apiKey } = await agencyWithKey(t);
    const body = {
      items: [{ type: 'client', externalRef: 'K-OPENAPI', email: 'openapi@test.fr', firstName: 'Léa', lastName: 'Martin' }],
    };
    const imported = await client.POST('/imports', { body, headers: { 'x-api-key': apiKey } });
    expect(imported.response.status).toBe(200);
    expect(imported.data.results[0]).toMatchObject({ externalRef: 'K-OPENAPI', status: 'created' });

    const refused = await client.POST('/imports', { body });
    expect(refused.response.status).toBe(401);
    expect(refused.error.code).toBe('invalid_api_key');
  });

  it('searches with the search key of a staff session', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const signIn = await client.POST('/auth/admin', { body: { emailAddress: admin.emailAddress, password: PASSWORD } });
    const key = await client.GET('/searchables:get-api-key', { headers: bearer(signIn.data.accessToken) });
    expect(key.response.status).toBe(200);
    const found = await client.GET('/searchables', {
      params: { query: { query: 'chaudière' } },
      headers: { 'x-search-key': key.data.apiKey },
    });
    expect(found.response.status).toBe(200);
    expect(found.data).toMatchObject({ searchables: expect.any(Array), pageCount: expect.any(Number) });
  });
});
