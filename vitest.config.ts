import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Every test runs on in-memory PGlite. PGlite is PostgreSQL compiled to WebAssembly, so the second
 * run on PostgreSQL (when TEST_DATABASE_URL is set) takes only what PGlite cannot show: real
 * concurrency over a pool of connections, row locks, full-text search on the server, and the
 * PostgreSQL-only paths. That the migrations make the same schema on both is checked by
 * src/server/db/schema-parity.pg.test.ts (decision 001).
 */
const onPostgres: Record<string, string> = {
  'src/server/adp-data/adp-query.test.ts': 'SQL: the Rookie ADP query, from monthly totals or picks',
  'src/server/tools/rookie-adp/adp-api.test.ts':
    'SQL: the Rookie ADP query against an independent computation, day boundaries included',
  'src/server/tools/rookie-adp/startup-api.test.ts':
    'SQL: startup ADP and auction shares over the startup tables, never mixed',
  'src/server/tools/rookie-adp/trend-api.test.ts':
    "SQL: trends over two 30-day periods and a player's months, against an independent computation",
  'src/server/tools/rookie-adp/mfl-copies-api.test.ts':
    "SQL: the copies of MFL's ADP (days with every size, pruning) and the trends and months derived from them",
  'src/server/adp-data/ingest.test.ts':
    "SQL: ingestion's upserts of drafts, picks and players, and the monthly totals",
  'src/server/adp-data/totals.test.ts':
    'SQL: the monthly totals each save recomputes in part, against a rebuild from the picks',
  'src/server/adp-data/discovery/jobs.test.ts': "locking: the jobs' lease rows, taken over from a dead owner",
  'src/server/market/trades/store.test.ts':
    "SQL: the trades store's one-statement saves (a trade and its players whole) and a player's trades by index",
  'src/server/market/trades/job.test.ts':
    "SQL: the trades job's due leagues, where each league stands, and withdrawn leagues' trades pruned",
  'src/server/market/values/job.test.ts':
    "SQL: a format's values replaced whole in one transaction, written from a JSON array, and when the job is due",
  'src/server/accounts/users.test.ts':
    "locking: two last super users demoting themselves (the rows' FOR UPDATE)",
  'src/server/accounts/account-deletion.test.ts':
    "locking: the last two super users deleting their own accounts at once (the rows' FOR UPDATE)",
  'src/server/accounts/password-reset.test.ts':
    'concurrency: one reset link used twice at once, of which only one use sets the password',
  'src/server/leagues/connection-keys.test.ts':
    'concurrency: two servers re-encrypting the league connections at once (conditional updates)',
  'src/server/leagues/league-accounts.test.ts':
    "concurrency: one league account connected from several browsers at once (the upsert's unique key)",
  'src/server/content/articles.test.ts':
    'concurrency: racing creates meet the shortname unique index (PGlite runs one at a time)',
  'src/server/content/search.test.ts':
    'full-text search: websearch_to_tsquery, ranking and pg_trgm similarity',
  'src/server/faults/sigkill.test.ts':
    "a killed server's writes and migration lock on PostgreSQL (its PGlite half checks PGlite's own lock)",
  'src/server/ops/backup.test.ts': 'its PostgreSQL half (the backup route points to pg_dump) runs only there',
  'src/server/ops/metrics.test.ts':
    "the database-time metric of PostgreSQL's pool, and readiness once the pool's database is gone",
};
for (const file of Object.keys(onPostgres))
  if (!existsSync(file)) throw new Error(`vitest.config.ts lists ${file} for PostgreSQL, but it is gone`);

/**
 * A worker keeps the modules it has loaded from one test file to the next (importing them was about
 * 40 % of a run's worker time): each file opens its own database, app and simulator, and resets what
 * it changes. VITEST_ISOLATE=1 gives every file fresh modules again, to tell a leak apart. (Projects
 * do not inherit the root's options, so each sets it.)
 */
const isolate = process.env.VITEST_ISOLATE === '1';

/**
 * V8 collects garbage on helper threads besides the worker's own: with three workers on two cores
 * they only compete with the other workers, and a third of the workers' CPU time was theirs. On the
 * worker's thread alone the unit project took 13 % less CPU and 40 s less (307 s → 267 s, 2 cores).
 */
const execArgv = ['--single-threaded-gc'];

const onPostgresProject = (name: string, include: string[], groupOrder: number) => ({
  test: {
    name,
    include,
    env: { TEST_DB: 'postgres' },
    isolate,
    execArgv,
    // Migrates one template database that every test file's database is copied from.
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { groupOrder },
  },
});

/**
 * Every *.pg.test.ts (servers side by side on one database: their crawl, their locks, scale-out,
 * and the schema-parity check) runs first, before the other projects start: racing the rest of the
 * suite for two cores, the two-servers crawl's runs were cut short one after another and its
 * leagues read again, in every try of a run. The rest follows, all projects together.
 */
const postgres = process.env.TEST_DATABASE_URL
  ? [
      onPostgresProject('postgres-servers', ['src/**/*.pg.test.ts'], 0),
      onPostgresProject('postgres', Object.keys(onPostgres), 1),
    ]
  : [];

export default defineConfig({
  test: {
    // Many files spend most of their time waiting on a simulator, a socket or a lease, so more
    // workers than cores keep both cores busy. Timing rules are tested on a clock the test moves
    // (tests/support/manual-clock.ts), so a busy machine does not fail them.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          // *.pg.test.ts need PostgreSQL (and Redis): they run in the postgres project only.
          exclude: ['**/*.pg.test.ts', '**/node_modules/**'],
          env: { TEST_DB: 'pglite' },
          isolate,
          execArgv,
          // Migrates one PGlite database that every test file's database starts from.
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
      ...postgres,
    ],
  },
});
