import { describe, expect, it } from 'vitest';
import { buildContract } from '../../test/extranet-factories.js';
import { buildTestApp } from '../../test/helper.js';
import { UNSTORABLE_CHARACTER_MESSAGE, unstorablePaths } from './unstorable-characters.js';

const t = await buildTestApp();
const refused = { code: 'validation_failed', message: UNSTORABLE_CHARACTER_MESSAGE };

describe('a NUL character anywhere in a request', () => {
  it('is refused in a sign-in email with validation_failed, per field, nested paths joined with dots', async () => {
    const client = await t.buildClient();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/client',
      payload: { emailAddress: `${client.emailAddress}\u0000`, password: 'Secret123', extra: { list: ['ok', 'b\u0000'] } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ...refused,
      errors: { emailAddress: [UNSTORABLE_CHARACTER_MESSAGE], 'extra.list.1': [UNSTORABLE_CHARACTER_MESSAGE] },
    });
  });

  it('is refused in an extranet contact message', async () => {
    const agency = await t.buildAgency();
    const client = await t.buildClient({ agencyIds: [agency.id] });
    const contract = await buildContract(t, { clientId: client.id, agencyId: agency.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/extranet-agency-contacts',
      headers: await t.authHeader(client),
      payload: {
        agencyContractId: contract.id,
        extranetAgencyContactSubjectId: 1,
        source: 'extranet_contracts_page',
        message: 'La chaudière\u0000 est en panne.',
        isAvailableInTheMorning: true,
        isAvailableInTheAfternoon: false,
        isAvailableAtMidday: false,
        isAvailableAllDay: false,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...refused, errors: { message: [UNSTORABLE_CHARACTER_MESSAGE] } });
  });

  it('is refused in a query string and in a path parameter', async () => {
    const client = await t.buildClient();
    const query = await t.app.inject({ method: 'GET', url: '/api/faq-entries?theme=%00', headers: await t.authHeader(client) });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ ...refused, errors: { theme: [UNSTORABLE_CHARACTER_MESSAGE] } });

    const path = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${encodeURIComponent(`${client.emailAddress}\u0000`)}:open-password-reset`,
      payload: {},
    });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toEqual({ ...refused, errors: { email: [UNSTORABLE_CHARACTER_MESSAGE] } });
  });

  it('leaves other text alone, accents and emoji included', async () => {
    const client = await t.buildClient();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/client',
      payload: { emailAddress: client.emailAddress, password: 'Secret123' },
    });
    expect(res.statusCode).toBe(200);
    expect(unstorablePaths({ a: 'Hélène 🔥', b: [1, null, true, { c: '\u0001' }] })).toEqual([]);
  });

  it('finds a NUL in a key and in a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorablePaths(deep)).toHaveLength(1);
    expect(unstorablePaths({ 'cl\u0000é': 1 })).toEqual(['clé']);
  });
});

describe('a lone UTF-16 surrogate anywhere in a request', () => {
  it('is found in values and keys, high or low, at the end or inside, with the path zod would name', () => {
    const found = unstorablePaths({
      title: '\ud800',
      list: ['ok', 'avant\udc00après'],
      nested: { 'cl\ud83dé': 1, end: 'chauffage\ud83d' },
    });
    expect(found.sort()).toEqual(['list.1', 'nested.clé', 'nested.end', 'title']);
  });

  it('leaves a well-formed pair alone (emoji), and U+FFFD as typed', () => {
    expect(unstorablePaths({ a: '\ud83d\udd25 Hélène', b: ['\ufffd'], '\ud83d\udd25': 'clé' })).toEqual([]);
  });

  it('is refused in a JSON body sent as text, escape and all, as validation_failed on its field', async () => {
    const client = await t.buildClient();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/client',
      headers: { 'content-type': 'application/json' },
      payload: `{"emailAddress":"${client.emailAddress}","password":"Secret123","extra":{"list":["ok","\\udfff"]}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...refused, errors: { 'extra.list.1': [UNSTORABLE_CHARACTER_MESSAGE] } });
  });
});
