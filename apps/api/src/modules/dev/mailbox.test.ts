import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';

// The outbox holds password-reset links: demo mode only, and only for a caller on this machine.
const demo = await buildTestApp({ DEMO_MODE: 'true' });
const notDemo = await buildTestApp();

const get = (t: typeof demo, url: string, remoteAddress?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });

describe('/dev/mailbox', () => {
  it('in demo mode, a loopback caller reads the mails, newest first', async () => {
    await demo.app.inject({ method: 'POST', url: '/api/clients/x@y.fr:open-password-reset', payload: { context: 'reset' } });
    await demo.app.inject({ method: 'POST', url: '/api/clients/z@y.fr:open-password-reset', payload: { context: 'reset' } });
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await get(demo, '/dev/mailbox.json', address);
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    }
    const page = await get(demo, '/dev/mailbox', '127.0.0.1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Boîte de réception de développement');
  });

  it('does not exist without DEMO_MODE, even for a loopback caller', async () => {
    for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
      const res = await get(notDemo, url, '127.0.0.1');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Page introuvable.' });
    }
  });

  it('answers the plain 404 to a caller from the network', async () => {
    for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
      const res = await get(demo, url, '203.0.113.9');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Page introuvable.' });
    }
  });

  it('answers the plain 404 through a proxy on this machine (the peer is loopback, the client is not)', async () => {
    const res = await get(demo, '/dev/mailbox.json', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(res.statusCode).toBe(404);
    const forwarded = await get(demo, '/dev/mailbox.json', '127.0.0.1', { forwarded: 'for=203.0.113.9' });
    expect(forwarded.statusCode).toBe(404);
  });
});
