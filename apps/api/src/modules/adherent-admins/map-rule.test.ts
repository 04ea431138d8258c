import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { adherentAdminFields } from './test-fields.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];

async function call(who: Who, method: 'POST' | 'PUT', url: string, payload: object) {
  return t.app.inject({ method, url: `/api${url}`, payload, headers: await t.authHeader(who) });
}
const fields = adherentAdminFields;

describe('only one adherent admin per adherent is shown on the map', () => {
  it('answers 409 with adminAdherentIds when a second one is created or updated visible', async () => {
    const adherent = await t.buildAdherent();
    const admin = await t.buildAdmin({ roleId: 1 });
    const first = await call(admin, 'POST', '/adherent-admins', fields(adherent.id, { doNotShowOnMap: false }));
    expect(first.statusCode).toBe(201);
    const firstId = first.json().id;

    const second = await call(admin, 'POST', '/adherent-admins', fields(adherent.id, { doNotShowOnMap: false }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'adherent_admin_already_on_map', adminAdherentIds: [firstId] });

    const hidden = await call(admin, 'POST', '/adherent-admins', fields(adherent.id));
    expect(hidden.statusCode).toBe(201);
    const shown = await call(admin, 'PUT', `/adherent-admins/${hidden.json().id}`, {
      ...fields(adherent.id, { emailAddress: hidden.json().emailAddress }),
      doNotShowOnMap: false,
    });
    expect(shown.statusCode).toBe(409);
    expect(shown.json().adminAdherentIds).toEqual([firstId]);

    // The one shown may be saved again, and another adherent has its own.
    const again = await call(admin, 'PUT', `/adherent-admins/${firstId}`, {
      ...fields(adherent.id, { emailAddress: first.json().emailAddress, position: 'PDG' }),
      doNotShowOnMap: false,
    });
    expect(again.statusCode).toBe(200);
    const other = await t.buildAdherent();
    expect((await call(admin, 'POST', '/adherent-admins', fields(other.id, { doNotShowOnMap: false }))).statusCode).toBe(201);
  });

  it('lets exactly one of two concurrent saves through', async () => {
    const adherent = await t.buildAdherent();
    const admin = await t.buildAdmin({ roleId: 1 });
    const results = await Promise.all(
      [0, 1, 2].map(() => call(admin, 'POST', '/adherent-admins', fields(adherent.id, { doNotShowOnMap: false }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    const winner = results.find((r) => r.statusCode === 201)!.json().id;
    for (const lost of results.filter((r) => r.statusCode === 409)) expect(lost.json().adminAdherentIds).toEqual([winner]);
  });
});
