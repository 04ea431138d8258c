import type { PermissionCode } from '@reseau/contracts';
import type { DbOrTx } from '../../db/client.js';
import { listRoles } from './service.js';

export interface RoleEntry {
  id: number;
  name: string;
  adminTypeId: number;
  macroPermissions: { code: string }[];
  permissions: ReadonlySet<PermissionCode>;
}

/**
 * Roles and their permissions, read once when the app is built. They are reference data
 * written at start from packages/contracts (seedReference) and no route changes them, so every
 * instance holds the same copy; it spares a query on every authenticated request.
 */
export interface RoleCatalog {
  list: readonly RoleEntry[];
  /**
   * GET /roles's body, serialised and encoded once: the list never changes while the app runs. A
   * Buffer, not a string: a string body is measured (byteLength) and encoded to UTF-8 again on
   * every answer, a tenth of this route's cost for its 5 KB.
   */
  json: Buffer;
  get(roleId: number): RoleEntry | undefined;
}

export async function loadRoleCatalog(db: DbOrTx): Promise<RoleCatalog> {
  const list = (await listRoles(db)).map((r) => ({
    ...r,
    permissions: new Set(r.macroPermissions.map((p) => p.code as PermissionCode)),
  }));
  const byId = new Map(list.map((r) => [r.id, r]));
  const json = Buffer.from(
    JSON.stringify(list.map(({ id, name, adminTypeId, macroPermissions }) => ({ id, name, adminTypeId, macroPermissions }))),
  );
  return { list, json, get: (roleId) => byId.get(roleId) };
}
