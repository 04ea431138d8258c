import { register } from 'node:module';
import type { Config } from './config.js';
import { onShutdown } from './lib/shutdown-hooks.js';

/**
 * OpenTelemetry tracing, started by server.ts before the app loads, only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set: spans of the HTTP server and clients, Fastify's routes and
 * hooks, pg and ioredis, exported in batches over OTLP/HTTP. The SDK's own OTEL_* variables
 * (OTEL_BSP_*, OTEL_EXPORTER_OTLP_HEADERS…) apply as OpenTelemetry documents them.
 */
export async function startTelemetry(endpoint: string, serviceName: Config['OTEL_SERVICE_NAME']): Promise<void> {
  // Our code is ES modules: pg, ioredis and fastify imported from it are patched through this
  // loader hook (require hooks see only what CommonJS code requires).
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { registerInstrumentations },
    { HttpInstrumentation },
    { PgInstrumentation },
    { IORedisInstrumentation },
    { default: FastifyOtelInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@fastify/otel'),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation(),
      // A span per request and per handler, the hooks left alone: wrapped, a route's guard would
      // no longer be found by the route table's check (auth/route-access.ts), and the server would not start.
      new FastifyOtelInstrumentation({ registerOnInitialization: true, instrumentHooks: false }),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  // The spans still in the batch leave before the process does (serve.ts's stop).
  onShutdown(() => provider.shutdown());
}
