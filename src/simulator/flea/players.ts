/** Fleaflicker's player answers: the paged player listing with its filters, and one team's roster. */
import type { League, LeagueTeam } from '../world/league.ts';
import type { Player } from '../world/players.ts';
import { gameState } from '../world/schedule.ts';
import {
  ALL_ELIGIBILITY,
  benchCount,
  colors,
  displayGroup,
  eligibilityOf,
  fleaPosition,
  initials,
  num,
  positionFromFilter,
  rankJson,
} from './format.ts';
import { all, type FleaView, one, type Query, type SeasonRow, wantsSportradar } from './view.ts';

const PAGE = 30;

function listingEntry(
  v: FleaView,
  l: League,
  p: Player,
  owner: LeagueTeam | undefined,
  r: SeasonRow,
  through: number,
  ext: boolean,
) {
  const { total, games } = r;
  const w = v.week;
  const now = v.now;
  const weekPts = v.world.scoring.points(p, w, l.format.ppr, now);
  const avg = games ? total / games : 0;
  const entry: Record<string, unknown> = { proPlayer: v.pro(p, ext) };
  if (owner) entry.owner = { id: Number(owner.id), name: owner.name, initials: initials(owner.name) };
  Object.assign(entry, {
    viewingActualPoints: weekPts === undefined ? { formatted: '—' } : num(weekPts),
    viewingActualStats: [],
    transactionStatus: v.transactionStatus(p),
    requestedGamesPeriod: { ordinal: w, startEpochMilli: v.periodStart(w) },
    viewingActualPointsAverage: num(Math.round(avg * 100) / 100),
    viewingFormat: 'TOTAL',
    viewingRange: { season: v.world.season, low: 1, high: Math.max(1, through) },
    displayGroup: displayGroup(p),
    rankFantasy: rankJson(p, r.rank, r.positionRank, v.world.season),
    lastX: [1, 3, 5].map((duration) => ({ value: num(v.lastX(l, p, through, duration)), duration })),
    seasonTotal: num(total),
    seasonAverage: num(Math.round(avg * 100) / 100),
    seasonsStandartDeviation: num(Math.round(avg * 0.3 * 100) / 100),
  });
  return entry;
}

/** FetchPlayerListing: filters, then pages of 30 with resultOffsetNext while more remain. */
export function playerListing(v: FleaView, l: League, q: Query) {
  const ext = wantsSportradar(q);
  const faOnly = one(q, 'filter.free_agent_only') === 'true';
  const positions = all(q, 'filter.position.eligibility', 'filter.position_eligibility').map(
    positionFromFilter,
  );
  const query = (one(q, 'filter.query') ?? '').trim().toLowerCase();
  const ids = new Set(all(q, 'filter.player_id').map(Number));
  const offset = Math.max(0, Number.parseInt(one(q, 'result_offset') ?? '0', 10) || 0);
  const used = new Set(l.slots.flatMap(eligibilityOf));
  const ownerOf = new Map<number, LeagueTeam>();
  for (const t of l.teams) for (const x of t.players) ownerOf.set(x, t);
  const { rows, through } = v.seasonTable(l);
  const matching = rows
    .filter(({ p }) => used.has(fleaPosition(p)) || ids.has(p.fleaId))
    .filter(({ p }) => !faOnly || !ownerOf.has(p.idx))
    .filter(({ p }) => positions.length === 0 || positions.includes(fleaPosition(p)))
    .filter(({ p }) => ids.size === 0 || ids.has(p.fleaId))
    .filter(({ p }) => !query || `${p.first} ${p.last} ${p.suffix}`.toLowerCase().includes(query));
  const page = matching.slice(offset, offset + PAGE);
  const eligibility = positions.length ? positions : [...used];
  const body: Record<string, unknown> = {
    players: page.map((r) => listingEntry(v, l, r.p, ownerOf.get(r.p.idx), r, through, ext)),
    eligibleSorts: [
      'SORT_SEASON_TOTAL',
      'SORT_SEASON_AVERAGE',
      'SORT_SCORING_PERIOD',
      'SORT_LAST_X_SHORT',
      'SORT_LAST_X_LONG',
    ],
    hasRookies: true,
    lastXShortDuration: 3,
    lastXLongDuration: 5,
  };
  if (offset + PAGE < matching.length) body.resultOffsetNext = offset + PAGE;
  Object.assign(body, {
    sort: 'SORT_SEASON_TOTAL',
    filter: {
      position: {
        label: positions.length === 1 ? positions[0] : 'ALL',
        group: 'START',
        eligibility,
        colors: colors(eligibility),
      },
      positionEligibility: eligibility,
    },
    resultTotal: matching.length,
    sortSeasons: { eligibleValues: [v.world.season], selectedValue: v.world.season },
  });
  if (page.length === 0) delete body.players;
  return body;
}

