import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireOperator } from '../../auth/guards.js';
import type { ZApp } from '../../lib/http.js';
import { metricsText } from '../../lib/metrics.js';

const refused = z.object({ code: z.string(), message: z.string() });

/** Prometheus's scrape: the process's metrics (lib/metrics.ts), to local callers or METRICS_TOKEN's bearer. */
export function metricsRoute(app: ZApp, deps: AppDeps) {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['platform'],
        summary: 'Métriques Prometheus (appelant local, ou jeton METRICS_TOKEN en Bearer)',
        produces: ['text/plain'],
        response: { 200: z.string().meta({ description: 'Format texte de Prometheus 0.0.4' }), 403: refused },
      },
      onRequest: requireOperator(deps.config.METRICS_TOKEN),
    },
    async (_request, reply) => {
      const { contentType, body } = await metricsText();
      return reply.type(contentType).send(body);
    },
  );
}
