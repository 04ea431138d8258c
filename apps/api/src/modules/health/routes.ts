import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps, Module } from '../../app-deps.js';
import { publicRoute } from '../../auth/guards.js';
import { metricsRoute } from './metrics-route.js';
import { readiness } from './readiness.js';

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

const probeState = z.enum(['up', 'down']);
const ready = z.object({
  status: z.enum(['ready', 'unready', 'draining']),
  database: health.shape.database,
  redis: z.enum(['up', 'down', 'not_configured']),
  storage: probeState,
});

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
  app.get(
    '/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Prêt à recevoir du trafic : base, Redis (si configuré), stockage ; 503 pendant l’arrêt',
        response: { 200: ready, 503: ready },
      },
      onRequest: publicRoute('the probe of load balancers: which services answer, no data'),
    },
    async (_request, reply) => {
      const [database, others] = await Promise.all([databaseState(deps), readiness(deps)]);
      const ok = others.ready && database === 'up';
      const status = others.draining ? 'draining' : ok ? 'ready' : 'unready';
      return reply.status(ok ? 200 : 503).send({ status, database, redis: others.redis, storage: others.storage });
    },
  );
  metricsRoute(app, deps);
};
