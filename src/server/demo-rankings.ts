import { inArray, sql } from 'drizzle-orm';
import type { Player } from '#simulator/world/players.ts';
import { Rng } from '#simulator/world/random.ts';
import type { World } from '#simulator/world/world.ts';
import { describeChanges } from './content/rankings/changes.ts';
import { slugify } from './content/shortname.ts';
import type { Db } from './db/client.ts';
import { queryRows } from './db/query.ts';
import { rankingEntries, rankings, rankingVersions, users } from './db/schema.ts';

/*
 * The demo's dynasty boards of NFL players. The seeded rookie boards rank the site's prospects, whom
 * no draft or trade has reached yet, so their market columns are empty; these two writers' superflex
 * boards rank the simulated world's players, so a ranking's page shows the writer beside the market
 * values and ADP the demo computes, the consensus has two writers to average, and one board has a
 * version before it (its movers). Only the demo adds them, on a database without an overall board.
 */

const BOARD_SIZE = 60;
const WRITERS = [
  { author: 'Tanya Okafor', title: 'Dynasty Superflex Top 60', daysAgo: 2, noise: 0.12 },
  { author: 'Cole Brennan', title: 'Superflex Dynasty Rankings', daysAgo: 4, noise: 0.2 },
];
const DAY_MS = 86_400_000;

const nameOf = (p: Player) => [p.first, p.last, p.suffix].filter(Boolean).join(' ');

/** A writer's order: the world's worth with the writer's own view of each player (noise of `spread`). */
function boardOf(world: World, rng: Rng, spread: number) {
  return world.players
    .filter((p) => ['QB', 'RB', 'WR', 'TE'].includes(p.position) && p.team !== 'FA')
    .map((p) => ({ p, view: p.value * Math.exp((rng.next() - 0.5) * 2 * spread) }))
    .sort((a, b) => b.view - a.view)
    .slice(0, BOARD_SIZE)
    .map(({ p }, i) => ({
      playerId: p.mflId,
      mflId: p.mflId,
      sleeperId: p.sleeperId,
      name: nameOf(p),
      position: p.position,
      team: p.team,
      tier: Math.floor(i / 12) + 1,
      note: '',
    }));
}

export async function seedDemoMarketBoards(db: Db, world: World): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM rankings WHERE kind = 'overall'`,
  );
  if (Number(row.n) > 0) return 0;
  const authors = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      inArray(
        users.name,
        WRITERS.map((w) => w.author),
      ),
    );
  const now = Date.now();
  let made = 0;
  for (const w of WRITERS) {
    const author = authors.find((a) => a.name === w.author);
    if (!author) continue;
    const rng = new Rng(world.seed, 'demo-board', w.author);
    const current = boardOf(world, rng, w.noise);
    // The board a week before: the same view, a few players since moved by news.
    const earlier = boardOf(world, new Rng(world.seed, 'demo-board', w.author), w.noise);
    for (let i = 0; i + 7 < earlier.length; i += 9)
      [earlier[i], earlier[i + 7]] = [earlier[i + 7], earlier[i]];
    const strip = (entries: typeof current) =>
      entries.map(({ mflId: _m, sleeperId: _s, ...e }, i) => ({ ...e, tier: Math.floor(i / 12) + 1 }));
    const versions = made === 0 ? [strip(earlier), strip(current)] : [strip(current)];
    await db.transaction(async (tx) => {
      const [r] = await tx
        .insert(rankings)
        .values({
          shortname: slugify(w.title, 'ranking'),
          title: w.title,
          description: `${w.author.split(' ')[0]}'s dynasty board for superflex PPR leagues, beside what real trades and drafts say.`,
          kind: 'overall',
          qbFormat: 'SF',
          date: new Date(now - w.daysAgo * DAY_MS),
          contributorId: author.id,
          isVisible: true,
          playerNames: current.map((e) => e.name).join(' '),
        })
        .returning({ id: rankings.id });
      await tx.insert(rankingEntries).values(current.map((e, i) => ({ ...e, rankingId: r.id, rank: i + 1 })));
      let before: { title: string; entries: ReturnType<typeof strip> } | undefined;
      for (const [i, entries] of versions.entries()) {
        await tx.insert(rankingVersions).values({
          rankingId: r.id,
          number: i + 1,
          editorId: author.id,
          savedAt: new Date(now - (w.daysAgo + 7 * (versions.length - 1 - i)) * DAY_MS),
          title: w.title,
          entries,
          changes: describeChanges(before, { title: w.title, entries }),
        });
        before = { title: w.title, entries };
      }
    });
    made += 1;
  }
  return made;
}
