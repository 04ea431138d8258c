import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DatabaseLockedError, lockDatabaseDir } from './lock.js';

const root = mkdtempSync(join(tmpdir(), 'reseau-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

describe('lockDatabaseDir', () => {
  it('writes <dir>.lock with our pid and removes it on release', () => {
    const dir = join(root, 'a');
    const release = lockDatabaseDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses while a live process holds it, naming the directory and the pid', () => {
    const dir = join(root, 'b');
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.ppid, processStartedAt: 0, startedAt: '' }));
    expect(() => lockDatabaseDir(dir)).toThrow(DatabaseLockedError);
    expect(() => lockDatabaseDir(dir)).toThrow(
      `La base embarquée ${dir} est déjà ouverte par un autre processus (pid ${process.ppid}) : arrêtez-le ou choisissez un autre PGLITE_DIR.`,
    );
  });

  it('refuses a second opening within this process', () => {
    const dir = join(root, 'c');
    const release = lockDatabaseDir(dir);
    expect(() => lockDatabaseDir(dir)).toThrow(DatabaseLockedError);
    release();
  });

  it('replaces a lock left by a process that is gone, or an unreadable one', () => {
    for (const content of [JSON.stringify({ pid: deadPid(), processStartedAt: 0, startedAt: '' }), '{half']) {
      const dir = join(root, 'd');
      writeFileSync(`${dir}.lock`, content);
      const release = lockDatabaseDir(dir);
      expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
      release();
    }
  });

  it('replaces a lock of our own pid written before this process started (a restarted container)', () => {
    const dir = join(root, 'e');
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, processStartedAt: 1, startedAt: '' }));
    const release = lockDatabaseDir(dir);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});

describe('openDatabase on a PGlite folder', () => {
  it('holds the lock until close(), and refuses a second opening meanwhile', async () => {
    const dir = join(root, 'pglite');
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(existsSync(`${dir}.lock`)).toBe(true);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DatabaseLockedError);
    } finally {
      await database.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
  }, 60_000);
});
