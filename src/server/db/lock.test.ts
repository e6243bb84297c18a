import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedPgliteDataDir } from '#test/database.ts';
import { exited, freePort, serverCommand } from '#test/server-process.ts';
import { lockDataDir } from './lock.ts';

const root = join(import.meta.dirname, '../../..');

describe('data-directory lock', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'dynasty-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const c of children) {
      c.kill('SIGKILL');
      await exited(c);
    }
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('refuses a second lock on the same directory and frees it on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(/in use by another server/);
    release();
    const again = lockDataDir(dir);
    again();
  });

  it('is not fooled by a stale pid in the lock file', () => {
    const dir = tempDir();
    // Another namespace's pid 1 (or our own pid) was what the old pid check trusted.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const {tryLock}=require('fs-native-extensions');const fs=require('fs');` +
          `const fd=fs.openSync(${JSON.stringify(join(dir, 'lock'))},fs.constants.O_RDWR|fs.constants.O_CREAT);` +
          `tryLock(fd);fs.writeSync(fd,String(process.pid),0);console.log('held');setInterval(()=>{},1000);`,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    return new Promise<void>((resolve, reject) => {
      holder.stdout?.once('data', () => {
        try {
          expect(() => lockDataDir(dir)).toThrow(/in use/);
          holder.kill('SIGKILL');
          holder.once('exit', () => {
            // The kernel released the dead holder's lock.
            lockDataDir(dir)();
            resolve();
          });
        } catch (e) {
          holder.kill('SIGKILL');
          reject(e);
        }
      });
    });
  });

  // Two servers as pid 1 of their own PID namespaces (two containers on one volume): the old
  // pid check let both start. Needs root for unshare; elsewhere this case is skipped.
  const canUnshare = spawnSync('unshare', ['--pid', '--fork', '--kill-child', 'true']).status === 0;
  it.runIf(canUnshare)(
    'lets only one of two servers in separate PID namespaces start on one data directory',
    async () => {
      const dir = tempDir();
      // Migrated already, as after any restart: the race is for the lock, not for creating the database.
      seedPgliteDataDir(dir);
      const start = async () => {
        const port = await freePort();
        let log = '';
        const child: ChildProcess = spawn(
          'unshare',
          ['--pid', '--fork', '--kill-child=SIGKILL', process.execPath, ...serverCommand()],
          {
            cwd: root,
            env: {
              ...process.env,
              PORT: String(port),
              HOST: '127.0.0.1',
              DATA_DIR: dir,
              LOG_LEVEL: 'warn',
              SEED_DEMO: '0',
              ADMIN_PASSWORD: 'lock-test-password-1',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        children.push(child);
        child.stdout?.on('data', (d) => {
          log += d;
        });
        child.stderr?.on('data', (d) => {
          log += d;
        });
        return { child, base: `http://127.0.0.1:${port}`, log: () => log };
      };
      const first = await start();
      try {
        const deadline = Date.now() + 90_000;
        let up = false;
        while (!up && Date.now() < deadline && first.child.exitCode === null) {
          up = await fetch(`${first.base}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (!up) await new Promise((r) => setTimeout(r, 200));
        }
        expect(up, first.log()).toBe(true);
        expect(first.log()).toMatch(/serving on/);

        const second = await start();
        // A second server that started anyway would never exit: give up after a minute.
        await Promise.race([exited(second.child), new Promise((r) => setTimeout(r, 60_000))]);
        expect(second.child.exitCode).not.toBe(0);
        expect(second.log()).toMatch(/in use by another server/);
        // The first keeps serving.
        expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
      } finally {
        first.child.kill('SIGKILL');
        await exited(first.child);
      }
    },
    120_000,
  );
});
