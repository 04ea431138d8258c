import { describe, expect, it } from 'vitest';
import { DEV_JWT_SECRET, loadConfig } from './config.js';

const SECRET = 'a-real-secret-0123456789-0123456789-abcdef';
/** What an operator sets to run for real outside production. */
const real = { JWT_SECRET: SECRET, PAYMENT_PROVIDER: 'payplug', ESIGN_PROVIDER: 'sandbox' };
/** The least a production start needs. */
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: SECRET,
  PUBLIC_URL: 'https://plateforme.reseau-energie.fr',
  PAYMENT_PROVIDER: 'payplug',
  ESIGN_PROVIDER: 'yousign',
  YOUSIGN_API_KEY: 'key',
  YOUSIGN_WEBHOOK_SECRET: 'whsec',
};

describe('loadConfig', () => {
  it('who must use a second factor: roles 1-3 and user managers outside demo mode, nobody in demo mode, or as set', () => {
    expect(loadConfig(production).SECOND_FACTOR_REQUIRED_ROLES).toEqual({
      roleIds: [1, 2, 3],
      permissions: ['adherent_users_administration'],
    });
    expect(loadConfig({ DEMO_MODE: 'true' }).SECOND_FACTOR_REQUIRED_ROLES).toEqual({ roleIds: [], permissions: [] });
    expect(loadConfig({ DEMO_MODE: 'true', SECOND_FACTOR_REQUIRED_ROLES: '1, 4' }).SECOND_FACTOR_REQUIRED_ROLES).toEqual({
      roleIds: [1, 4],
      permissions: [],
    });
    expect(loadConfig({ ...production, SECOND_FACTOR_REQUIRED_ROLES: 'none' }).SECOND_FACTOR_REQUIRED_ROLES.roleIds).toEqual([]);
    expect(() => loadConfig({ ...production, SECOND_FACTOR_REQUIRED_ROLES: '1,12,admins' })).toThrow(
      /SECOND_FACTOR_REQUIRED_ROLES: « 12 »[\s\S]*« admins »/,
    );
  });

  it('demo mode gives the whole demo on this machine: loopback, built-in secret, sandboxes, demo seed', () => {
    const config = loadConfig({ DEMO_MODE: 'true' });
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PGLITE_DIR).toBe('./data/pglite');
    expect(config.JWT_SECRET).toBe(DEV_JWT_SECRET);
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
    expect(config.ESIGN_PROVIDER).toBe('sandbox');
    expect(config.SEED_DEMO).toBe(true);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.DATABASE_START_TIMEOUT_SECONDS).toBe(60);
  });

  it('without DEMO_MODE nothing is inferred from a missing variable: the start is refused, naming each', () => {
    expect(() => loadConfig({})).toThrow(/JWT_SECRET: requis[\s\S]*PAYMENT_PROVIDER: requis[\s\S]*ESIGN_PROVIDER: requis/);
    const config = loadConfig(real);
    expect(config.DEMO_MODE).toBe(false);
    expect(config.HOST).toBe('127.0.0.1');
  });

  it('stops on a bad value with a French message naming the variable', () => {
    const demo = { DEMO_MODE: 'true' };
    expect(() => loadConfig({ ...demo, PORT: 'abc' })).toThrow(/Configuration invalide[\s\S]*PORT/);
    expect(() => loadConfig({ ...demo, DATABASE_URL: 'pas une url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...demo, JWT_SECRET: 'court' })).toThrow(/JWT_SECRET: 32 caractères minimum/);
    expect(() => loadConfig({ DEMO_MODE: 'oui' })).toThrow(/DEMO_MODE/);
    expect(() => loadConfig({ ...demo, DATABASE_START_TIMEOUT_SECONDS: '-1' })).toThrow(/DATABASE_START_TIMEOUT_SECONDS/);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DEMO_MODE: 'true', DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(loadConfig({ DEMO_MODE: 'true', PAYMENT_PROVIDER: '', SEED_DEMO: '' })).toMatchObject({
      PAYMENT_PROVIDER: 'sandbox',
      SEED_DEMO: true,
    });
    expect(() => loadConfig({ ...real, DEMO_MODE: '', JWT_SECRET: '' })).toThrow(/JWT_SECRET: requis/);
  });
});

describe('JWT_SECRET', () => {
  it('unset: the built-in secret only in demo mode, otherwise the start is refused', () => {
    expect(loadConfig({ DEMO_MODE: 'true' }).JWT_SECRET).toBe(DEV_JWT_SECRET);
    const { JWT_SECRET: _, ...withoutSecret } = real;
    expect(() => loadConfig(withoutSecret)).toThrow(/JWT_SECRET: requis/);
    expect(() => loadConfig({ ...withoutSecret, DEMO_MODE: 'false' })).toThrow(/JWT_SECRET: requis/);
  });

  it('is required in production and may not be the built-in one', () => {
    const { JWT_SECRET: _, ...withoutSecret } = production;
    expect(() => loadConfig(withoutSecret)).toThrow(/JWT_SECRET: requis en production/);
    expect(() => loadConfig({ ...production, JWT_SECRET: DEV_JWT_SECRET })).toThrow(/JWT_SECRET: le secret de développement/);
    expect(loadConfig(production).JWT_SECRET).toBe(SECRET);
  });

  it('an explicit secret is kept in demo mode', () => {
    expect(loadConfig({ DEMO_MODE: 'true', JWT_SECRET: SECRET }).JWT_SECRET).toBe(SECRET);
  });
});

describe('DEMO_MODE', () => {
  it('is refused in production', () => {
    expect(() => loadConfig({ ...production, DEMO_MODE: 'true' })).toThrow(/DEMO_MODE: true interdit en production/);
    expect(loadConfig({ ...production, DEMO_MODE: 'false' }).DEMO_MODE).toBe(false);
  });
});

describe('PAYMENT_PROVIDER and ESIGN_PROVIDER', () => {
  it('have no default outside demo mode', () => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, ESIGN_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER: requis : sandbox ou payplug/,
    );
    expect(() => loadConfig({ JWT_SECRET: SECRET, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /ESIGN_PROVIDER: requis : sandbox ou yousign/,
    );
  });

  it('an explicit sandbox is fine in development and test, refused in production', () => {
    const dev = loadConfig({ JWT_SECRET: SECRET, PAYMENT_PROVIDER: 'sandbox', ESIGN_PROVIDER: 'sandbox' });
    expect([dev.PAYMENT_PROVIDER, dev.ESIGN_PROVIDER]).toEqual(['sandbox', 'sandbox']);
    const test = loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET, PAYMENT_PROVIDER: 'sandbox', ESIGN_PROVIDER: 'sandbox' });
    expect(test.PAYMENT_PROVIDER).toBe('sandbox');
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER: sandbox interdit en production/,
    );
    expect(() => loadConfig({ ...production, ESIGN_PROVIDER: 'sandbox' })).toThrow(
      /ESIGN_PROVIDER: sandbox interdit en production/,
    );
  });

  it('unset in production is refused, even for the signature (no anonymous sandbox signing)', () => {
    const { ESIGN_PROVIDER: _, ...withoutEsign } = production;
    expect(() => loadConfig(withoutEsign)).toThrow(/ESIGN_PROVIDER: requis en production : yousign/);
  });

  it('an explicit choice wins over demo mode', () => {
    expect(loadConfig({ DEMO_MODE: 'true', PAYMENT_PROVIDER: 'payplug' }).PAYMENT_PROVIDER).toBe('payplug');
  });

  it('yousign needs its key and webhook secret', () => {
    expect(() => loadConfig({ ...production, YOUSIGN_API_KEY: '' })).toThrow(/YOUSIGN_API_KEY, YOUSIGN_WEBHOOK_SECRET/);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: requis en production[\s\S]*PAYMENT_PROVIDER: requis[\s\S]*ESIGN_PROVIDER: requis[\s\S]*PUBLIC_URL: requis en production/,
    );
  });
});

