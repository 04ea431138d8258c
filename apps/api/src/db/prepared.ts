import type { DbOrTx } from './client.js';

const byHandle = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A hot query built once per database handle and kept as a prepared statement (issue 12 §2):
 * drizzle does not assemble its SQL again, and on PostgreSQL the named statement is parsed and
 * planned once per connection. `name` must stand for one SQL text: a query whose shape varies
 * (an optional filter, a caller's kind) gets one name per shape, values go in placeholders.
 * A transaction is a handle of its own, so its statements die with it.
 */
export function preparedOnce<T>(db: DbOrTx, name: string, build: (db: DbOrTx, name: string) => T): T {
  let statements = byHandle.get(db);
  if (!statements) {
    statements = new Map();
    byHandle.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    statements.set(name, statement);
  }
  return statement;
}
