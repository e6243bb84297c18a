/**
 * A newcomer's first start and every start after it, as the README runs them (`node scripts/start.mjs`,
 * which `npm start` runs too: the build when needed, then the server in the same process), from process
 * start to the first answer of /api/health:
 *   first start   a fresh clone of HEAD (node_modules linked from this checkout, as `npm ci` would
 *                 leave them): client and server build, a new PGlite database, the demo content
 *                 (target ≤ 5 s)
 *   warm start    the same clone started again: nothing to build, the database exists (target ≤ 1 s)
 * RUNS (3) of each; the machine's load average is printed beside them, since other work on the cores
 * stretches wall time.
 *
 *   npm run bench -- first-start
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.env.RUNS ?? 3);
const TARGETS = { first: 5, warm: 1 };
const root = join(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The README's run command (scripts/start.mjs): the build when needed, then the server in the same process. */
async function startOnce(dir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: dir,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // As the README's command runs: no ADMIN_PASSWORD, so the first super user gets a generated
      // one (one given is first judged by zxcvbn, about 0.2 s more).
      LOG_LEVEL: 'warn',
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const first: number[] = [];
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'dynasty-first-start-'));
  try {
    execFileSync('git', ['clone', '-q', '--no-hardlinks', root, dir]);
    execFileSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')]);
    first.push(await startOnce(dir));
    warm.push(await startOnce(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const load = loadavg()[0].toFixed(2);
let missed = false;
for (const [name, xs] of [
  ['first start', first],
  ['warm start', warm],
] as const) {
  const target = name === 'first start' ? TARGETS.first : TARGETS.warm;
  const m = median(xs);
  missed ||= m > target;
  console.log(
    `${name.padEnd(12)} median ${m.toFixed(2)} s (runs ${xs.map((x) => x.toFixed(2)).join(', ')}), ` +
      `${(m / target).toFixed(2)} × its target of ${target} s${m > target ? '  OUTSIDE TARGET' : ''}`,
  );
}
console.log(`load average ${load} (2 cores)`);
if (missed) process.exitCode = 1;
