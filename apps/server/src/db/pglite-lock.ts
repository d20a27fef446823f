import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * PGlite has no lock of its own: two processes opening one data folder both "work" and the
 * folder ends up corrupt. The server and the CLI therefore hold this lock file while they use it.
 */
export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
  constructor(readonly pid: number) {
    super(
      `База данных PGlite уже открыта другим процессом (PID ${pid}), скорее всего запущенным ` +
        'сервером. Остановите его и повторите команду — или работайте с PostgreSQL ' +
        '(переменная DATABASE_URL), где сервер и команды могут работать одновременно.',
    );
  }
}

export interface FileLock {
  release(): void;
}

export function acquireFileLock(lockPath: string): FileLock {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const lock = tryCreate(lockPath);
    if (lock) return lock;
    const holder = readHolder(lockPath);
    if (holder !== null && isAlive(holder)) throw new DatabaseLockedError(holder);
    // Left behind by a process that crashed: take it over.
    rmSync(lockPath, { force: true });
  }
  throw new DatabaseLockedError(readHolder(lockPath) ?? 0);
}

function tryCreate(lockPath: string): FileLock | null {
  let descriptor: number;
  try {
    descriptor = openSync(lockPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  }
  writeSync(descriptor, String(process.pid));
  closeSync(descriptor);
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      if (readHolder(lockPath) === process.pid) rmSync(lockPath, { force: true });
    },
  };
}

function readHolder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
