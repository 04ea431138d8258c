import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics, served by GET /api/metrics in Prometheus's text format. One registry per
 * process, not per app: the counters are bumped where things happen (the mailer, the payment and
 * signature services), far from any app instance, and one process serves one app.
 */
export const metricsRegistry = new Registry();

let processMetricsStarted = false;

/**
 * Event-loop lag, heap, GC, handles, CPU and memory (prom-client's defaults). Started by the first
 * app built, so a command-line tool that imports a service pays nothing.
 */
export function startProcessMetrics(): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
}

/** Buckets around the budgets (p99 under 50 ms), up to the slow uploads and exports. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Labelled by the route's pattern (`/api/forums/:id`), never the raw URL: bounded cardinality. */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request to its answer, by method, route pattern and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

export const dbQueryDuration = new Histogram({
  name: 'reseau_db_query_duration_seconds',
  help: 'Time of each database query, as the driver sees it (pool wait excluded)',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [metricsRegistry],
});

/** Observes the time `query` takes into dbQueryDuration, and answers the query's own promise. */
export function timedQuery<T>(query: Promise<T>): Promise<T> {
  const stop = dbQueryDuration.startTimer();
  const observe = () => {
    stop();
  };
  query.then(observe, observe);
  return query;
}

const counter = (name: string, help: string) => new Counter({ name, help, registers: [metricsRegistry] });

/** What the business does, counted where it happens. */
export const domainMetrics = {
  mailsSent: counter('reseau_mails_sent_total', 'Mails delivered to SMTP, or kept in the outbox without SMTP_URL'),
  mailsFailed: counter('reseau_mails_failed_total', 'Mails SMTP refused or could not take (kept in the outbox with the error)'),
  previewsMade: counter('reseau_file_previews_made_total', 'Image previews decoded, made and stored (each once in the cluster)'),
  importsStarted: counter('reseau_imports_started_total', 'Imports of an agency software received'),
  importsCompleted: counter(
    'reseau_imports_completed_total',
    'Imports whose report is stored (items refused one by one included)',
  ),
  paymentsStarted: counter('reseau_payments_started_total', 'Card payments opened at the provider'),
  paymentsCompleted: counter('reseau_payments_completed_total', 'Card payments recorded as paid'),
  signaturesStarted: counter('reseau_signatures_started_total', 'Signature requests opened at the provider'),
  signaturesCompleted: counter(
    'reseau_signatures_completed_total',
    'Signature requests signed (counted once, by the notification that records it)',
  ),
};

/**
 * Rows each retention rule anonymised, emptied or deleted (RGPD issue 28 §3), by the rule's name
 * (the fixed names of RETENTION_PERIODS); bumped by the daily `retention` job after each rule.
 */
export const retentionRows = new Counter({
  name: 'reseau_retention_rows_total',
  help: 'Rows the daily retention job anonymised, emptied or deleted, by rule',
  labelNames: ['rule'] as const,
  registers: [metricsRegistry],
});

/** Each scheduled job's turns: 'ran', or 'skipped' because another instance ran it (jobs/scheduler.ts). */
export const scheduledJobRuns = new Counter({
  name: 'reseau_scheduled_job_runs_total',
  help: 'Turns of each scheduled job on this instance: ran, or skipped (running or already run elsewhere in its period)',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * A gauge read when Prometheus scrapes (a queue's depth, the open event streams, the pool's
 * connections): `collect` answers the current value. Registering a name again replaces the
 * earlier one (the last app built wins; tests build several).
 */
export function registerGauge(name: string, help: string, collect: () => number | Promise<number>): void {
  metricsRegistry.removeSingleMetric(name);
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    async collect() {
      // A failing source must not fail the whole scrape: its gauge keeps its last value.
      const value = await Promise.resolve()
        .then(collect)
        .catch(() => undefined);
      if (value !== undefined) this.set(value);
    },
  });
}

/**
 * A gauge with labels, read when Prometheus scrapes: `collect` answers one value per label set
 * (the queues' depth by queue and state). Label sets it no longer answers are dropped, so a
 * state that emptied shows 0 only if `collect` says so.
 */
export function registerLabelledGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect: () => Promise<{ labels: Record<L, string>; value: number }[]>,
): void {
  metricsRegistry.removeSingleMetric(name);
  new Gauge({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      const rows = await collect().catch(() => undefined);
      if (!rows) return;
      this.reset();
      for (const { labels, value } of rows) this.set(labels, value);
    },
  });
}

/** The durable queues' failed tries (each one, retried or not) and the rows that died, by queue. */
export const queueFailures = new Counter({
  name: 'reseau_queue_failures_total',
  help: 'Failed tries of a queued mail or job, by queue (mail_outbox, background_jobs) and outcome (retry, dead)',
  labelNames: ['queue', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** The text Prometheus scrapes, and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
