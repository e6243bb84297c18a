/**
 * What a restart costs the production server (dist/server/main.js, built first when needed, started
 * as scripts/start.mjs starts it): the CPU seconds (user + system, every thread of the process) and
 * the wall time from process start to the first answer of /api/health, on a database that exists.
 * RUNS (3) restarts on PGlite and on PostgreSQL (BENCH_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test when it answers; a scratch database is made and dropped).
 * Targets: ≤ 1 CPU-s on PGlite, ≤ 0.7 on PostgreSQL. CPU time hardly depends on other work sharing
 * the cores; the wall time does, so the load average is printed beside it.
 *
 *   npm run bench -- start-cpu
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { exited, startServerProcess } from '#test/server-process.ts';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { onBothDatabases } from './lib/scratch-database.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const TARGETS = { PGlite: 1, PostgreSQL: 0.7 } as const;

/** CPU seconds a process has used (user + system). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(kind: keyof typeof TARGETS, env: Record<string, string>) {
  const base = { ...env, SEED_DEMO: '1', NODE_ENV: 'production', LOG_LEVEL: 'info' };
  // The first start makes the database (and fills V8's compile cache); the restarts are counted.
  const first = await startServerProcess(base, { built: true });
  first.child.kill('SIGTERM');
  await exited(first.child);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const server = await startServerProcess(base, { built: true });
    cpu.push(cpuSeconds(server.child.pid!));
    wall.push(server.startMs / 1000);
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  const m = median(cpu);
  console.log(
    `${kind.padEnd(10)} restart CPU median ${m.toFixed(2)} s (runs ${cpu.map((x) => x.toFixed(2)).join(', ')}; ` +
      `target ≤ ${TARGETS[kind]}), wall ${wall.map((x) => x.toFixed(2)).join(', ')} s${m > TARGETS[kind] ? '  OUTSIDE TARGET' : ''}`,
  );
  return m <= TARGETS[kind];
}

await buildIfNeeded();
const results = await onBothDatabases('dynasty-start-cpu', measure);
console.log(`load average ${loadavg()[0].toFixed(2)} (2 cores)`);
process.exitCode = results.every(Boolean) ? 0 : 1;
