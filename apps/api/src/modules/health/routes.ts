import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps, Module } from '../../app-deps.js';
import { publicRoute } from '../../auth/guards.js';

const health = z.object({
  status: z.enum(['ok', 'degraded']),
  /** `schema_missing`: the database answers but is not migrated (a table of the first migration is absent). */
  database: z.enum(['up', 'down', 'schema_missing']),
  databaseKind: z.enum(['pglite', 'postgres']),
});

/** The SQLSTATE of a driver error, through drizzle's wrapping. */
function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A migrated table answering proves both the connection and the schema. */
async function databaseState(deps: AppDeps): Promise<z.infer<typeof health>['database']> {
  try {
    await deps.db.execute(sql`select 1 from roles limit 1`);
    return 'up';
  } catch (err) {
    return sqlState(err) === '42P01' ? 'schema_missing' : 'down'; // 42P01: undefined_table
  }
}

export const healthRoutes: Module = (app, deps) => {
  app.get(
    '/health',
    {
      schema: { tags: ['platform'], summary: 'État du serveur et de la base', response: { 200: health, 503: health } },
      onRequest: publicRoute('the probe of load balancers: the state of the server, no data'),
    },
    async (_request, reply) => {
      const database = await databaseState(deps);
      return reply
        .status(database === 'up' ? 200 : 503)
        .send({ status: database === 'up' ? 'ok' : 'degraded', database, databaseKind: deps.database.kind });
    },
  );
};
