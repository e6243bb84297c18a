// Starts the site as the README says (`node scripts/start.mjs`; `npm start` runs it too): builds what is
// missing or stale, then becomes the server with the flags it runs with everywhere (README, Deploy).
// process.execve replaces this process with the server's, so one process stays resident, under the
// same process id, and signals (Ctrl-C, a process manager's SIGTERM) reach the server itself. Where
// execve is missing (Node.js before 22.15, Windows) the server runs as a child and its exit is ours.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The server's node arguments: V8's flags (README, Deploy), then its entry. */
export const serverArgs = (main = join(root, 'dist/server/main.js')) => ['--max-semi-space-size=1', main];

/** The server's environment: glibc hands large freed blocks back (decision 038) unless env says otherwise. */
export const serverEnv = (env = process.env) => ({ MALLOC_MMAP_THRESHOLD_: '131072', ...env });

const canExec = typeof process.execve === 'function' && process.platform !== 'win32';

/**
 * Becomes the server at `main` (dist/server/main.js unless told otherwise); `clientBuild`, the
 * process building the client, which the server waits for before it serves.
 */
export function runServer(main, clientBuild) {
  const args = serverArgs(main);
  const env = serverEnv();
  if (clientBuild) env.CLIENT_BUILD_PID = String(clientBuild);
  if (canExec) {
    process.execve(process.execPath, [process.execPath, ...args], env);
  }
  const child = spawn(process.execPath, args, { env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Where this process becomes the server, the client builds beside it: the server's start (its
  // database, the first super user, the demo content) overlaps the end of the client's build.
  runServer(undefined, await buildIfNeeded({ clientAside: canExec }));
}
