/** The completed trades of a world league: a few a season, between two teams, each giving players, a future pick or FAAB. */
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
  const count = teams.length >= 2 ? r.int(1, 4) : 0;
  for (let k = 0; k < count; k++) {
    const a = r.int(0, league.teams.length - 1);
    let b = r.int(0, league.teams.length - 2);
    if (b >= a) b += 1;
    const give = (team: number): TradeGave => {
      const roster = league.teams[team].players;
      const n = r.int(1, Math.min(2, roster.length));
      const start = r.int(0, roster.length - n);
      return {
        players: roster.slice(start, start + n),
        picks: r.chance(0.4) ? [{ season: season + 1, round: r.int(1, 3) }] : [],
        faab: league.service !== 'flea' && r.chance(0.2) ? r.int(1, 50) : 0,
      };
    };
    if (league.teams[a].players.length === 0 || league.teams[b].players.length === 0) continue;
    trades.push({
      id:
        league.service === 'sleeper'
          ? `9${String(hash32(league.id, k, 'trade')).padStart(17, '0')}`
          : String(7_000_000 + (hash32(league.id, k) % 2_000_000)),
      at: from + Math.floor(r.next() * (to - from)),
      teams: [a, b],
      gave: [give(a), give(b)],
    });
  }
  trades.sort((x, y) => x.at - y.at);
  made.set(league, trades);
  return trades;
}
