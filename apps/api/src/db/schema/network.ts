import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const regions = pgTable('regions', {
  id: integer().primaryKey(),
  name: text().notNull(),
});

export const roles = pgTable('roles', {
  id: integer().primaryKey(),
  name: text().notNull(),
  adminTypeId: integer().notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    code: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.code] })],
);

export const adherents = pgTable('adherents', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  regionId: integer()
    .notNull()
    .references(() => regions.id),
  isActive: boolean().notNull().default(true),
});
