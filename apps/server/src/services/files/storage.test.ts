import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredFile, storagePath, writeStoredFile } from './storage';

describe('file storage', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'zaymo-storage-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('stores under a random 32-hex name and reads it back', async () => {
    const first = await writeStoredFile(folder, Buffer.from('one'));
    const second = await writeStoredFile(folder, Buffer.from('two'));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    expect((await readStoredFile(folder, first)).toString()).toBe('one');
    expect((await readdir(folder)).sort()).toEqual([first, second].sort());
  });

  it('refuses any other name, so no path can be built from outside input', () => {
    for (const name of ['../etc/passwd', 'a'.repeat(31), `${'a'.repeat(32)}/x`, 'ABC'.repeat(11)]) {
      expect(() => storagePath(folder, name)).toThrow();
    }
  });
});
