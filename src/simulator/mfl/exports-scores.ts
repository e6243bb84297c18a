/** MFL's league scoring exports: projections, live scoring and weekly results. */
import type { League, LeagueTeam } from '../world/league.ts';
import { activeRoster, REGULAR_SEASON_WEEKS } from '../world/leagues.ts';
import { bestGroupLineup } from '../world/lineups.ts';
import type { Player } from '../world/players.ts';
import { gameState } from '../world/schedule.ts';
import { type MflContext, weekParam } from './context.ts';
import { projectionRows } from './exports-nfl.ts';
import { collapse, envelope, type MflBody, pts } from './format.ts';

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
