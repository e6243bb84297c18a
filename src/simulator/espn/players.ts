/** view=kona_player_info: a league's players as the x-fantasy-filter header picks, sorts and pages them. */
import type { League } from '../world/league.ts';
import type { Player } from '../world/players.ts';
import { unit } from '../world/random.ts';
import { gameState } from '../world/schedule.ts';
import { type EspnCtx, espnPlayer, onWaivers, ownership } from './format.ts';

/** The parts of ESPN's player filter the simulator honours; other keys are ignored, as ESPN ignores unknown ones. */
export interface PlayerFilter {
  filterStatus?: { value?: string[] };
  filterSlotIds?: { value?: number[] };
  filterIds?: { value?: number[] };
  limit?: number;
  offset?: number;
  [sort: `sort${string}`]: { sortAsc?: boolean; sortPriority?: number } | undefined;
}

export type FilterProblem = 'FILTER_LIMIT_MISSING_SORT' | 'FILTER_INVALID';

/** The header's `players` object, or what is wrong with it. */
export function readFilter(header: string | string[] | undefined): PlayerFilter | FilterProblem {
  if (header === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(Array.isArray(header) ? header[0] : header);
  } catch {
    return 'FILTER_INVALID';
  }
  if (!parsed || typeof parsed !== 'object') return 'FILTER_INVALID';
  const players = (parsed as { players?: unknown }).players ?? {};
  if (typeof players !== 'object' || players === null) return 'FILTER_INVALID';
  const f = players as PlayerFilter;
  if (f.limit !== undefined && !Object.keys(f).some((k) => k.startsWith('sort'))) {
    return 'FILTER_LIMIT_MISSING_SORT';
  }
  return f;
}

/** When ESPN last wrote about the player: his latest injury report, else a day in the last fortnight. */
function newsDate(ctx: EspnCtx, p: Player, week: number): number {
  const { calendar, seed } = ctx.world;
  const injury = p.injuries.find((i) => i.fromWeek <= Math.max(1, week));
  const days = Math.floor(unit(seed, 'espn-news', p.idx, week) * 14) + 1;
  const fallback = Math.min(ctx.now, calendar.weeks[Math.max(0, week - 1)].startsAt) - days * 86_400_000;
  return injury ? calendar.weeks[injury.fromWeek - 1].startsAt + 36_000_000 : fallback;
}

/** The league's players (everyone when no status is asked for), filtered, sorted and paged. */
export function playerInfo(ctx: EspnCtx, l: League, week: number, filter: PlayerFilter) {
  const { world, now } = ctx;
  const teamOf = new Map<number, number>();
  for (const t of l.teams) for (const i of t.players) teamOf.set(i, Number(t.id));
  const shares = ownership(world);
  const statusOf = (p: Player) =>
    teamOf.has(p.idx) ? 'ONTEAM' : onWaivers(world, l, p, week) ? 'WAIVERS' : 'FREEAGENT';
  const statuses = filter.filterStatus?.value;
  const slots = filter.filterSlotIds?.value;
  const ids = filter.filterIds?.value;
  let rows = world.players
    .map((p) => ({ p, status: statusOf(p), owned: shares.get(p.idx) ?? 0 }))
    .filter(({ status }) => !statuses || statuses.includes(status))
    .filter(({ p }) => !ids || ids.includes(Number(p.espnId)));
  if (slots) {
    rows = rows.filter(({ p }) => espnPlayer(p, week).eligibleSlots.some((s) => slots.includes(s)));
  }
  // Most owned first unless sortPercOwned asks for the other way; ties by id, so pages never overlap.
  const asc = filter.sortPercOwned?.sortAsc === true;
  rows.sort(
    (a, b) => (asc ? a.owned - b.owned : b.owned - a.owned) || Number(a.p.espnId) - Number(b.p.espnId),
  );
  const offset = Math.max(0, filter.offset ?? 0);
  const page = rows.slice(
    offset,
    filter.limit === undefined ? undefined : offset + Math.max(0, filter.limit),
  );
  const rank = new Map(
    [...world.players].sort((a, b) => b.value - a.value || a.idx - b.idx).map((p, i) => [p.idx, i + 1]),
  );
  return {
    players: page.map(({ p, status, owned }) => {
      const g = world.scoring.game(p, week);
      const locked = !!g && gameState(g, now).status !== 'scheduled';
      const adp = Math.min(170, rank.get(p.idx)!);
      return {
        draftAuctionValue: 0,
        id: Number(p.espnId),
        keeperValue: Math.max(1, Math.round(p.value)),
        keeperValueFuture: Math.max(1, Math.round(p.value * (p.yearsExp < 5 ? 1.1 : 0.9))),
        lineupLocked: locked,
        onTeamId: teamOf.get(p.idx) ?? 0,
        player: {
          ...espnPlayer(p, week),
          droppable: true,
          lastNewsDate: newsDate(ctx, p, week),
          ownership: {
            activityLevel: null,
            auctionValueAverage: Math.max(0, Math.round((200 - adp) * 0.3 * 10) / 10),
            auctionValueAverageChange: 0,
            averageDraftPosition: adp,
            averageDraftPositionPercentChange: 0,
            date: now,
            leagueType: 0,
            percentChange: 0,
            percentOwned: owned,
            percentStarted: owned * (p.depth === 1 ? 0.85 : p.depth === 2 ? 0.35 : 0.1),
          },
        },
        rosterLocked: locked,
        status,
        tradeLocked: false,
      };
    }),
  };
}
