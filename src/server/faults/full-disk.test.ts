import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind } from '#test/database.ts';
import { exited, FAULT_ADMIN, login, type ServerProcess, startServerProcess } from '#test/server-process.ts';
import { isDiskFull } from '../http/disk-guard.ts';

describe('disk-full errors from the database', () => {
  it('are recognised by SQLSTATE, errno or message', () => {
    expect(isDiskFull({ code: '53100' })).toBe(true);
    expect(isDiskFull({ cause: { code: 'ENOSPC' } })).toBe(true);
    expect(isDiskFull(new Error('could not extend file "base/5/16717": No space left on device'))).toBe(true);
    expect(isDiskFull(new Error('duplicate key'))).toBe(false);
  });
});

/*
 * The embedded database on a small tmpfs that fills up. Before the guard, PGlite spun at 100% CPU
 * once it could not start a new WAL segment and never answered again, health included. Now writes
 * are refused with 507 and a log line while reads and health answer, and writes come back when
 * space does. Needs root (mount); PGlite only.
 */
const mountable =
  testDbKind === 'pglite' &&
  (() => {
    const probe = mkdtempSync(join(tmpdir(), 'dynasty-mount-probe-'));
    const ok = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe]).status === 0;
    if (ok) spawnSync('umount', [probe]);
    rmSync(probe, { recursive: true, force: true });
    return ok;
  })();

describe.runIf(mountable)('a full disk under the embedded database', () => {
  const mountPoint = mkdtempSync(join(tmpdir(), 'dynasty-full-disk-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server) {
      server.child.kill('SIGKILL');
      await exited(server.child);
    }
    spawnSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('refuses writes with 507 and a log line, keeps reads and health, and recovers when space returns', async () => {
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=80m', 'tmpfs', mountPoint]).status).toBe(0);
    const dataDir = join(mountPoint, 'data');
    mkdirSync(dataDir);
    server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DISK_RESERVE_MB: '32' });
    const { base } = server;
    const cookie = await login(base, FAULT_ADMIN.email, FAULT_ADMIN.password);
    const leaving = await login(base, FAULT_ADMIN.email, FAULT_ADMIN.password);

    // Leave about 34 MB free, then write articles that do not compress until the disk runs low.
    const free = () => {
      const s = statfsSync(mountPoint);
      return s.bavail * s.bsize;
    };
    const filler = join(mountPoint, 'filler');
    writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 34 * 1024 * 1024)));
    const body = Array.from({ length: 99_000 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    const post = (title: string) =>
      fetch(`${base}/api/articles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ title, description: 'd', body, tags: [] }),
        signal: AbortSignal.timeout(15_000),
      });
    let refused: Response | undefined;
    let saved = 0;
    for (let i = 0; i < 200 && !refused; i++) {
      const res = await post(`Filling ${i}`);
      if (res.status === 201) saved++;
      else refused = res;
    }
    expect(saved).toBeGreaterThan(0);
    expect(refused?.status).toBe(507);
    expect((await refused!.json()).error).toMatch(/out of disk space/);
    await expect
      .poll(() => server?.output())
      .toMatch(/disk nearly full: refusing writes until space returns/);

    // Reads and health keep answering; log-ins (which write a session) are refused the same way.
    const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
    expect(health.status).toBe(200);
    const list = await fetch(`${base}/api/articles?isAdmin=true&limit=5`, {
      headers: { cookie },
      signal: AbortSignal.timeout(5000),
    });
    expect(list.status).toBe(200);
    expect((await list.json()).total).toBe(saved);
    expect(
      (
        await fetch(`${base}/api/articles`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: '{}',
        })
      ).status,
    ).toBe(507);

    // Log-out still ends a session and clears its cookie, without writing to the full disk.
    const out = await fetch(`${base}/api/logout`, {
      method: 'POST',
      headers: { cookie: leaving },
      signal: AbortSignal.timeout(5000),
    });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => /^session=;/.test(c))).toBe(true);
    const whoAmI = (c: string) =>
      fetch(`${base}/api/users/currentUser`, { headers: { cookie: c }, signal: AbortSignal.timeout(5000) });
    expect((await whoAmI(leaving)).status).toBe(401);
    expect((await whoAmI(cookie)).status).toBe(200);

    // Space returns: writes go through again, and the log says so.
    rmSync(filler);
    const again = await post('After the disk was freed');
    expect(again.status).toBe(201);
    await expect.poll(() => server?.output()).toMatch(/disk space is back: accepting writes again/);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await whoAmI(leaving)).status).toBe(401);
  }, 180_000);
});
