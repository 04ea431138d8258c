import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import { loggerOptions } from './logger.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const direct = await buildTestApp({}, { modules: ['health'], logger: loggerOptions('info', stream) });
const behindLoopbackProxy = await buildTestApp({ TRUST_PROXY: '127.0.0.1' }, { modules: ['health'] });
const behindOtherProxy = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8' }, { modules: ['health'] });

const health = (t: typeof direct, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: '/api/health', headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('x-request-id', () => {
  it('is on every answer: API, API not found, pages', async () => {
    for (const url of ['/api/health', '/api/nowhere', '/extranet/contrats', '/']) {
      const res = await direct.app.inject({ method: 'GET', url });
      expect(res.headers['x-request-id'], url).toMatch(UUID);
    }
  });

  it('is made by the server when no proxy is trusted, whatever the caller sends', async () => {
    const res = await health(direct, { 'x-request-id': 'chosen-by-caller' });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('is the trusted proxy’s when it is short and plain', async () => {
    const res = await health(behindLoopbackProxy, { 'x-request-id': 'nginx-4f2a.9_b' });
    expect(res.headers['x-request-id']).toBe('nginx-4f2a.9_b');
  });

  it('is replaced when the proxy’s is malformed or too long', async () => {
    for (const bad of ['with space', 'a"quote', '<script>', 'x'.repeat(129), '']) {
      const res = await health(behindLoopbackProxy, { 'x-request-id': bad });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
  });

  it('is replaced when the connection does not come from a trusted proxy', async () => {
    expect((await health(behindOtherProxy, { 'x-request-id': 'abc' })).headers['x-request-id']).toMatch(UUID);
    expect((await health(behindOtherProxy, { 'x-request-id': 'abc' }, '10.1.2.3')).headers['x-request-id']).toBe('abc');
  });

  it('is in the request’s log line as reqId', async () => {
    lines.length = 0;
    const res = await health(direct);
    const logged = lines
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line.reqId).toBe(res.headers['x-request-id']);
  });
});
