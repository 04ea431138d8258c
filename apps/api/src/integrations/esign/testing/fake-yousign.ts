import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Yousign API v3 on 127.0.0.1 (port 0) for tests: the few endpoints the adapter calls,
 * with the answers' shapes of Yousign's documentation. Never the internet.
 */
export interface FakeYousignRequest {
  id: string;
  status: string;
  signerStatus: string;
  name?: string;
  externalId?: string;
  /** `delivery_mode` as asked at creation (`none`: we send the signer; `email`: Yousign mails them). */
  deliveryMode?: string;
  documentUpload?: { body: string; contentType: string };
  signerBody?: Record<string, unknown>;
  signedPdf?: Buffer;
}

export interface FakeYousign {
  url: string;
  apiKey: string;
  webhookSecret: string;
  requests: Map<string, FakeYousignRequest>;
  calls: string[];
  /** When set, document uploads are refused with this status and body. */
  rejectDocuments: { status: number; body: unknown } | null;
  /** Signs a webhook body as Yousign does. */
  sign(body: string): string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeYousign(): Promise<FakeYousign> {
  let seq = 0;
  const fake = {
    apiKey: 'test-yousign-key',
    webhookSecret: 'test-yousign-webhook-secret',
    requests: new Map<string, FakeYousignRequest>(),
    calls: [] as string[],
    rejectDocuments: null as FakeYousign['rejectDocuments'],
  };

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? '').replace(/^\/v3/, '');
    fake.calls.push(`${req.method} ${path}`);
    const send = (status: number, payload: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(Buffer.isBuffer(payload) ? payload : JSON.stringify(payload));
    };
    if (req.headers.authorization !== `Bearer ${fake.apiKey}`) return send(401, { detail: 'Unauthorized' });

    const match = /^\/signature_requests(?:\/([^/?]+))?(\/[^?]*)?/.exec(path);
    const request = match?.[1] ? fake.requests.get(match[1]) : undefined;
    const sub = match?.[2] ?? '';
    const view = (r: FakeYousignRequest) => ({
      id: r.id,
      status: r.status,
      name: r.name,
      delivery_mode: 'none',
      external_id: r.externalId,
      signers: r.signerBody
        ? [
            {
              id: `signer-${r.id}`,
              status: r.signerStatus,
              signature_link: `https://yousign.app/signatures/${r.id}?k=link${seq}`,
            },
          ]
        : [],
    });

    if (req.method === 'POST' && path === '/signature_requests') {
      const input = JSON.parse(body.toString());
      const id = `sr-${++seq}`;
      fake.requests.set(id, {
        id,
        status: 'draft',
        signerStatus: 'initiated',
        name: input.name,
        externalId: input.external_id,
        deliveryMode: input.delivery_mode,
      });
      return send(201, { id, status: 'draft' });
    }
    if (!request) return send(404, { detail: 'Not found' });
    if (req.method === 'POST' && sub === '/documents') {
      if (fake.rejectDocuments) return send(fake.rejectDocuments.status, fake.rejectDocuments.body);
      request.documentUpload = { body: body.toString('latin1'), contentType: req.headers['content-type'] ?? '' };
      return send(201, { id: `doc-${request.id}`, nature: 'signable_document' });
    }
    if (req.method === 'POST' && sub === '/signers') {
      request.signerBody = JSON.parse(body.toString());
      return send(201, { id: `signer-${request.id}`, status: 'initiated' });
    }
    if (req.method === 'POST' && sub === '/activate') {
      request.status = 'ongoing';
      request.signerStatus = 'notified';
      return send(201, view(request));
    }
    if (req.method === 'POST' && sub === '/cancel') {
      if (request.status !== 'ongoing') return send(400, { detail: 'Not cancellable' });
      request.status = 'canceled';
      return send(201, view(request));
    }
    if (req.method === 'GET' && sub === '') return send(200, view(request));
    if (req.method === 'GET' && sub === `/signers/signer-${request.id}`) return send(200, view(request).signers[0]);
    if (req.method === 'GET' && sub === '/documents/download') {
      if (request.status !== 'done' || !request.signedPdf) return send(400, { detail: 'Not signed' });
      return send(200, request.signedPdf, 'application/pdf');
    }
    return send(404, { detail: 'Unknown route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v3`,
    sign: (raw: string) => `sha256=${createHmac('sha256', fake.webhookSecret).update(raw).digest('hex')}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
