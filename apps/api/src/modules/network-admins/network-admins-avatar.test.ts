import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';

const t = await buildTestApp();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
let seq = 0;
const body = (more: object = {}) => ({
  firstName: 'Sophie',
  lastName: 'Durand',
  position: 'Chargée de mission',
  phone: '06 11 22 33 44',
  emailAddress: `avatar-${++seq}-${Date.now()}@reseau.fr`,
  roleId: 2,
  ...more,
});

describe('network admins: the avatar (file type 15)', () => {
  it('saves, keeps, replaces and clears the avatar; any staff user reads it, a customer does not', async () => {
    const caller = await t.buildAdmin({ roleId: 1 });
    const headers = await t.authHeader(caller);
    const first = await t.uploadAs(caller, 15, PNG, 'avatar.png');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/network-admins',
      headers,
      payload: body({ avatarFileId: first }),
    });
    expect(created.statusCode).toBe(201);
    const admin = created.json();
    expect(admin.avatarFileId).toBe(first);

    // Another network admin saves the same row again: the avatar already shown stays acceptable.
    const colleague = await t.buildAdmin({ roleId: 2 });
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/network-admins/${admin.id}`,
      headers: await t.authHeader(colleague),
      payload: { ...admin, position: 'Directrice' },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ avatarFileId: first, position: 'Directrice' });

    const adherentStaff = await t.buildAdmin({ roleId: 9 });
    const read = await t.app.inject({ method: 'GET', url: `/api/files/${first}`, headers: await t.authHeader(adherentStaff) });
    expect(read.statusCode).toBe(200);
    const client = await t.buildClient();
    const refused = await t.app.inject({ method: 'GET', url: `/api/files/${first}`, headers: await t.authHeader(client) });
    expect(refused.statusCode).toBe(404);

    const second = await t.uploadAs(caller, 15, PNG, 'avatar2.png');
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/network-admins/${admin.id}`,
      headers,
      payload: { ...admin, avatarFileId: second },
    });
    expect(replaced.json().avatarFileId).toBe(second);
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/network-admins/${admin.id}`,
      headers,
      payload: { ...admin, avatarFileId: null },
    });
    expect(cleared.json().avatarFileId).toBeNull();
  });

  it('refuses a file of another type, someone else’s upload and an unknown id', async () => {
    const caller = await t.buildAdmin({ roleId: 1 });
    const other = await t.buildAdmin({ roleId: 4 });
    const wrongType = await t.uploadAs(caller, 1, PNG, 'avatar.png');
    const theirs = await t.uploadAs(other, 15, PNG, 'avatar.png');
    for (const avatarFileId of [wrongType, theirs, 2_000_000_000]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/network-admins',
        headers: await t.authHeader(caller),
        payload: body({ avatarFileId }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: { avatarFileId: ['Le fichier demandé est introuvable'] },
      });
    }
  });
});