/** FetchRoster: the lineup groups (starters by slot, bench, injured reserve, taxi) of one team. */
export function teamRoster(v: FleaView, l: League, team: LeagueTeam, q: Query) {
  const requested = Number.parseInt(one(q, 'scoring_period') ?? '', 10);
  const w = requested >= 1 && requested <= 18 ? requested : v.week;
  const now = v.now;
  const starters = v.world.slotStarters(l, team, w, now);
  const { rows } = v.seasonTable(l);
  const rankOf = new Map(rows.map((r) => [r.p.idx, r]));
  const rostered = new Map<number, number>();
  for (const lg of v.world.leagues)
    if (lg.service === 'flea')
      for (const t of lg.teams) for (const x of t.players) rostered.set(x, (rostered.get(x) ?? 0) + 1);
  const fleaLeagues = v.world.leagues.filter((x) => x.service === 'flea').length;
  const leaguePlayer = (p: Player) => {
    const pts = v.world.scoring.points(p, w, l.format.ppr, now);
    const r = rankOf.get(p.idx)!;
    const rank = rankJson(p, r.rank, r.positionRank, v.world.season);
    const g = v.world.scoring.game(p, w);
    return {
      proPlayer: {
        ...v.pro(p, false),
        percentOwnedRatio: Math.round(((rostered.get(p.idx) ?? 0) / fleaLeagues) * 100) / 100,
      },
      viewingActualPoints:
        pts === undefined || !g || gameState(g, now).status === 'scheduled' ? { formatted: '—' } : num(pts),
      viewingActualStats: [],
      viewingFormat: 'TOTAL',
      displayGroup: displayGroup(p),
      rankFantasy: rank,
      rankDraft: rank,
      seasonTotal: num(r.total),
      seasonAverage: num(r.games ? Math.round((r.total / r.games) * 100) / 100 : 0),
    };
  };
  const positionOf = (slotIndex: number) => {
    const s = l.slots[slotIndex];
    const eligibility = eligibilityOf(s);
    const count = l.slots.filter((x) => x.flea === s.flea).length;
    return eligibility.length === 1
      ? {
          label: s.flea,
          group: 'START',
          eligibility,
          min: count,
          max: s.flea === 'K' || s.flea === 'D/ST' ? 2 : 15,
          start: count,
        }
      : { label: s.flea, group: 'START', eligibility, start: count };
  };
  const started = new Set(starters.filter(Boolean).map((p) => p!.idx));
  const benchIds = team.players.filter(
    (x) => !started.has(x) && !team.taxi.includes(x) && !team.ir.includes(x),
  );
  const groups: Record<string, unknown>[] = [
    {
      group: 'START',
      slots: starters.map((p, i) =>
        p ? { position: positionOf(i), leaguePlayer: leaguePlayer(p) } : { position: positionOf(i) },
      ),
    },
    {
      slots: benchIds.map((x) => ({
        position: { label: 'BN', max: benchCount(l) },
        leaguePlayer: leaguePlayer(v.world.players[x]),
      })),
    },
  ];
  if (team.ir.length) {
    groups.push({
      group: 'INJURED',
      slots: team.ir.map((x) => ({
        position: { label: 'IR', group: 'INJURED', eligibility: ALL_ELIGIBILITY, start: l.irSlots },
        leaguePlayer: leaguePlayer(v.world.players[x]),
      })),
    });
  }
  if (team.taxi.length) {
    groups.push({
      group: 'TAXI',
      slots: team.taxi.map((x) => ({
        position: { label: 'TAXI', group: 'TAXI', eligibility: ALL_ELIGIBILITY, start: l.taxiSlots },
        leaguePlayer: leaguePlayer(v.world.players[x]),
      })),
    });
  }
  const period = (n: number) => ({
    ordinal: n,
    low: { ordinal: n, season: v.world.season, startEpochMilli: v.periodStart(n) },
    value: n,
  });
  return {
    groups,
    lineupPeriod: period(w),
    eligibleLineupPeriods: v.world.calendar.weeks.map((x) => period(x.week)),
    alwaysAvailablePositions: [{ label: 'BN', max: benchCount(l) }],
    eligibleTeams: l.teams.map((t) => ({ id: Number(t.id), name: t.name, initials: initials(t.name) })),
  };
}
