/**
 * Public content API throughput against the same server's health route, in one run: the app runs
 * in a child process (as in production), seeded with the demo content, and autocannon drives 50
 * connections at each target for 5 s after a 1 s warm-up. Prints requests per second, p50 and p99,
 * and each target's ratio to /api/health (target: at least 0.5; p99 under 25 ms).
 * PGlite by default; PostgreSQL too when BENCH_DATABASE_URL is set (a scratch database is made and
 * dropped).
 *
 *   node --import tsx bench/content-throughput.ts
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serveContentApp, startContentApp } from './lib/content-app.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';

const CONNECTIONS = 50;
const DURATION_S = 5;
const WARMUP_S = 1;

if (process.argv[2] === 'serve') await serveContentApp(process.argv[3]);
else await main();

async function startServer(databaseUrl?: string): Promise<{ child: ChildProcess; base: string }> {
  return startContentApp(fileURLToPath(import.meta.url), ['serve', ...(databaseUrl ? [databaseUrl] : [])]);
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, duration: number): Promise<Figures> {
  // As a browser asks: compressed answers welcome.
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    pipelining: 1,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function run(label: string, databaseUrl?: string) {
  const { child, base } = await startServer(databaseUrl);
  try {
    const first = await (await fetch(`${base}/api/articles?limit=1`)).json();
    const shortname = first.items[0].shortname as string;
    const targets = [
      ['GET /api/health', `${base}/api/health`],
      ['GET /api/articles?limit=20', `${base}/api/articles?limit=20`],
      ['GET /api/articles/:shortname', `${base}/api/articles/${shortname}`],
      ['GET /api/profiles?limit=20', `${base}/api/profiles?limit=20`],
    ] as const;
    const rows: [string, Figures][] = [];
    for (const [name, url] of targets) {
      await load(url, WARMUP_S);
      rows.push([name, await load(url, DURATION_S)]);
    }
    const health = rows[0][1].rps;
    console.log(`\n${label}: ${CONNECTIONS} connections, ${DURATION_S} s per target`);
    console.log('target                          req/s     p50 ms  p99 ms  errors  ratio to health');
    for (const [name, f] of rows) {
      const ratio = f.rps / health;
      const verdict = name === targets[0][0] ? '' : ratio >= 0.5 ? '  ok (>= 0.5)' : '  BELOW 0.5';
      // bench/run.ts reports a non-zero exit as a missed target.
      if (name !== targets[0][0] && (ratio < 0.5 || f.p99 >= 25)) process.exitCode = 1;
      console.log(
        `${name.padEnd(30)} ${f.rps.toFixed(0).padStart(7)} ${String(f.p50).padStart(9)} ${String(f.p99).padStart(7)} ${String(f.errors).padStart(7)}  ${ratio.toFixed(2)}${verdict}${f.p99 < 25 ? '' : '  (p99 >= 25 ms)'}`,
      );
    }
  } finally {
    child.disconnect();
    await new Promise((r) => child.once('exit', r));
  }
}

async function main() {
  await run('PGlite');
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) await withScratchDatabase(pgUrl, (url) => run('PostgreSQL', url));
  else console.log('\n(Set BENCH_DATABASE_URL to run against PostgreSQL too.)');
}
