import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { httpRequestDuration, registerGauge, startProcessMetrics } from './metrics.js';

/** The label of a request no route matched (a page of the web app, a 404): one series for all. */
const UNMATCHED = 'unmatched';

/**
 * Every answer into the duration histogram, labelled by its route's pattern; the pool's
 * connections as gauges on PostgreSQL. A callback hook: it runs for every request.
 */
export function recordRequestMetrics(app: FastifyInstance, database: Database): void {
  startProcessMetrics();
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const pool = database.poolStats;
  if (!pool) return;
  registerGauge('reseau_db_pool_connections', 'Connections the PostgreSQL pool holds', () => pool().total);
  registerGauge('reseau_db_pool_idle_connections', 'Connections of the pool waiting for a query', () => pool().idle);
  registerGauge('reseau_db_pool_waiting_requests', 'Queries waiting for a connection of the pool', () => pool().waiting);
}
