import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import { loggableUrl, loggerOptions } from './logger.js';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const t = await buildTestApp({}, { logger: loggerOptions('info', stream) });

describe('the request log', () => {
  it('masks the tokens of mailed links, in paths and query strings, and never logs the bearer', async () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    const bearer = 'Bearer not.a.real-token-but-secret';
    await t.app.inject({
      method: 'POST',
      url: `/api/clients/${token}:close-password-reset`,
      payload: { password: 'Xy12345678' },
    });
    await t.app.inject({ method: 'POST', url: `/api/admins/${token}/close-password-reset`, payload: { password: 'Xy12345678' } });
    await t.app.inject({ method: 'GET', url: `/extranet/verify-email?token=${token}&x=1`, headers: { authorization: bearer } });
    const logged = lines.join('');
    expect(logged).toContain('/api/clients/***:close-password-reset');
    expect(logged).toContain('/api/admins/***/close-password-reset');
    expect(logged).toContain('/extranet/verify-email?token=***&x=1');
    for (const secret of [token, 'Xy12345678', 'not.a.real-token-but-secret']) expect(logged).not.toContain(secret);
  });

  it('never logs the search key of GET /searchables, in its header or in a stale URL', async () => {
    const key = 'eyJ2IjoxfQ.c2lnbmF0dXJl';
    await t.app.inject({ method: 'GET', url: '/api/searchables?query=chaudiere', headers: { 'x-search-key': key } });
    await t.app.inject({ method: 'GET', url: `/api/searchables?query=chaudiere&key=${key}` });
    const logged = lines.join('');
    expect(logged).toContain('/api/searchables?query=chaudiere');
    expect(logged).toContain('/api/searchables?query=chaudiere&key=***');
    expect(logged).not.toContain(key);
  });
});

describe('one line per request', () => {
  it('writes a single line when the request ends, with its method, masked URL, status and time', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const written = lines
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ msg: 'request', req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } });
    expect(written[0].responseTime).toEqual(expect.any(Number));
  });
});

describe('loggableUrl', () => {
  it('keeps ordinary paths and ids readable', () => {
    expect(loggableUrl('/api/agency-contracts/12/file?agencyId=3')).toBe('/api/agency-contracts/12/file?agencyId=3');
    expect(loggableUrl('/api/clients/jeanne.durand@exemple.fr:open-password-reset')).toBe(
      '/api/clients/jeanne.durand@exemple.fr:open-password-reset',
    );
  });
});
