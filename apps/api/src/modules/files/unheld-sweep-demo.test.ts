import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoApp, DEMO_SEED_TIMEOUT, type TestApp } from '../../../test/demo-app.js';
import { files } from '../../db/schema/index.js';
import { sweepUnheldFiles } from './unheld-sweep.js';

describe('the sweep of files nothing holds, on the demo network', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildDemoApp();
  }, DEMO_SEED_TIMEOUT);

  // A demo server left running for a day must not lose a picture or a document: every file the
  // seed makes is held by something (a seed that stores a file nothing holds fails here).
  it('deletes none of the files the demo seed makes, days later', async () => {
    const before = await t.db.select({ id: files.id }).from(files);
    expect(before.length).toBeGreaterThan(20);
    expect(await sweepUnheldFiles(t, { now: new Date(Date.now() + 3 * 24 * 3_600_000) })).toBe(0);
    expect(await t.db.select({ id: files.id }).from(files)).toHaveLength(before.length);
  });
});
