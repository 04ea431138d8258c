// The entry. Tracing, when OTEL_EXPORTER_OTLP_ENDPOINT is set, must hook http, pg, ioredis and
// Fastify before any of them loads: so the server (serve.ts) is imported only after it started.
// Unset, the telemetry module is never imported and costs nothing.
import { loadConfig } from './config.js';

/** serve.ts reads the configuration again, and is the one that reports it when invalid. */
function tracing() {
  try {
    const env = process.argv.includes('--demo') ? { DEMO_MODE: 'true', ...process.env } : process.env;
    const config = loadConfig(env);
    return config.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, service: config.OTEL_SERVICE_NAME }
      : null;
  } catch {
    return null;
  }
}

const traced = tracing();
if (traced) {
  const { startTelemetry } = await import('./telemetry.js');
  await startTelemetry(traced.endpoint, traced.service);
}
await import('./serve.js');
