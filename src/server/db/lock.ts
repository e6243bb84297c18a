import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { tryLock } from 'fs-native-extensions';

/**
 * PGlite is one connection per process: a second process opening the same directory would corrupt it.
 * The lock is an exclusive OS lock on the open lock file (an open-file-description lock on Linux,
 * flock elsewhere), so the kernel decides: it holds across PID namespaces and containers sharing the
 * volume, and it is released the moment the owner exits, however it dies. The file keeps the owner's
 * pid only to name it in the message; it is never deleted, so every process locks the same file.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, 'lock');
  let release: (() => void) | undefined;
  try {
    release = lockFile(path);
  } catch (err) {
    throw new Error(`Could not lock the data directory ${dataDir}: ${(err as Error).message}`);
  }
  if (!release) {
    const owner = readFileSync(path, 'utf8').trim();
    throw new Error(
      `The data directory ${dataDir} is in use by another server${owner ? ` (process ${owner})` : ''}; stop it first.`,
    );
  }
  return release;
}

/**
 * Takes the exclusive lock on the file at path (made if missing, 0600, with this process's pid in
 * it): its release, or undefined when another open of it holds the lock (another process, or
 * another lock in this one). The lock lasts until released or until the process ends, however.
 */
export function lockFile(path: string): (() => void) | undefined {
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  let locked = false;
  try {
    locked = tryLock(fd);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  if (!locked) {
    closeSync(fd);
    return undefined;
  }
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Closing the file releases the lock.
    closeSync(fd);
  };
}