describe('SEED_DEMO', () => {
  it('follows DEMO_MODE unless set', () => {
    expect(loadConfig({ DEMO_MODE: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ DEMO_MODE: 'true', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig(real).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...real, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('is refused in production', () => {
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO: true interdit en production/);
    expect(loadConfig(production).SEED_DEMO).toBe(false);
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to where the server listens', () => {
    expect(loadConfig({ DEMO_MODE: 'true' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ DEMO_MODE: 'true', PORT: '3999' }).PUBLIC_URL).toBe('http://localhost:3999');
    expect(loadConfig({ DEMO_MODE: 'true', HOST: '0.0.0.0', PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
    expect(loadConfig({ DEMO_MODE: 'true', HOST: '::1', PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
    expect(loadConfig({ DEMO_MODE: 'true', HOST: '192.168.1.20', PORT: '4000' }).PUBLIC_URL).toBe('http://192.168.1.20:4000');
    expect(loadConfig({ DEMO_MODE: 'true', HOST: 'fd00::20', PORT: '4000' }).PUBLIC_URL).toBe('http://[fd00::20]:4000');
  });

  it('an explicit value wins, and it is required in production', () => {
    expect(loadConfig({ DEMO_MODE: 'true', PORT: '3999', PUBLIC_URL: 'https://x.fr' }).PUBLIC_URL).toBe('https://x.fr');
    const { PUBLIC_URL: _, ...withoutUrl } = production;
    expect(() => loadConfig(withoutUrl)).toThrow(/PUBLIC_URL: requis en production/);
  });
});

describe('TRUST_PROXY', () => {
  const demo = { DEMO_MODE: 'true' };
  it('unset, empty, false or 0 trusts no proxy', () => {
    for (const value of [undefined, '', 'false', '0'])
      expect(loadConfig({ ...demo, TRUST_PROXY: value }).TRUST_PROXY).toBe(false);
  });

  it('a number is that many hops', () => {
    expect(loadConfig({ ...demo, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it('a list of addresses, networks and proxy-addr names', () => {
    expect(
      loadConfig({ ...demo, TRUST_PROXY: 'loopback, 10.0.0.0/8,192.168.0.0/255.255.0.0,fd00::/8,203.0.113.9' }).TRUST_PROXY,
    ).toEqual(['loopback', '10.0.0.0/8', '192.168.0.0/255.255.0.0', 'fd00::/8', '203.0.113.9']);
  });

  it('refuses true, which would let any caller choose its address', () => {
    expect(() => loadConfig({ ...demo, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: « true » laisserait/);
  });

  it('refuses what is not an address or a network', () => {
    for (const value of ['proxy.local', '10.0.0.0/33', '10.0.0.1/255.0.255.0', '::1/129', '1.2.3.4/8/8', 'fe80::1%eth0']) {
      expect(() => loadConfig({ ...demo, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: « .+ » n'est ni un nombre/);
    }
  });
});

describe('FILES_DIR_SHARED', () => {
  const postgres = { ...real, DATABASE_URL: 'postgres://reseau@db.internal:5432/reseau' };
  const refusal = /DATABASE_URL, FILES_DIR_SHARED: avec PostgreSQL et les fichiers dans FILES_DIR/;

  it('PostgreSQL with files in FILES_DIR: refused until the folder is said to be shared by every instance', () => {
    // Several instances on one database, each with its own folder, would lose each other's files.
    for (const value of [undefined, '', 'false']) {
      expect(() => loadConfig({ ...postgres, FILES_DIR_SHARED: value }), String(value)).toThrow(refusal);
    }
    expect(loadConfig({ ...postgres, FILES_DIR_SHARED: 'true' }).FILES_DIR_SHARED).toBe(true);
    expect(() => loadConfig({ ...postgres, FILES_DIR_SHARED: 'oui' })).toThrow(/FILES_DIR_SHARED/);
  });

  it('is not asked for with the embedded database (one process per folder) or with S3', () => {
    expect(loadConfig(real).FILES_DIR_SHARED).toBe(false);
    expect(loadConfig({ DEMO_MODE: 'true' }).FILES_DIR_SHARED).toBe(false);
    expect(() => loadConfig({ ...postgres, FILES_S3_BUCKET: 'reseau-fichiers' })).not.toThrow();
  });
});

describe('observability settings', () => {
  const base = { DEMO_MODE: 'true' };
  it('METRICS_TOKEN: 32 characters at least; DRAIN_DELAY_MS: a number of milliseconds, 0 by default', () => {
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'court' })).toThrow('METRICS_TOKEN: 32 caractères minimum');
    expect(loadConfig({ ...base, METRICS_TOKEN: 'x'.repeat(32) }).METRICS_TOKEN).toBe('x'.repeat(32));
    expect(loadConfig(base).DRAIN_DELAY_MS).toBe(0);
    expect(loadConfig({ ...base, DRAIN_DELAY_MS: '5000' }).DRAIN_DELAY_MS).toBe(5000);
    expect(() => loadConfig({ ...base, DRAIN_DELAY_MS: '-1' })).toThrow('DRAIN_DELAY_MS');
  });

  it('OTEL_EXPORTER_OTLP_ENDPOINT: an http(s) URL, unset when empty', () => {
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: '' }).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).OTEL_EXPORTER_OTLP_ENDPOINT).toBe(
      'http://collector:4318',
    );
    expect(() => loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow('OTEL_EXPORTER_OTLP_ENDPOINT');
  });
});
