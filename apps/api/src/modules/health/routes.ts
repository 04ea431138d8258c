import { z } from 'zod';
import type { Module } from '../../lib/http.js';

const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  databaseKind: z.enum(['pglite', 'postgres']),
});

export const healthRoutes: Module = (app, deps) => {
  app.get(
    '/health',
    { schema: { tags: ['platform'], summary: 'État du serveur et de la base', response: { 200: health, 503: health } } },
    async (_request, reply) => {
      const up = await deps.database.ping().catch(() => false);
      return reply
        .status(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', databaseKind: deps.database.kind });
    },
  );
};
