import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { inject } from 'vitest';
import { serverArgs, serverEnv } from '#scripts/start.mjs';
import { seedPgliteDataDir } from './database.ts';
import { TEST_SERVICE_ENV } from './test-env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled once for the run (global-setup.ts), as `npm start` builds it. */
    serverBundle?: string;
  }
}

/**
 * How a test starts the server: under Vitest from the run's bundle of today's sources, elsewhere
 * (benchmarks) from the sources through tsx.
 */
export function serverCommand(): string[] {
  const bundle = process.env.VITEST ? inject('serverBundle') : undefined;
  return bundle ? [join(bundle, 'main.js')] : ['--import', 'tsx', 'src/server/main.ts'];
}

const root = join(import.meta.dirname, '../..');

export const FAULT_ADMIN = { email: 'faults-admin@example.test', password: 'faults-password-1' };

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/**
 * Starts the real server (src/server/main.ts) in its own process, on the test settings
 * (TEST_SERVICE_ENV) under env, and waits for it to answer;
 * `built` runs the production build (dist/server/main.js, see scripts/build-if-needed.mjs) instead.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { built?: boolean } = {},
): Promise<ServerProcess & { startMs: number }> {
  // A given PORT is kept (a benchmark run beside other servers keeps to its own ports).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  if (!env.DATABASE_URL && env.DATA_DIR) seedPgliteDataDir(env.DATA_DIR);
  let log = '';
  const started = performance.now();
  // The built server runs with the flags and allocator setting scripts/start.mjs gives it.
  const args = opts.built ? serverArgs() : serverCommand();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      ...TEST_SERVICE_ENV,
      ...(opts.built ? serverEnv({}) : {}),
      ADMIN_EMAIL: FAULT_ADMIN.email,
      ADMIN_PASSWORD: FAULT_ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return { child, base, output: () => log, startMs: performance.now() - started };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, opts.built ? 20 : 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${log}`);
}

/** Logs in and returns the session cookie. */
export async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0];
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
