import { createServer as createHttpServer } from 'node:http';

/** An OTLP/HTTP collector that keeps the scope names of the spans it receives (JSON bodies). */
export async function startCollector() {
  const scopes: string[] = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const traces = JSON.parse(body) as { resourceSpans: { scopeSpans: { scope: { name: string }; spans: unknown[] }[] }[] };
        for (const rs of traces.resourceSpans)
          for (const ss of rs.scopeSpans) if (ss.spans.length > 0) scopes.push(ss.scope.name);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, scopes, close: () => new Promise((r) => server.close(r)) };
}
