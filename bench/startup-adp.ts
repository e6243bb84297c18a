/**
 * Startup ADP query speed (issue 26, decision 021): 2,400 startup drafts over a year (1,600 snake
 * drafts and 800 auctions), 300 picks each (720,000 picks, about 310 players), loaded in bulk
 * (generate_series, in the database itself) with their monthly totals; then the startup query for a
 * typical filter and for the widest one (every size and format, a year), snake and auction, each
 * run repeatedly straight against the database (no answer cache), with p50 / p95 printed. PGlite by
 * default; PostgreSQL too when BENCH_DATABASE_URL is set (a scratch database is made and dropped).
 * Target: the widest filter's p50 at most 40 ms on PostgreSQL. Exits non-zero when it is missed.
 *
 *   BENCH_DATABASE_URL=postgres://… node --import tsx bench/startup-adp.ts   (BENCH_PGLITE=0: PostgreSQL only)
 */
import { sql } from 'drizzle-orm';
import { type AdpFilter, type AdpStore, queryAdp } from '#server/adp-data/adp-query.ts';
import { rebuildStartupMonths } from '#server/adp-data/startup-store.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { percentile } from './lib/percentile.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';

const SNAKE_DRAFTS = 1_600;
const AUCTIONS = 800;
const PICKS_PER_DRAFT = 300;
const PLAYERS = 310;
const DAYS = 365;
const RUNS = 20;
const TARGET_P50_MS = 40;

const DAY = 86_400_000;
const today = new Date(Math.floor(Date.now() / DAY) * DAY);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Drafts spread over the last year with varied facts (a tenth 8- or 16-team, which no filter
 * selects). Each draft takes players 1–300 of its own shifted board, so every player goes once per
 * draft and ADPs spread out; an auction's share falls with the place on the board.
 */
async function load(database: Database) {
  const { db } = database;
  await db.execute(sql`
    INSERT INTO rookie_adp_players (service, player_key, name, position)
    SELECT 'sleeper', (9000 + g)::text, 'Player ' || g,
           (ARRAY['QB','RB','WR','WR','RB','TE','DE','LB','CB','S','PK','QB'])[1 + g % 12]
    FROM generate_series(1, ${PLAYERS}) g`);
  await db.execute(sql`
    INSERT INTO startup_adp_drafts (service, draft_key, league_id, season, kind, size, qb_format, idp, ppr, budget, started_at, pick_count)
    SELECT 'sleeper', 'bench-' || g, (30000 + g)::text, 2026,
           CASE WHEN g <= ${SNAKE_DRAFTS} THEN 'snake' ELSE 'auction' END,
           (ARRAY[10,10,12,12,12,12,14,14,8,16])[1 + (g * 7) % 10],
           (ARRAY['1QB','1QB','SF','SF','2QB'])[1 + (g * 13) % 5],
           (g * 17) % 4 = 0,
           (g * 11) % 3 <> 0,
           CASE WHEN g <= ${SNAKE_DRAFTS} THEN NULL ELSE 200 END,
           ${today.toISOString()}::timestamptz - ((g * 104729 + g * g) % (${DAYS} * 86400)) * interval '1 second',
           ${PICKS_PER_DRAFT}
    FROM generate_series(1, ${SNAKE_DRAFTS + AUCTIONS}) g`);
  const first = (
    await queryRows<{ id: number }>(db, sql`SELECT min(id)::int AS id FROM rookie_adp_players`)
  )[0].id;
  await db.execute(sql`
    INSERT INTO startup_adp_picks (draft_id, player_id, overall, service, kind, started_at, size, qb_format, idp, ppr)
    SELECT d.id, ${first} + (k - 1 + d.id % 7 + (d.id * 3) % 4) % ${PLAYERS},
           CASE WHEN d.kind = 'snake' THEN k::float8 ELSE 0.2 / sqrt(k) END,
           d.service, d.kind, d.started_at, d.size, d.qb_format, d.idp, d.ppr
    FROM startup_adp_drafts d CROSS JOIN generate_series(1, ${PICKS_PER_DRAFT}) k`);
  await rebuildStartupMonths(db);
  for (const table of ['startup_adp_drafts', 'startup_adp_picks', 'rookie_adp_players', 'startup_adp_months'])
    await database.exec(`VACUUM ANALYZE ${table}`);
}

/** Every size and format, any IDP and PPR, over a year: the heaviest filter the page can ask for. */
const widest: AdpFilter = {
  service: 'sleeper',
  sizes: [10, 12, 14],
  types: ['1QB', 'SF', '2QB'],
  idp: 0,
  ppr: 0,
  startDate: isoDay(today.getTime() - (DAYS + 1) * DAY),
  endDate: isoDay(today.getTime()),
};
const typical: AdpFilter = {
  ...widest,
  sizes: [12],
  types: ['SF'],
  ppr: 1,
  startDate: isoDay(today.getTime() - 90 * DAY),
};
const snake: AdpStore = { draft: 'startup', kind: 'snake' };
const auction: AdpStore = { draft: 'startup', kind: 'auction' };

const cases: [string, AdpFilter, AdpStore, boolean][] = [
  ['typical snake: 12-team SF PPR, 90 days', typical, snake, false],
  ['widest snake: every size and type, a year', widest, snake, true],
  ['typical auction: 12-team SF PPR, 90 days', typical, auction, false],
  ['widest auction: every size and type, a year', widest, auction, true],
];

/** Runs each case; answers the widest cases' p50s. */
async function run(label: string, url?: string): Promise<number[]> {
  const database = await openDatabase(url ? { url, poolSize: 4 } : {});
  try {
    const started = performance.now();
    await load(database);
    const [counts] = await queryRows<{ drafts: number; picks: number; months: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM startup_adp_drafts) AS drafts, (SELECT count(*)::int FROM startup_adp_picks) AS picks,
                 (SELECT count(*)::int FROM startup_adp_months) AS months`,
    );
    console.log(
      `\n${label}: ${counts.drafts.toLocaleString('en')} startup drafts, ${counts.picks.toLocaleString('en')} picks and ${counts.months.toLocaleString('en')} monthly rows loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`${'filter'.padEnd(46)} drafts  players   p50 ms   p95 ms`);
    const widestP50s: number[] = [];
    for (const [name, f, store, isWidest] of cases) {
      const times: number[] = [];
      let answer = await queryAdp(database.db, f, store);
      for (let i = 0; i < RUNS + 2; i++) {
        const t0 = performance.now();
        answer = await queryAdp(database.db, f, store);
        // The first two runs warm the caches and plans; they are not counted.
        if (i >= 2) times.push(performance.now() - t0);
      }
      if (isWidest) widestP50s.push(percentile(times, 50));
      console.log(
        `${name.padEnd(46)} ${String(answer.totalLeagues).padStart(6)} ${String(answer.players.length).padStart(8)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}`,
      );
    }
    return widestP50s;
  } finally {
    await database.close();
  }
}

// BENCH_PGLITE=0 skips PGlite (its load alone takes minutes).
if (process.env.BENCH_PGLITE !== '0') await run('PGlite');
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const p50s = await withScratchDatabase(pgUrl, (url) => run('PostgreSQL', url));
  const met = p50s.every((p) => p <= TARGET_P50_MS);
  console.log(`\nPostgreSQL target: widest p50 ≤ ${TARGET_P50_MS} ms: ${met ? 'met' : 'MISSED'}`);
  if (!met) process.exitCode = 1;
} else console.log('\n(Set BENCH_DATABASE_URL to run against PostgreSQL too; the target is for PostgreSQL.)');
