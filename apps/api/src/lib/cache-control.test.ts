import { describe, expect, it } from 'vitest';
import { buildContract, buildInvoice, storeFile, storePdf } from '../../test/extranet-factories.js';
import { buildTestApp, PASSWORD } from '../../test/helper.js';

const t = await buildTestApp();

/** A 1×1 PNG stored as an agency's logo: a public picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('Cache-Control of API answers', () => {
  it('no-store on sign-in and refresh (tokens) and on a customer JSON route', async () => {
    const agency = await t.buildAgency();
    const client = await t.buildClient({ agencyIds: [agency.id] });
    await buildContract(t, { clientId: client.id, agencyId: agency.id });

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/client',
      payload: { emailAddress: client.emailAddress, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: signIn.json().refreshToken },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');

    const contracts = await t.app.inject({
      method: 'GET',
      url: '/api/agency-contracts/mine',
      headers: await t.authHeader(client),
    });
    expect(contracts.statusCode).toBe(200);
    expect(contracts.headers['cache-control']).toBe('no-store');
  });

  it('no-store on errors: a refused sign-in, a validation failure, an unknown API route', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/client',
      payload: { emailAddress: 'personne@test.fr', password: 'Mauvais123' },
    });
    const invalid = await t.app.inject({ method: 'POST', url: '/api/auth/client', payload: {} });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nulle-part' });
    for (const res of [wrong, invalid, unknown]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('private, no-store on a customer’s file; public, max-age=3600 on an agency’s picture fetched anonymously', async () => {
    const logo = await storeFile(t, PNG, 2, 'logo.png', 'image/png');
    const agency = await t.buildAgency({ logoFileId: logo.id });
    const client = await t.buildClient({ agencyIds: [agency.id] });
    const file = await storePdf(t);
    const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
    await buildInvoice(t, { agencyContractId: contract.id, leftToPayIncludingTax: 0, fileId: file.id });
    const mine = await t.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: await t.authHeader(client) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');

    const anonymous = await t.app.inject({ method: 'GET', url: `/api/files/${logo.id}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=3600');
    // The same picture fetched with a token follows the signed-in rule.
    const signedIn = await t.app.inject({ method: 'GET', url: `/api/files/${logo.id}`, headers: await t.authHeader(client) });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    // A private file asked anonymously: 404, not kept either.
    const refused = await t.app.inject({ method: 'GET', url: `/api/files/${file.id}` });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
