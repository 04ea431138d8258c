import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for a laptop: port 3000, embedded database', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PGLITE_DIR).toBe('./data/pglite');
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('stops on a bad value with a French message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/Configuration invalide[\s\S]*PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'pas une url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'court' })).toThrow(/JWT_SECRET: 32 caractères minimum/);
  });

  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: requis en production/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
