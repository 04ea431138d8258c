import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import { loggableError } from './loggable-error.js';

/** Every log line the app writes, as text. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const t = await buildTestApp({}, { logger: { level: 'info', stream } });

describe('the error handler’s log of a 5xx', () => {
  it('keeps the failed SQL and the error code, never the parameter values nor the body', async () => {
    // The sign-in's lookup now fails in the database (a column the code names is gone: a bug, not
    // an outage), with the address as its parameter.
    await t.db.execute(sql`alter table clients rename column email_address to email_address_gone`);
    const emailAddress = 'secret.marker@exemple.fr';
    const password = 'MotDePasseTresSecret42';
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/client', payload: { emailAddress, password } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'internal_error', message: expect.any(String) });
    } finally {
      await t.db.execute(sql`alter table clients rename column email_address_gone to email_address`);
    }
    const logged = lines.join('');
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unhandled error');
    expect(failure.error).toMatchObject({ type: 'DrizzleQueryError', query: expect.stringContaining('"clients"') });
    expect(failure.error.cause).toMatchObject({ code: '42703', message: expect.stringContaining('email_address') });
    expect(failure.error).not.toHaveProperty('params');
    for (const secret of [emailAddress, password, 'secret.marker']) expect(logged).not.toContain(secret);
  });
});

describe('loggableError', () => {
  it('masks parameters echoed by the database’s message and drops its detail', () => {
    const pgError = Object.assign(new Error('invalid input syntax for type integer: "jeton-ultra-secret"'), {
      code: '22P02',
      detail: 'Key (token)=(jeton-ultra-secret) already exists.',
      routine: 'pg_strtoint32_safe',
    });
    const error = new DrizzleQueryError('select * from t where id = $1 and token = $2', [7, 'jeton-ultra-secret'], pgError);
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain('jeton-ultra-secret');
    expect(logged).not.toContain('params');
    expect(loggableError(error)).toMatchObject({
      query: 'select * from t where id = $1 and token = $2',
      cause: { code: '22P02', routine: 'pg_strtoint32_safe', message: 'invalid input syntax for type integer: "[masqué]"' },
    });
  });

  it('copies only known fields of any other error', () => {
    const error = Object.assign(new Error('échec du service'), {
      code: 'ECONNRESET',
      config: { headers: { authorization: 'Bearer abc' } },
    });
    const logged = loggableError(error);
    expect(logged).toMatchObject({ type: 'Error', message: 'échec du service', code: 'ECONNRESET' });
    expect(JSON.stringify(logged)).not.toContain('Bearer');
  });
});
