/**
 * Memory and start-up of the production server (dist/server/main.js, built first when needed), on
 * PGlite and on PostgreSQL (BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when it
 * answers; a scratch database is made and dropped). For each:
 *   first start   a new database: migrations and the demo content (24 articles, 30 profiles)
 *   cold start    a restart on that database, process start to first answer (target < 2 s), and the
 *                 CPU time that took (the wall time stretches when other work shares the cores)
 *   idle RSS      after a round of page views and 10 s of quiet (targets: PGlite ≤ 150 MB, PostgreSQL ≤ 100 MB)
 *   after load    the same, after LOAD_SECONDS (60) of mixed traffic at 50 connections (target: ≤ 1.3 × idle)
 *   soak          with SOAK_MINUTES set (10 for the record), that much more of the same traffic, RSS read
 *                 every 30 s: the second half's mean against the first half's (target: flat, within 5 %)
 *
 *   npm run bench -- memory
 *   SOAK_MINUTES=10 npm run bench -- memory
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { exited, FAULT_ADMIN, login, startServerProcess } from '#test/server-process.ts';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { onBothDatabases } from './lib/scratch-database.ts';

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 0);
const TARGETS = { PGlite: 150, PostgreSQL: 100 } as const;
const AFTER_LOAD = 1.3;
const SOAK_FLAT = 0.05;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

/** CPU seconds a process has used (user + system): start-up cost that does not depend on the machine's load. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

async function pageViews(base: string) {
  const articles = await (await fetch(`${base}/api/articles?limit=20`)).json();
  const profiles = await (await fetch(`${base}/api/profiles?limit=20`)).json();
  const paths = [
    '/',
    `/article/${articles.items[0].shortname}`,
    `/api/articles/${articles.items[0].shortname}`,
    `/api/profiles/${profiles.items[0].shortname}`,
    '/api/profile-filters',
    '/api/search?search=rookie%20receiver',
    '/rss.xml',
    '/sitemap.xml',
  ];
  for (const p of paths) await (await fetch(base + p)).arrayBuffer();
  return { article: articles.items[0].shortname as string, profile: profiles.items[0].shortname as string };
}

async function measure(kind: keyof typeof TARGETS, env: Record<string, string>) {
  const base = { ...env, SEED_DEMO: '1', LOG_LEVEL: 'error', NODE_ENV: 'production' };
  const first = await startServerProcess(base, { built: true });
  await pageViews(first.base);
  await sleep(5_000);
  const firstRss = rssMb(first.child.pid!);
  first.child.kill('SIGTERM');
  await exited(first.child);

  const server = await startServerProcess(base, { built: true });
  const pid = server.child.pid!;
  const startCpu = cpuSeconds(pid);
  try {
    const { article, profile } = await pageViews(server.base);
    await sleep(10_000);
    const idle = rssMb(pid);

    const cookie = await login(server.base, FAULT_ADMIN.email, FAULT_ADMIN.password);
    const load = (duration: number) =>
      autocannon({
        url: server.base,
        connections: 50,
        duration,
        requests: [
          { path: '/' },
          { path: '/api/articles?limit=20' },
          { path: '/api/profiles?limit=20' },
          { path: `/api/articles/${article}` },
          { path: `/api/profiles/${profile}` },
          { path: '/api/search?search=rookie%20receiver' },
          { path: '/api/users/currentUser', headers: { cookie } },
        ].map((r) => ({ method: 'GET' as const, ...r })),
      });
    const result = await load(LOAD_SECONDS);
    const peak = rssMb(pid);
    await sleep(10_000);
    const after = rssMb(pid);
    const target = TARGETS[kind];
    let soakFlat = true;
    let soakRow: [string, string] | undefined;
    if (SOAK_MINUTES > 0) {
      const samples: number[] = [];
      const sampling = setInterval(() => samples.push(rssMb(pid)), 30_000);
      const soak = await load(SOAK_MINUTES * 60);
      clearInterval(sampling);
      const half = Math.floor(samples.length / 2);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const growth = mean(samples.slice(half)) / mean(samples.slice(0, half)) - 1;
      soakFlat = Math.abs(growth) <= SOAK_FLAT && soak.errors + soak.non2xx === 0;
      soakRow = [
        `soak ${SOAK_MINUTES} min`,
        `RSS every 30 s: ${samples.map((x) => x.toFixed(0)).join(' ')} MB; second half ${(growth * 100).toFixed(1)} % against the first (target within ${SOAK_FLAT * 100} %); ${soak.requests.average.toFixed(0)} req/s, ${soak.errors + soak.non2xx} errors`,
      ];
    }
    const rows = [
      [`first start (new db)`, `${(first.startMs / 1000).toFixed(2)} s, then ${firstRss.toFixed(0)} MB`],
      [
        'cold start',
        `${(server.startMs / 1000).toFixed(2)} s to first answer (target < 2 s), ${startCpu.toFixed(2)} s of CPU`,
      ],
      ['idle RSS', `${idle.toFixed(0)} MB (target ≤ ${target} MB)`],
      [
        `after ${LOAD_SECONDS} s load`,
        `${after.toFixed(0)} MB = ${(after / idle).toFixed(2)} × idle, peak ${peak.toFixed(0)} MB (target ≤ ${AFTER_LOAD} ×); ${result.requests.average.toFixed(0)} req/s, ${result.errors + result.non2xx} errors`,
      ],
      ...(soakRow ? [soakRow] : []),
    ];
    console.log(`${kind}`);
    for (const [k, v] of rows) console.log(`  ${k.padEnd(22)} ${v}`);
    return (
      server.startMs < 2000 &&
      idle <= target &&
      after <= idle * AFTER_LOAD &&
      soakFlat &&
      result.errors + result.non2xx === 0
    );
  } finally {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
}

await buildIfNeeded();
const results = await onBothDatabases('dynasty-memory', measure);
const ok = results.every(Boolean);
console.log(ok ? 'result: ok' : 'result: OUTSIDE TARGET');
process.exitCode = ok ? 0 : 1;
