/**
 * The copies of MFL's own ADP (decision 025) at their bound: a season's worth as the job keeps them
 * (62 daily copies and the earlier months' last, 9 filters each) with as many players per copy as the
 * recorded real answer (362), then what a visitor's MFL answer adds (its trends) and an opened row (a
 * player's months), each run repeatedly straight against the database (no answer cache), with p50 /
 * p95 printed. PGlite by default; PostgreSQL too when BENCH_DATABASE_URL is set (a scratch database).
 * Also prints how many copies and player rows that is, and how long saving one day's 9 copies takes.
 *
 *   node --import tsx bench/mfl-copies.ts
 */
import { sql } from 'drizzle-orm';
import { addDays } from '#common/rookie-adp.ts';
import {
  COPY_FILTERS,
  DAILY_COPIES_KEPT_DAYS,
  isoDay,
  mflCopyMonths,
  mflCopyTrend,
  saveCopy,
} from '#server/adp-data/mfl-copies.ts';
import { openDatabase } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { mflSeasonYear } from '#server/leagues/mfl/hosts.ts';
import { percentile } from './lib/percentile.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';

const PLAYERS = 362;
const RUNS = 20;
const now = Date.now();
const today = isoDay(now);
const season = mflSeasonYear(now);

/** The days kept at the bound: the last 62 daily, and each earlier month's last day this season. */
function keptDays(): string[] {
  const days = new Set<string>();
  for (let i = 0; i <= DAILY_COPIES_KEPT_DAYS; i++) days.add(addDays(today, -i));
  for (let m = 3; ; m++) {
    const end = isoDay(Date.UTC(season, m, 1) - 86_400_000);
    if (end >= addDays(today, -DAILY_COPIES_KEPT_DAYS)) break;
    days.add(end);
  }
  return [...days].filter((d) => d >= `${season}-03-01`).sort();
}

/** A copy with every player growing with the day, as cumulative counts do. */
function answerFor(dayIndex: number, fcount: number) {
  const totalDrafts = 100 + dayIndex * 20;
  return {
    totalDrafts,
    timestamp: null,
    players: Array.from({ length: PLAYERS }, (_, i) => ({
      id: String(15000 + i),
      averagePick: Math.round((1 + i * 0.4 + (dayIndex % 7) * 0.01 + fcount / 100) * 100) / 100,
      draftsSelectedIn: Math.max(1, Math.floor(totalDrafts * (0.9 - i / (PLAYERS * 1.2)))),
      minPick: null,
      maxPick: null,
      rank: null,
      draftSelPct: null,
    })),
  };
}

async function run(label: string, url?: string) {
  const database = await openDatabase(url ? { url, poolSize: 4 } : {});
  try {
    const { db } = database;
    const days = keptDays();
    let daySave = 0;
    for (const [i, day] of days.entries()) {
      const started = performance.now();
      for (const { fcount, isPpr } of COPY_FILTERS)
        await saveCopy(db, {
          season,
          fcount,
          isPpr,
          takenAt: Date.parse(`${day}T06:00:00Z`),
          answer: answerFor(i, fcount),
        });
      if (day === today) daySave = performance.now() - started;
    }
    const [{ copies, rows }] = await queryRows<{ copies: number; rows: number }>(
      db,
      sql`SELECT (SELECT count(*) FROM mfl_adp_copies)::int AS copies, (SELECT count(*) FROM mfl_adp_copy_players)::int AS rows`,
    );
    console.log(
      `\n${label}: ${days.length} days, ${copies} copies, ${rows} player rows; one day's 9 copies saved in ${daySave.toFixed(0)} ms`,
    );
    const filter = { season, sizes: [10, 12, 14], ppr: 0 as const, endDate: today };
    const cases: [string, () => Promise<unknown>][] = [
      ['trends (every size, 3 copies)', () => mflCopyTrend(db, { ...filter, today })],
      [
        "a player's months (12 months)",
        () => mflCopyMonths(db, { ...filter, from: `${season}-03` }, '15010'),
      ],
    ];
    for (const [name, fn] of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await fn();
        times.push(performance.now() - started);
      }
      console.log(
        `${name.padEnd(32)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`,
      );
    }
  } finally {
    await database.close();
  }
}

await run('PGlite');
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) await withScratchDatabase(pgUrl, (url) => run('PostgreSQL', url));
else console.log('\n(Set BENCH_DATABASE_URL to run against PostgreSQL too.)');
