/**
 * Site search on a large catalogue: 10,000 visible articles and 2,000 profiles with generated
 * dynasty-style text, then each query run repeatedly straight against the database (no cache), and
 * p50 / p95 printed per query and overall. PGlite by default (on a data directory, as the server
 * runs it); PostgreSQL too when BENCH_DATABASE_URL is set (a scratch database is made and dropped).
 *
 *   node --import tsx bench/search-latency.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { listArticles } from '#server/content/articles.ts';
import { searchContent } from '#server/content/search.ts';
import { openDatabase } from '#server/db/client.ts';
import { articles, profiles } from '#server/db/schema.ts';
import { percentile } from './lib/percentile.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';

const ARTICLES = 10_000;
const PROFILES = 2_000;
const RUNS = 10;
const BATCH = 500;

// A seeded generator, so every run searches the same catalogue.
let state = 20_270_401;
const rand = () => {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];

const first = [
  'Jalen',
  'Marcus',
  'Tre',
  'Caleb',
  'Devin',
  'Isaiah',
  'Malik',
  'Noah',
  'Zion',
  'Bryce',
  'Cam',
  "De'Andre",
  "Ja'Quan",
  'Keenan',
  'Rashad',
  'Tobias',
  'Landon',
  'Dorian',
  'Hunter',
  'Mateo',
];
const last = [
  'Holloway',
  'Castellanos',
  'Whitfield',
  'Arrington',
  'Lumpkin',
  'Delacroix',
  'Thibodeaux',
  'Whitlock',
  'Boykin',
  'Redmond',
  'Marchetti',
  'Fairweather',
  'Underwood',
  'Ekwueme',
  'McAllister',
  'Blackwood',
  'Dupree',
  'Villanueva',
  'Sexton',
  'Okonkwo',
];
const schools = [
  'Alabama',
  'LSU',
  'Ohio State',
  'Georgia',
  'Texas',
  'Oregon',
  'Michigan',
  'USC',
  'Clemson',
  'Penn State',
  'Miami',
  'Utah',
  'Iowa',
  'TCU',
];
const positions = ['QB', 'RB', 'WR', 'TE'] as const;
const topics = [
  'Rookie Rankings',
  'Buy-Low Targets',
  'Sell-High Candidates',
  'Superflex Strategy',
  'Best Ball Builds',
  'Trade Values',
  'Taxi Squad Stashes',
  'Startup Draft Plan',
  'Tight End Premium',
  'Devy Watch',
  'IDP Linebackers',
  'Contender Checklist',
];
// Dynasty vocabulary drawn with a skew (a few words are common, most are rare), as real writing is.
const words = (
  'team player season game week points league roster starter bench depth value trade pick draft ' +
  'rookie target share route yards touchdown volume efficiency ceiling floor projection receiver ' +
  'running back quarterback tight end snap count red zone separation contender rebuild waiver ' +
  'breakout age handcuff stash taxi squad devy startup auction keeper best ball reception premium ' +
  'scoring format twelve fourteen deep shallow market price tier ranking consensus adp injury ' +
  'hamstring ankle knee recovery coach coordinator scheme gap power outside inside slot boundary ' +
  'intermediate screen motion play action pocket scramble rushing passing completion accuracy arm ' +
  'mobility vision burst speed agility strength catch radius hands contested elusive tackle contact ' +
  'balance protection blitz pickup workload touches carries targets receptions playoffs championship ' +
  'bye schedule matchup defense secondary cornerback safety linebacker edge rusher interior pressure ' +
  'sack turnover fumble interception metrics analytics regression luck variance upside downside risk ' +
  'reward window timeline youth veteran prime decline cliff sell buy hold offer counter superflex'
).split(' ');
const word = () => words[Math.floor(words.length * rand() ** 2.2)];

const sentence = () => {
  const n = 8 + Math.floor(rand() * 10);
  const s = Array.from({ length: n }, word).join(' ');
  return `${s[0].toUpperCase()}${s.slice(1)}.`;
};
const paragraph = () => Array.from({ length: 4 }, sentence).join(' ');
const player = () => `${pick(first)} ${pick(last)}`;

// The text indexes of migrations/0001_init.sql: dropped during the bulk load and built once after it,
// which is far quicker than updating them row by row.
const textIndexes = [
  'articles_search_idx ON articles USING gin (search)',
  'articles_title_trgm_idx ON articles USING gin (title gin_trgm_ops)',
  'profiles_search_idx ON profiles USING gin (search)',
  'profiles_name_trgm_idx ON profiles USING gin (name gin_trgm_ops)',
];

async function fill(db: import('#server/db/client.ts').Db) {
  const now = Date.now();
  for (const index of textIndexes) await db.execute(sql.raw(`DROP INDEX ${index.split(' ')[0]}`));
  for (let i = 0; i < ARTICLES; i += BATCH) {
    await db.insert(articles).values(
      Array.from({ length: Math.min(BATCH, ARTICLES - i) }, (_, j) => {
        const n = i + j;
        const title = `${pick(topics)}: ${player()} and ${pick(positions)} ${n}`;
        return {
          shortname: `bench-article-${n}`,
          title,
          description: sentence(),
          body: `## ${pick(topics)}\n\n${paragraph()}\n\n${player()} ${paragraph()}\n\n${paragraph()}`,
          date: new Date(now - n * 60_000),
          tags: [pick(topics)],
          isVisible: true,
        };
      }),
    );
  }
  for (let i = 0; i < PROFILES; i += BATCH) {
    await db.insert(profiles).values(
      Array.from({ length: Math.min(BATCH, PROFILES - i) }, (_, j) => {
        const n = i + j;
        return {
          shortname: `bench-profile-${n}`,
          name: n === 0 ? "Ja'Marr Chase" : `${player()} ${n}`,
          position: pick(positions),
          school: pick(schools),
          year: 2025 + (n % 3),
          description: sentence(),
          body: `## Strengths\n\n${paragraph()}\n\n## Concerns\n\n${paragraph()}`,
          date: new Date(now - n * 60_000),
          isVisible: true,
        };
      }),
    );
  }
  for (const index of textIndexes) await db.execute(sql.raw(`CREATE INDEX ${index}`));
  await db.execute(sql`ANALYZE`);
}

const queries = [
  'superflex',
  'rookie rankings',
  'quarterback buy low',
  'Whitfield',
  'Jamar Chase',
  'Castelanos',
  '"tight end" premium',
  'zzzz nothing here',
];

async function run(label: string, url?: string) {
  // PGlite on a data directory on disk, as the server runs it (its pages read through the file
  // system when they are not in its shared buffers).
  const dataDir = url ? undefined : mkdtempSync(join(tmpdir(), 'dynasty-search-'));
  const database = await openDatabase(url ? { url, poolSize: 4 } : { dataDir });
  try {
    const started = performance.now();
    await fill(database.db);
    console.log(
      `\n${label}: ${ARTICLES} articles and ${PROFILES} profiles inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log('query                      hits     p50 ms   p95 ms');
    const all: number[] = [];
    for (const q of queries) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS + 2; i++) {
        const t0 = performance.now();
        total = (await searchContent(database.db, q, 20, 1)).total;
        // The first two runs warm the caches and plans; they are not counted.
        if (i >= 2) times.push(performance.now() - t0);
      }
      all.push(...times);
      console.log(
        `${q.padEnd(24)} ${String(total).padStart(6)} ${percentile(times, 50).toFixed(1).padStart(10)} ${percentile(times, 95).toFixed(1).padStart(8)}`,
      );
    }
    const listTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await listArticles(database.db, { limit: 20, page: 1, search: 'superflex' }, false);
      listTimes.push(performance.now() - t0);
    }
    console.log(
      `${'all searches'.padEnd(24)} ${''.padStart(6)} ${percentile(all, 50).toFixed(1).padStart(10)} ${percentile(all, 95).toFixed(1).padStart(8)}`,
    );
    console.log(
      `${'/api/articles?search='.padEnd(24)} ${''.padStart(6)} ${percentile(listTimes, 50).toFixed(1).padStart(10)} ${percentile(listTimes, 95).toFixed(1).padStart(8)}`,
    );
    console.log('(Uncached database time; the API caches each answer until the next content write.)');
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await run('PGlite');
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) await withScratchDatabase(pgUrl, (url) => run('PostgreSQL', url));
else console.log('\n(Set BENCH_DATABASE_URL to run against PostgreSQL too.)');
