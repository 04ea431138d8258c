import { ADMIN_TYPE, type PermissionCode, ROLE } from '@reseau/contracts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { AdminPrincipal } from '../../auth/principal.js';
import { assertMaySendConnectionLink, linkableAdherentAccounts, maySendConnectionLink } from './policy.js';

// The connection link's rule without a database: the service loads the target (and whether
// `linkableAdherentAccounts` holds for it); the routes' tests cover the same rule end to end.
const caller = (roleId: number, codes: PermissionCode[]): AdminPrincipal => ({
  kind: 'admin',
  adminId: 1,
  roleId,
  adminTypeId: ADMIN_TYPE.network,
  regionId: null,
  adherentId: null,
  permissions: new Set(codes),
  agencyIds: null,
  impersonatedBy: null,
  sessionId: null,
});
const target = (over: Partial<Parameters<typeof maySendConnectionLink>[1]> = {}) => ({
  id: 9,
  roleId: ROLE.superAdmin + 1,
  archivedAt: null,
  adminTypeId: ADMIN_TYPE.adherent,
  adherentWritable: true,
  ...over,
});

describe('maySendConnectionLink', () => {
  const manager = caller(ROLE.superAdmin + 1, ['network_admins_administration']);

  it('follows the loaded adherent rule for an adherent account, never for an archived one', () => {
    expect(maySendConnectionLink(manager, target())).toBe(true);
    expect(maySendConnectionLink(manager, target({ adherentWritable: false }))).toBe(false);
    expect(maySendConnectionLink(manager, target({ archivedAt: new Date() }))).toBe(false);
    expect(() => assertMaySendConnectionLink(manager, target({ adherentWritable: false }))).toThrow();
  });

  it('keeps a role 1 network account to role 1 callers, whatever the adherent rule says', () => {
    const network = (roleId: number) => target({ adminTypeId: ADMIN_TYPE.network, roleId, adherentWritable: true });
    expect(maySendConnectionLink(manager, network(ROLE.superAdmin + 1))).toBe(true);
    expect(maySendConnectionLink(manager, network(ROLE.superAdmin))).toBe(false);
    expect(maySendConnectionLink(caller(ROLE.superAdmin, ['network_admins_administration']), network(ROLE.superAdmin))).toBe(
      true,
    );
    expect(maySendConnectionLink(caller(ROLE.superAdmin + 1, []), network(ROLE.superAdmin + 1))).toBe(false);
  });
});

describe('linkableAdherentAccounts', () => {
  it('gives no adherent account to a caller without an adherent management permission', () => {
    expect(new PgDialect().sqlToQuery(linkableAdherentAccounts(caller(ROLE.superAdmin, []))).sql).toBe('false');
  });
});
