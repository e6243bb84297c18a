/** MFL exports about one league: settings, rosters, scores, results, statuses, free agents and the rookie draft. */

import { mflLimit } from '../world/formats.ts';
import { activeRoster, type League, type LeagueTeam, REGULAR_SEASON_WEEKS } from '../world/leagues.ts';
import { bestGroupLineup } from '../world/lineups.ts';
import type { Player } from '../world/players.ts';
import { gameState } from '../world/schedule.ts';
import { idList, leagueBaseUrl, type MflContext, weekParam } from './context.ts';
import { projectionRows } from './exports-nfl.ts';
import { collapse, envelope, errorBody, type MflBody, pts } from './format.ts';

export function myleagues(ctx: MflContext): MflBody {
  const { world, user } = ctx;
  const year = ctx.params.YEAR ?? ctx.year;
  const leagues = user && year === String(world.season) ? world.leaguesOf(user) : [];
  const rows = leagues.map((l) => {
    const team = world.teamOf(l, user!)!;
    const row: Record<string, string> = {
      franchise_id: team.id,
      url: `${leagueBaseUrl(ctx, l)}/${world.season}/home/${l.id}`,
      name: l.name,
    };
    if (ctx.params.FRANCHISE_NAMES === '1') row.franchise_name = team.name;
    row.league_id = l.id;
    return row;
  });
  return envelope({ leagues: rows.length ? { league: collapse(rows) } : {} });
}

export function league(ctx: MflContext, l: League): MflBody {
  const { world } = ctx;
  const base = leagueBaseUrl(ctx, l);
  const season = String(world.season);
  return envelope({
    league: {
      currentWaiverType: 'BBID_FCFS',
      playerLimitUnit: 'LEAGUE',
      taxiSquad: String(l.taxiSlots),
      endWeek: '17',
      lockout: 'No',
      nflPoolStartWeek: '1',
      franchises: {
        count: String(l.teams.length),
        franchise: l.teams.map((t, i) => ({
          bbidAvailableBalance: `${(100 - ((i * 37) % 90)).toFixed(2)}`,
          name: t.name,
          id: t.id,
          waiverSortOrder: String(((i * 7) % l.teams.length) + 1),
        })),
      },
      standingsSort: 'PCT,PTS,',
      id: l.id,
      nflPoolType: 'Confidence',
      history: { league: { url: `${base}/${season}/home/${l.id}`, year: season } },
      rosterSize: String(l.rosterSize),
      name: l.name,
      bbidSeasonLimit: '100',
      bbidIncrement: '1',
      mobileAlerts: '',
      starters: {
        count: String(l.mfl.count),
        position: l.mfl.groups.map((g) => ({ name: g.name, limit: mflLimit(g) })),
      },
      nflPoolEndWeek: '17',
      bestLineup: l.format.bestBall ? 'Yes' : 'No',
      precision: '2',
      lastRegularSeasonWeek: String(REGULAR_SEASON_WEEKS),
      survivorPool: 'No',
      bbidTiebreaker: 'TIMESTAMP',
      usesContractYear: '0',
      injuredReserve: String(l.irSlots),
      bbidConditional: 'No',
      startWeek: '1',
      survivorPoolStartWeek: '1',
      survivorPoolEndWeek: '17',
      bbidFCFSCharge: '',
      rostersPerPlayer: '1',
      h2h: 'YES',
      usesSalaries: '0',
      baseURL: base,
      loadRosters: 'email_draft',
    },
  });
}

function rosterStatus(team: LeagueTeam, idx: number): string {
  if (team.taxi.includes(idx)) return 'TAXI_SQUAD';
  if (team.ir.includes(idx)) return 'INJURED_RESERVE';
  return 'ROSTER';
}

export function rosters(ctx: MflContext, l: League): MflBody {
  const week = String(weekParam(ctx));
  const only = ctx.params.FRANCHISE;
  const teams = l.teams.filter((t) => !only || t.id === only);
  const rows = teams.map((t) => ({
    week,
    player: collapse(
      t.players.map((idx) => ({
        status: rosterStatus(t, idx),
        id: ctx.world.players[idx].mflId,
        drafted: t.acquired.get(idx) ?? 'FCFS',
      })),
    ),
    id: t.id,
  }));
  return envelope({ rosters: { franchise: collapse(rows) } });
}

export function projectedScores(ctx: MflContext, l: League): MflBody {
  const week = weekParam(ctx);
  const pool = ctx.world.players.filter((p) => l.mfl.groups.some((g) => g.positions.includes(p.position)));
  return envelope({
    projectedScores: { week: String(week), playerScore: collapse(projectionRows(ctx, l.format.ppr, pool)) },
  });
}

