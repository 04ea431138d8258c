import { ROLES } from '@reseau/contracts/constants/permissions';
import { describe, expect, it } from 'vitest';
import { quickLinksFor } from './quick-links';

const permissionsOf = (roleId: number) => ROLES.find((r) => r.id === roleId)!.permissions;
const paths = (roleId: number, regionId: number | null = 2) =>
  quickLinksFor({ roleId, regionId, permissions: permissionsOf(roleId) }).map((l) => l.path);

describe('dashboard quick links (spec 01 §2)', () => {
  it.each([1, 2, 3])('gives network role %i the general base, the adherents forum and the CA space', (roleId) => {
    expect(paths(roleId)).toEqual(['/intranet/doc-base/1', '/intranet/forum/1', '/intranet/doc-base/2']);
  });

  it('leaves the CA space out without document_base_ca_reading', () => {
    expect(quickLinksFor({ roleId: 2, regionId: null, permissions: [] }).map((l) => l.path)).toEqual([
      '/intranet/doc-base/1',
      '/intranet/forum/1',
    ]);
  });

  it('gives roles 5, 6 and 8 their forum (and the spare parts to 5 and 6)', () => {
    expect(paths(5)).toEqual(['/intranet/forum/3', '/intranet/spare-parts']);
    expect(paths(6)).toEqual(['/intranet/forum/2', '/intranet/spare-parts']);
    expect(paths(8)).toEqual(['/intranet/forum/3']);
  });

  it.each([
    [4, 1, '/intranet/doc-base/3'],
    [7, 3, '/intranet/doc-base/5'],
    [9, 5, '/intranet/doc-base/7'],
  ])("gives role %i of region %i its region's base (%s) and the adherents forum", (roleId, regionId, base) => {
    expect(paths(roleId, regionId)).toEqual([base, '/intranet/forum/1']);
  });

  it('gives an adherent-level user without a known region only the forum, and nobody without a role anything', () => {
    expect(paths(9, null)).toEqual(['/intranet/forum/1']);
    expect(paths(9, 6)).toEqual(['/intranet/forum/1']);
    expect(quickLinksFor({ roleId: null, regionId: 1, permissions: [] })).toEqual([]);
  });
});
