import { IMPERSONATION_HEADER } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import { auditLog } from '../db/schema/index.js';

const t = await buildTestApp();

/** A connection-link send is a write whose permission depends on who acts: it shows whose rights apply. */
const sendLink = (email: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/admins/${email}/open-password-reset`, payload: { context: 'init' }, headers });

describe('impersonation header', () => {
  it('a network super admin acts as an adherent director, with the director rights, and the write is audited with both ids', async () => {
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const director = await t.buildAdmin({ roleId: 4 });
    const colleague = await t.buildAdmin({ roleId: 9, adherentId: director.adherentId, agencyIds: director.agencyIds });
    const stranger = await t.buildAdmin({ roleId: 9 });
    const asDirector = { ...(await t.authHeader(superAdmin)), [IMPERSONATION_HEADER]: String(director.id) };

    expect((await sendLink(colleague.emailAddress, asDirector)).statusCode).toBe(204);
    // The super admin alone could; acting as the director, the director's limits apply.
    expect((await sendLink(stranger.emailAddress, asDirector)).statusCode).toBe(403);
    expect((await sendLink(stranger.emailAddress, await t.authHeader(superAdmin))).statusCode).toBe(204);

    const rows = await t.db.select().from(auditLog);
    const impersonated = rows.filter((r) => r.action === 'impersonated_request');
    expect(impersonated).toHaveLength(2);
    expect(impersonated[0]).toMatchObject({ actorAdminId: superAdmin.id, impersonatedAdminId: director.id });
    expect(rows.find((r) => r.action === 'admin.connection_link_sent' && r.entityId === String(colleague.id))).toMatchObject({
      actorAdminId: superAdmin.id,
      impersonatedAdminId: director.id,
    });
  });

  it('is refused (403) to a caller without adherents_administration', async () => {
    const collaborator = await t.buildAdmin({ roleId: 9 });
    const target = await t.buildAdmin({ roleId: 4 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: { ...(await t.authHeader(collaborator)), [IMPERSONATION_HEADER]: String(target.id) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('never lets anyone act as a network admin, a disabled user, an unknown id or a customer', async () => {
    const superAdmin = await t.buildAdmin({ roleId: 1 });
    const otherNetwork = await t.buildAdmin({ roleId: 2 });
    const disabled = await t.buildAdmin({ roleId: 9, isActive: false });
    const client = await t.buildClient();
    for (const target of [String(otherNetwork.id), String(disabled.id), '999999', 'abc']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/roles',
        headers: { ...(await t.authHeader(superAdmin)), [IMPERSONATION_HEADER]: target },
      });
      expect(res.statusCode, `target ${target}`).toBe(403);
    }
    const fromClient = await t.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: { ...(await t.authHeader(client)), [IMPERSONATION_HEADER]: String(disabled.id) },
    });
    // A customer token ignores the header entirely: it never becomes an admin.
    expect(fromClient.statusCode).toBe(200);
  });
});
