import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '#scripts/build-if-needed.mjs';
import { freePort } from '#test/server-process.ts';

/*
 * The production build as `node scripts/start.mjs` (and `npm start`) runs it: the server bundled by
 * esbuild, started by start.mjs's runServer on its own data directory, answering the API, then
 * stopped with SIGTERM. The process started is the server itself (one resident process, with the
 * allocator setting). The client build is not needed for the API.
 */

const root = join(import.meta.dirname, '../../..');
// Under dist/ so that the bundle finds node_modules and dist/client as dist/server does.
const out = join(root, 'dist', `server-test-${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), 'built-server-'));
// Nothing outside this machine is asked: every league service points at a closed port.
const nowhere = 'http://127.0.0.1:9';

/** Asks `url` until it answers 200, or fails once the server has exited. */
async function until200(url: string, server: ChildProcess): Promise<Response> {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return res;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

let server: ChildProcess;
let base: string;
let output = '';

beforeAll(async () => {
  await buildServer(out);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const start = join(root, 'scripts/start.mjs');
  const launch = `import { runServer } from ${JSON.stringify(start)}; runServer(${JSON.stringify(join(out, 'main.js'))});`;
  server = spawn(process.execPath, ['--input-type=module', '-e', launch], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'built-server-test-secret-built-server-test',
      ALLOWED_HOSTS: `127.0.0.1:${port}`,
      MFL_API_URL: nowhere,
      SLEEPER_API_URL: nowhere,
      FLEA_API_URL: nowhere,
      ADP_SLEEPER_WALK: '0',
      ADP_REFRESH_MINUTES: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  // A fresh data directory is created and seeded first: seconds on an idle machine, more on a busy one.
  await until200(`${base}/api/health`, server);
}, 120_000);

afterAll(() => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(out, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server', () => {
  it('starts, answers health, readiness and the articles, and exits cleanly on SIGTERM', async () => {
    await until200(`${base}/api/ready`, server);
    // The launcher became the server: no parent process stays beside it.
    const proc = (file: string) => readFileSync(`/proc/${server.pid}/${file}`, 'utf8').split('\0');
    expect(proc('cmdline')).toEqual([process.execPath, '--max-semi-space-size=1', join(out, 'main.js'), '']);
    expect(proc('environ')).toContain('MALLOC_MMAP_THRESHOLD_=131072');
    const articles = await fetch(`${base}/api/articles`);
    expect(articles.status, output).toBe(200);
    expect(articles.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await articles.json()) as { items: { title: string }[]; total: number };
    expect(Array.isArray(body.items)).toBe(true);
    expect(body.total).toBeGreaterThan(0);

    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    const [code, signal] = await exited;
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
  });
});