interface PlayerLive {
  p: Player;
  score: number;
  secondsRemaining: number;
  status: 'scheduled' | 'in_progress' | 'final' | 'none';
}

function live(ctx: MflContext, l: League, p: Player, week: number): PlayerLive {
  const g = ctx.world.scoring.game(p, week);
  if (!g) return { p, score: 0, secondsRemaining: 0, status: 'none' };
  const st = gameState(g, ctx.now);
  return {
    p,
    score: ctx.world.scoring.points(p, week, l.format.ppr, ctx.now) ?? 0,
    secondsRemaining: st.secondsRemaining,
    status: st.status,
  };
}

/** Head-to-head pairs for the week ([away, home] team indexes); none after the regular season. */
function pairsOf(l: League, week: number): [number, number][] | undefined {
  return week >= 1 && week <= REGULAR_SEASON_WEEKS ? l.pairs[week - 1] : undefined;
}

function franchiseLive(
  ctx: MflContext,
  l: League,
  t: LeagueTeam,
  week: number,
  isHome: boolean,
  details: boolean,
) {
  const starters = ctx.world.starters(l, t, week, ctx.now);
  const startSet = new Set(starters);
  const rows = starters.map((p) => live(ctx, l, p, week));
  const bench = details ? t.players.map((i) => ctx.world.players[i]).filter((p) => !startSet.has(p)) : [];
  const benchRows = bench.map((p) => live(ctx, l, p, week));
  const total = rows.reduce((s, r) => s + r.score, 0);
  return {
    id: t.id,
    score: pts(total),
    isHome: isHome ? '1' : '0',
    gameSecondsRemaining: String(rows.reduce((s, r) => s + r.secondsRemaining, 0)),
    playersYetToPlay: String(rows.filter((r) => r.status === 'scheduled').length),
    playersCurrentlyPlaying: String(rows.filter((r) => r.status === 'in_progress').length),
    players: {
      player: collapse([
        ...rows.map((r) => liveRow(r, 'starter')),
        ...benchRows.map((r) => liveRow(r, 'nonstarter')),
      ]),
    },
  };
}

function liveRow(r: PlayerLive, status: 'starter' | 'nonstarter') {
  return {
    id: r.p.mflId,
    status,
    score: pts(r.score),
    gameSecondsRemaining: String(r.secondsRemaining),
    updatedStats: '',
  };
}

export function liveScoring(ctx: MflContext, l: League): MflBody {
  const week = weekParam(ctx);
  const details = ctx.params.DETAILS === '1';
  const pairs = pairsOf(l, week);
  if (!pairs) {
    return envelope({
      liveScoring: {
        week: String(week),
        franchise: collapse(l.teams.map((t) => franchiseLive(ctx, l, t, week, false, details))),
      },
    });
  }
  const matchup = pairs.map(([a, h]) => ({
    franchise: [
      franchiseLive(ctx, l, l.teams[a], week, false, details),
      franchiseLive(ctx, l, l.teams[h], week, true, details),
    ],
  }));
  return envelope({ liveScoring: { week: String(week), matchup: collapse(matchup) } });
}

function weekIsFinal(ctx: MflContext, week: number): boolean {
  const w = ctx.world.calendar.weeks[week - 1];
  return !!w && w.games.every((g) => gameState(g, ctx.now).status === 'final');
}

function franchiseResult(ctx: MflContext, l: League, t: LeagueTeam, week: number) {
  const { world } = ctx;
  const starters = world.starters(l, t, week, ctx.now);
  const startSet = new Set(starters);
  const roster = t.players.map((i) => world.players[i]);
  const bench = roster.filter((p) => !startSet.has(p));
  const score = (p: Player) => world.scoring.points(p, week, l.format.ppr, ctx.now);
  const optimal = bestGroupLineup(
    activeRoster(t, world.players),
    l.mfl.groups,
    l.mfl.count,
    (p) => score(p) ?? 0,
  );
  const optSet = new Set(optimal);
  const total = starters.reduce((s, p) => s + (score(p) ?? 0), 0);
  const ids = (ps: Player[]) => ps.map((p) => `${p.mflId},`).join('');
  const row = (p: Player, status: string) => {
    const s = score(p);
    // Players without a game (or before it) have no score member, as in MFL's own results.
    const r: Record<string, string> = { status, id: p.mflId, shouldStart: optSet.has(p) ? '1' : '0' };
    if (s !== undefined && world.scoring.game(p, week)) r.score = pts(s);
    return r;
  };
  const out: Record<string, unknown> = {
    player: [...starters.map((p) => row(p, 'starter')), ...bench.map((p) => row(p, 'nonstarter'))],
    optimal: ids(optimal),
    score: pts(total),
  };
  if (l.format.bestBall) out.comments = 'Best Starting Lineup Assigned By System';
  Object.assign(out, {
    opt_pts: pts(optimal.reduce((s, p) => s + (score(p) ?? 0), 0)),
    starters: ids(starters),
    id: t.id,
    nonstarters: ids(bench),
  });
  return { out, total };
}

