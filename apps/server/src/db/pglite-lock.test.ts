import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseLockedError, acquireFileLock } from './pglite-lock';

function lockPath(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), 'zaymo-lock-')), 'pglite.lock');
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the PGlite folder lock', () => {
  it('is taken by one holder at a time and released', () => {
    const file = lockPath();
    const lock = acquireFileLock(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    expect(() => acquireFileLock(file)).toThrow(DatabaseLockedError);
    lock.release();
    expect(existsSync(file)).toBe(false);
    acquireFileLock(file).release();
  });

  it('says in Russian who holds it and what to do', () => {
    const file = lockPath();
    writeFileSync(file, '1');
    expect(() => acquireFileLock(file)).toThrow(/PID 1.*Остановите его/s);
  });

  it('takes over a lock left by a process that died', () => {
    const file = lockPath();
    writeFileSync(file, String(deadPid()));
    const lock = acquireFileLock(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
