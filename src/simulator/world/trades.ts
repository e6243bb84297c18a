/** The completed trades of a world league: a few a season, between two teams, each giving players, a future pick or FAAB, each side worth about the other. */
import type { League } from './league.ts';
import { hash32, Rng } from './random.ts';
import type { World } from './world.ts';

export interface TradeGave {
  /** Indexes into world.players. */
  players: number[];
  /** Picks of a later draft, each originally the giving team's. */
  picks: { season: number; round: number }[];
  /** FAAB (or MFL's blind-bid dollars). */
  faab: number;
}

export interface WorldTrade {
  /** The service's transaction id (Sleeper and Fleaflicker give one; MFL none). */
  id: string;
  /** Epoch seconds. */
  at: number;
  /** Indexes into league.teams: the first and second team. */
  teams: [number, number];
  /** What each team gave up, in the order of `teams`. */
  gave: [TradeGave, TradeGave];
}

const DAY_S = 86_400;

/** What a side is worth to the world's traders: the market model's consolidation premium (k = 1.4). */
const K = 1.4;
const sideWorth = (values: readonly number[]) =>
  values.reduce((sum, v) => sum + Math.max(v, 0) ** K, 0) ** (1 / K);

/**
 * The other team's answer to an offer worth `target`: the one or two of its players, or a player and
 * a pick, whose worth comes nearest.
 */
function answerOf(
  roster: readonly number[],
  target: number,
  worth: (players: readonly number[]) => number,
  pickValue: (round: number) => number,
  season: number,
  r: Rng,
): TradeGave {
  let best: TradeGave = { players: [roster[0]], picks: [], faab: 0 };
  let gap = Number.POSITIVE_INFINITY;
  const consider = (players: number[], round?: number) => {
    const w = sideWorth([worth(players), ...(round ? [pickValue(round)] : [])]);
    const g = Math.abs(Math.log(w / target));
    if (g < gap) {
      gap = g;
      best = { players, picks: round ? [{ season: season + 1, round }] : [], faab: 0 };
    }
  };
  for (let i = 0; i < roster.length; i++) {
    consider([roster[i]]);
    for (const round of [1, 2, 3]) if (r.chance(0.3)) consider([roster[i]], round);
    for (let j = i + 1; j < roster.length; j++) if (r.chance(0.25)) consider([roster[i], roster[j]]);
  }
  return best;
}
const made = new WeakMap<League, WorldTrade[]>();

/**
 * The league's trades this season, in time order: from its rookie draft (or six weeks before the
 * season) to the season's end. Whether a trade has happened yet is the caller's clock's business.
 */
export function leagueTrades(world: World, league: League): WorldTrade[] {
  const cached = made.get(league);
  if (cached) return cached;
  const { season, calendar } = world;
  const r = new Rng(world.seed, 'trades', league.service, league.id);
  const seasonStartsAt = Math.floor(calendar.weeks[0].startsAt / 1000);
  const from = league.draft.startedAt > 0 ? league.draft.startedAt : seasonStartsAt - 42 * DAY_S;
  const to = Math.max(from + DAY_S, Math.floor(calendar.seasonEndsAt() / 1000));
  const teams = league.teams.filter((t) => t.players.length >= 2);
  const trades: WorldTrade[] = [];
  const worth = (players: readonly number[]) => sideWorth(players.map((i) => world.players[i].value));
  // A pick is priced at a place in the league's own rostered values: a first near a starter's.
  const rostered = league.teams
    .flatMap((t) => t.players.map((i) => world.players[i].value))
    .sort((x, y) => y - x);
  const pickValue = (round: number) =>
    rostered[Math.floor(rostered.length * [0.2, 0.45, 0.7][round - 1])] ?? 1;
  const count = teams.length >= 2 ? r.int(2, 8) : 0;
  for (let k = 0; k < count; k++) {
    const a = r.int(0, league.teams.length - 1);
    let b = r.int(0, league.teams.length - 2);
    if (b >= a) b += 1;
    if (league.teams[a].players.length === 0 || league.teams[b].players.length === 0) continue;
    // One side offers one or two players, maybe a pick; the other answers with what is worth about
    // as much (within the noise of a negotiation), so the trades read as a market. A few are gifts.
    const rosterA = league.teams[a].players;
    const n = r.int(1, Math.min(2, rosterA.length));
    const start = r.int(0, rosterA.length - n);
    const pickA = r.chance(0.25) ? [{ season: season + 1, round: r.int(1, 3) }] : [];
    const gaveA: TradeGave = {
      players: rosterA.slice(start, start + n),
      picks: pickA,
      faab: league.service !== 'flea' && r.chance(0.15) ? r.int(1, 50) : 0,
    };
    const target =
      sideWorth([
        ...gaveA.players.map((i) => world.players[i].value),
        ...pickA.map((p) => pickValue(p.round)),
      ]) * (r.chance(0.03) ? 3 : Math.exp((r.next() - 0.5) * 0.25));
    trades.push({
      id:
        league.service === 'sleeper'
          ? `9${String(hash32(league.id, k, 'trade')).padStart(17, '0')}`
          : String(7_000_000 + (hash32(league.id, k) % 2_000_000)),
      at: from + Math.floor(r.next() * (to - from)),
      teams: [a, b],
      gave: [gaveA, answerOf(league.teams[b].players, target, worth, pickValue, season, r)],
    });
  }
  trades.sort((x, y) => x.at - y.at);
  made.set(league, trades);
  return trades;
}
