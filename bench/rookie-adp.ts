/**
 * Rookie ADP query speed: 20,000 rookie drafts and 600,000 picks loaded in bulk (generate_series,
 * in the database itself) with their monthly totals, then the ADP query for a typical filter and for
 * the widest one, and the widest with each player's trend (the store's answer: the window plus the two
 * 30-day periods before its end), each run
 * repeatedly straight against the database (no answer cache), with p50 / p95 printed. PGlite by
 * default; PostgreSQL too when BENCH_DATABASE_URL is set (a scratch database is made and dropped).
 * Target: p50 under 100 ms on PostgreSQL. Exits non-zero when it is missed.
 *
 *   node --import tsx bench/rookie-adp.ts
 */
import { sql } from 'drizzle-orm';
import { type AdpFilter, queryAdp } from '#server/adp-data/adp-query.ts';
import { rebuildMonths } from '#server/adp-data/months.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { queryAdpWithTrend } from '#server/tools/rookie-adp/trend.ts';
import { percentile } from './lib/percentile.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';

const DRAFTS = 20_000;
const PICKS_PER_DRAFT = 30;
const ROOKIES = 300;
const DAYS = 365;
const RUNS = 20;
const TARGET_P50_MS = 100;

const DAY = 86_400_000;
const today = new Date(Math.floor(Date.now() / DAY) * DAY);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Drafts spread over the last year with varied facts (a tenth of them 8- or 16-team, which no filter
 * selects); each pick's player depends on the pick and the draft, so ADPs spread out as in real drafts.
 */
async function load(database: Database) {
  const { db } = database;
  await db.execute(sql`
    INSERT INTO rookie_adp_players (service, player_key, name, position)
    SELECT 'mfl', (15000 + g)::text, 'Rookie ' || g,
           (ARRAY['QB','RB','WR','WR','RB','TE','DE','DT','LB','CB','S','PK'])[1 + g % 12]
    FROM generate_series(1, ${ROOKIES}) g`);
  await db.execute(sql`
    INSERT INTO rookie_adp_drafts (service, draft_key, league_id, season, size, qb_format, idp, ppr, started_at, pick_count)
    SELECT 'mfl', 'bench-' || g, (20000 + g)::text, 2026,
           (ARRAY[10,10,12,12,12,12,14,14,8,16])[1 + (g * 7) % 10],
           (ARRAY['1QB','1QB','SF','SF','2QB'])[1 + (g * 13) % 5],
           (g * 17) % 4 = 0,
           (g * 11) % 3 <> 0,
           ${today.toISOString()}::timestamptz - ((g * 7919) % (${DAYS} * 86400)) * interval '1 second',
           ${PICKS_PER_DRAFT}
    FROM generate_series(1, ${DRAFTS}) g`);
  const first = (
    await queryRows<{ id: number }>(db, sql`SELECT min(id)::int AS id FROM rookie_adp_players`)
  )[0].id;
  await db.execute(sql`
    INSERT INTO rookie_adp_picks (draft_id, overall, player_id, picked_at, service, started_at, size, qb_format, idp, ppr)
    SELECT d.id, k, ${first} + ((k - 1) * 5 + (k * d.id) % 5 + (d.id * 17) % 11) % ${ROOKIES},
           d.started_at + k * interval '3 minutes', d.service, d.started_at, d.size, d.qb_format, d.idp, d.ppr
    FROM rookie_adp_drafts d CROSS JOIN generate_series(1, ${PICKS_PER_DRAFT}) k`);
  // The monthly totals, as ingestion keeps them; fresh statistics, and a visibility map so the
  // picks index can answer without the table.
  await rebuildMonths(db);
  for (const table of ['rookie_adp_drafts', 'rookie_adp_picks', 'rookie_adp_players', 'rookie_adp_months'])
    await database.exec(`VACUUM ANALYZE ${table}`);
}

/** Every size and type over a year: the heaviest filter the page can ask for. */
const widest: AdpFilter = {
  service: 'mfl',
  sizes: [10, 12, 14],
  types: ['1QB', 'SF', '2QB'],
  idp: 0,
  ppr: 0,
  startDate: isoDay(today.getTime() - (DAYS + 1) * DAY),
  endDate: isoDay(today.getTime()),
};

const filters: [string, AdpFilter, typeof queryAdp?][] = [
  [
    'typical: 12-team SF PPR, 30 days',
    {
      service: 'mfl',
      sizes: [12],
      types: ['SF'],
      idp: 0,
      ppr: 1,
      startDate: isoDay(today.getTime() - 30 * DAY),
      endDate: isoDay(today.getTime()),
    },
  ],
  ['widest: every size and type, a year', widest],
  ['widest, with trends (the store answer)', widest, queryAdpWithTrend],
];

/** Runs each filter; answers the p50s. */
async function run(label: string, url?: string): Promise<number[]> {
  const database = await openDatabase(url ? { url, poolSize: 4 } : {});
  try {
    const started = performance.now();
    await load(database);
    const [counts] = await queryRows<{ drafts: number; picks: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM rookie_adp_drafts) AS drafts, (SELECT count(*)::int FROM rookie_adp_picks) AS picks`,
    );
    console.log(
      `\n${label}: ${counts.drafts.toLocaleString('en')} drafts and ${counts.picks.toLocaleString('en')} picks loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`${'filter'.padEnd(38)} drafts  rookies   p50 ms   p95 ms`);
    const p50s: number[] = [];
    for (const [name, f, query = queryAdp] of filters) {
      const times: number[] = [];
      let answer = await query(database.db, f);
      for (let i = 0; i < RUNS + 2; i++) {
        const t0 = performance.now();
        answer = await query(database.db, f);
        // The first two runs warm the caches and plans; they are not counted.
        if (i >= 2) times.push(performance.now() - t0);
      }
      p50s.push(percentile(times, 50));
      console.log(
        `${name.padEnd(38)} ${String(answer.totalLeagues).padStart(6)} ${String(answer.players.length).padStart(8)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}`,
      );
    }
    return p50s;
  } finally {
    await database.close();
  }
}

await run('PGlite');
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const p50s = await withScratchDatabase(pgUrl, (url) => run('PostgreSQL', url));
  const met = p50s.every((p) => p < TARGET_P50_MS);
  console.log(`\nPostgreSQL target p50 < ${TARGET_P50_MS} ms: ${met ? 'met' : 'MISSED'}`);
  if (!met) process.exitCode = 1;
} else console.log('\n(Set BENCH_DATABASE_URL to run against PostgreSQL too; the target is for PostgreSQL.)');