export function weeklyResults(ctx: MflContext, l: League): MflBody {
  const week = weekParam(ctx);
  const final = weekIsFinal(ctx, week);
  const pairs = pairsOf(l, week);
  if (!pairs) {
    return envelope({
      weeklyResults: {
        week: String(week),
        franchise: collapse(l.teams.map((t) => franchiseResult(ctx, l, t, week).out)),
      },
    });
  }
  const matchup = pairs.map(([a, h]) => {
    const away = franchiseResult(ctx, l, l.teams[a], week);
    const home = franchiseResult(ctx, l, l.teams[h], week);
    const side = (me: typeof away, them: typeof away, isHome: boolean) => {
      const r: Record<string, unknown> = { ...me.out, isHome: isHome ? '1' : '0' };
      if (final) r.result = me.total > them.total ? 'W' : me.total < them.total ? 'L' : 'T';
      return r;
    };
    return { franchise: [side(away, home, false), side(home, away, true)], regularSeason: '1' };
  });
  return envelope({ weeklyResults: { matchup: collapse(matchup), week: String(week) } });
}

export function playerStatus(ctx: MflContext, l: League): MflBody {
  const { world } = ctx;
  const ids = idList(ctx.params.P);
  const known = ids.map((id) => world.byMfl.get(id));
  if (ids.length === 0 || known.every((p) => !p)) return errorBody('Error - No Valid Player IDs!');
  const week = world.calendar.defaultWeek(ctx.now);
  const rows = ids.map((id, i) => {
    const p = known[i];
    if (!p || !l.mfl.groups.some((g) => g.positions.includes(p.position))) {
      return { status: 'League Does Not Use This Position', id };
    }
    const team = l.teams.find((t) => t.players.includes(p.idx));
    if (!team) return { status: 'Free Agent', id };
    if (team.taxi.includes(p.idx) || team.ir.includes(p.idx)) return { status: team.name, id };
    const starting = world.starters(l, team, week, ctx.now).includes(p);
    return { status: `${team.name} - ${starting ? 'S' : 'NS'}`, id };
  });
  if (ids.length === 1) return envelope({ playerStatus: rows[0] });
  return envelope({ playerStatuses: { playerStatus: rows } });
}

export function freeAgents(ctx: MflContext, l: League): MflBody {
  const rostered = new Set(l.teams.flatMap((t) => t.players));
  const position = ctx.params.POSITION;
  const rows = ctx.world.players
    .filter((p) => !rostered.has(p.idx) && l.mfl.groups.some((g) => g.positions.includes(p.position)))
    .filter((p) => !position || p.position === position)
    .map((p) => ({ id: p.mflId }));
  return envelope({ freeAgents: { leagueUnit: { unit: 'LEAGUE', player: collapse(rows) } } });
}

/**
 * The rookie draft. Not in the recorded set: the shape follows MFL's documented export as other clients
 * read it (draftUnit with draftType and unit; draftPick rows with two-digit round and pick strings).
 */
export function draftResults(ctx: MflContext, l: League): MflBody {
  const picks = l.draft.picks.map((p) => ({
    timestamp: String(p.timestamp),
    franchise: l.teams[p.team].id,
    round: String(p.round).padStart(2, '0'),
    player: ctx.world.players[p.player].mflId,
    pick: String(p.pick).padStart(2, '0'),
    comments: '',
  }));
  return envelope({
    draftResults: { draftUnit: { draftType: 'SDRAFT', unit: 'LEAGUE', draftPick: collapse(picks) } },
  });
}

/** League search by name (public leagues only). Shape not recorded; modelled on MFL's documented export. */
export function leagueSearch(ctx: MflContext): MflBody {
  const q = (ctx.params.SEARCH ?? '').toLowerCase();
  if (q.length < 3) return errorBody('Search string must be at least 3 characters');
  const found = ctx.world.leagues
    .filter((l) => l.service === 'mfl' && l.isPublic && l.name.toLowerCase().includes(q))
    .slice(0, 100)
    .map((l) => ({
      homeURL: `${leagueBaseUrl(ctx, l)}/${ctx.world.season}/home/${l.id}`,
      name: l.name,
      id: l.id,
    }));
  return envelope({ leagues: found.length ? { league: collapse(found) } : {} });
}
