import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { databaseMissingReason, databaseUnavailableReason, databaseUnreachableReason } from './unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('databaseUnavailableReason', () => {
  it('recognises the network failures of node-postgres', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']) {
      expect(databaseUnavailableReason(withCode(code))).toBe(code);
    }
  });

  it('recognises SQLSTATE class 08, a server shutting down or starting, and too many connections', () => {
    for (const code of ['08000', '08006', '08001', '57P01', '57P02', '57P03', '53300']) {
      expect(databaseUnavailableReason(withCode(code))).toBe(code);
    }
  });

  it('recognises a dropped connection, the pool time-out and a closed PGlite', () => {
    expect(databaseUnavailableReason(new Error('Connection terminated unexpectedly'))).toBe('connexion fermée');
    expect(databaseUnavailableReason(new Error('timeout exceeded when trying to connect'))).toBe('délai dépassé');
    expect(databaseUnavailableReason(new Error('Connection terminated due to connection timeout'))).toBe('délai dépassé');
    expect(databaseUnavailableReason(new Error('PGlite is closed'))).toBe('connexion fermée');
  });

  it('looks through drizzle’s wrapping and an AggregateError of several addresses', () => {
    const wrapped = new DrizzleQueryError('select 1', [], withCode('ECONNREFUSED'));
    expect(databaseUnavailableReason(wrapped)).toBe('ECONNREFUSED');
    const aggregate = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '');
    expect(databaseUnavailableReason(new DrizzleQueryError('select 1', [], aggregate))).toBe('ECONNREFUSED');
  });

  it('recognises a database that answers but is not ours: renamed, its schema or a table dropped', () => {
    expect(databaseUnavailableReason(withCode('3D000'))).toBe('base absente');
    expect(databaseUnavailableReason(withCode('3F000'))).toBe('schéma absent');
    expect(databaseUnavailableReason(new DrizzleQueryError('select 1 from roles', [], withCode('42P01')))).toBe('table absente');
    // Waiting will not bring them back: an operator must act, and the start does not retry them.
    for (const code of ['3D000', '3F000', '42P01']) {
      expect(databaseMissingReason(withCode(code))).not.toBeNull();
      expect(databaseUnreachableReason(withCode(code))).toBeNull();
    }
    expect(databaseMissingReason(withCode('ECONNREFUSED'))).toBeNull();
  });

  it('leaves every other failure alone (a bad query is a bug, not an outage)', () => {
    // 42703: a column missing is code and schema out of step, a bug of ours, not a database gone.
    for (const err of [withCode('23505'), withCode('42703'), withCode('28P01'), new Error('boom'), 'text', null]) {
      expect(databaseUnavailableReason(err)).toBeNull();
    }
  });
});
