/**
 * Mixed traffic against one server process (the real src/server/main.ts, demo content seeded):
 * home page, article and prospect lists, an article and a profile, search, and a logged-in
 * currentUser check, at 100 connections for LOAD_SECONDS (default 60), after a 10 s warm-up; real
 * log-ins run beside it, within the log-in rate limit. Prints throughput, p50/p99, errors and the
 * server's memory (RSS) after warm-up and at the end (target: within 20%).
 * PGlite by default; PostgreSQL when BENCH_DATABASE_URL is set. The server logs as `npm start` does
 * (LOG_LEVEL info, request lines off) unless LOG_LEVEL or LOG_REQUESTS say otherwise, so the figures
 * include what the default logging costs.
 *
 *   node --import tsx bench/load-mixed.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { exited, FAULT_ADMIN, login, startServerProcess } from '#test/server-process.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = 100;

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

const dir = mkdtempSync(join(tmpdir(), 'dynasty-load-'));
const env: Record<string, string> = process.env.BENCH_DATABASE_URL
  ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
  : { DATA_DIR: dir };
const server = await startServerProcess({
  ...env,
  SEED_DEMO: '1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  NODE_ENV: 'production',
});
const pid = server.child.pid!;
try {
  const cookie = await login(server.base, FAULT_ADMIN.email, FAULT_ADMIN.password);
  const articles = await (await fetch(`${server.base}/api/articles?limit=1`)).json();
  const profiles = await (await fetch(`${server.base}/api/profiles?limit=1`)).json();
  const requests = [
    { path: '/' },
    { path: '/api/articles?limit=20' },
    { path: '/api/profiles?limit=20' },
    { path: `/api/articles/${articles.items[0].shortname}` },
    { path: `/api/profiles/${profiles.items[0].shortname}` },
    { path: '/api/search?search=rookie%20receiver' },
    { path: '/api/users/currentUser', headers: { cookie } },
  ].map((r) => ({ method: 'GET' as const, ...r }));

  const run = (duration: number) =>
    autocannon({ url: server.base, connections: CONNECTIONS, duration, requests });

  await run(10);
  const rssAfterWarmup = rssMb(pid);

  // Real log-ins beside the load, spaced to stay under the per-address limit.
  const loginTimes: number[] = [];
  let stopLogins = false;
  const logins = (async () => {
    while (!stopLogins) {
      const started = performance.now();
      await login(server.base, FAULT_ADMIN.email, FAULT_ADMIN.password);
      loginTimes.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 7_000));
    }
  })();
  const result = await run(SECONDS);
  stopLogins = true;
  await logins;
  const rssAtEnd = rssMb(pid);

  const growth = (rssAtEnd - rssAfterWarmup) / rssAfterWarmup;
  console.log(
    `Mixed load, ${CONNECTIONS} connections for ${SECONDS} s (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ` +
      `LOG_LEVEL ${process.env.LOG_LEVEL ?? 'info'}, LOG_REQUESTS ${process.env.LOG_REQUESTS ?? 'default'})`,
  );
  console.log(`  log written        ${(Buffer.byteLength(server.output()) / 1024 / 1024).toFixed(1)} MB`);
  console.log(`  requests           ${result.requests.total} (${result.requests.average.toFixed(0)} req/s)`);
  console.log(`  latency p50 / p99  ${result.latency.p50} ms / ${result.latency.p99} ms`);
  console.log(`  errors / non-2xx   ${result.errors} / ${result.non2xx}   timeouts ${result.timeouts}`);
  console.log(
    `  log-ins            ${loginTimes.length}, mean ${(loginTimes.reduce((a, b) => a + b, 0) / loginTimes.length).toFixed(0)} ms`,
  );
  console.log(`  RSS after warm-up  ${rssAfterWarmup.toFixed(1)} MB`);
  console.log(
    `  RSS at the end     ${rssAtEnd.toFixed(1)} MB (${(growth * 100).toFixed(1)}%, target within 20%)`,
  );
  const ok = result.errors === 0 && result.non2xx === 0 && Math.abs(growth) <= 0.2;
  console.log(ok ? '  result: ok' : '  result: OUTSIDE TARGET');
  process.exitCode = ok ? 0 : 1;
} finally {
  server.child.kill('SIGTERM');
  await exited(server.child);
  rmSync(dir, { recursive: true, force: true });
}
