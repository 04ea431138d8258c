import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rolePermissions, roles } from '../../db/schema/index.js';

/** Every role with its permission codes, in one query. */
export async function listRoles(db: DbOrTx) {
  const rows = await db
    .select({ id: roles.id, name: roles.name, adminTypeId: roles.adminTypeId, code: rolePermissions.code })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .orderBy(asc(roles.id), asc(rolePermissions.code));
  const byId = new Map<number, { id: number; name: string; adminTypeId: number; macroPermissions: { code: string }[] }>();
  for (const r of rows) {
    let role = byId.get(r.id);
    if (!role) {
      role = { id: r.id, name: r.name, adminTypeId: r.adminTypeId, macroPermissions: [] };
      byId.set(r.id, role);
    }
    if (r.code) role.macroPermissions.push({ code: r.code });
  }
  return [...byId.values()];
}
