import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files on disk under names the server makes: 32 random hex digits, nothing else. The folder
 * (DATA_DIR/files) is never served; bytes leave only through the owner-checked file routes.
 */
const STORAGE_NAME = /^[0-9a-f]{32}$/;

export function newStorageName(): string {
  return randomBytes(16).toString('hex');
}

/** The path of a stored file; refuses anything that is not a name we made. */
export function storagePath(folder: string, name: string): string {
  if (!STORAGE_NAME.test(name)) throw new Error('Invalid storage name');
  return path.join(folder, name);
}

/** Writes to a temporary name first, so a reader never sees half a file. */
export async function writeStoredFile(folder: string, bytes: Buffer): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const name = newStorageName();
  const target = storagePath(folder, name);
  const partial = `${target}.part`;
  await writeFile(partial, bytes, { flag: 'wx', mode: 0o600 });
  await rename(partial, target);
  return name;
}

export function readStoredFile(folder: string, name: string): Promise<Buffer> {
  return readFile(storagePath(folder, name));
}

export async function removeStoredFile(folder: string, name: string): Promise<void> {
  await rm(storagePath(folder, name), { force: true });
}
