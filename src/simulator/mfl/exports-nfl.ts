/** MFL exports that belong to no league: players, injuries, NFL schedule, ADP, and default projections. */
import { computeAdp } from '../world/adp.ts';
import { injuryAt, mflName, type Player, rotowireId } from '../world/players.ts';
import { gameState, WEEKS } from '../world/schedule.ts';
import { teamByCode } from '../world/teams.ts';
import { idList, type MflContext, weekParam } from './context.ts';
import { collapse, envelope, errorBody, type MflBody, pts } from './format.ts';

export function mflTeam(code: string): string {
  return code === 'FA' ? 'FA' : (teamByCode.get(code)?.mfl ?? code);
}

function playerRow(p: Player, details: boolean): Record<string, string> {
  const row: Record<string, string> = {
    id: p.mflId,
    name: mflName(p),
    position: p.position,
    team: mflTeam(p.team),
  };
  if (!details) return row;
  row.draft_year = String(p.draftYear);
  row.draft_team = p.position === 'Def' ? mflTeam(p.team) : p.draftRound ? mflTeam(p.draftTeam) : 'FA';
  row.stats_global_id = '0';
  if (p.position === 'Def') {
    if (p.mflHasFlea) row.fleaflicker_id = String(p.fleaId);
    return row;
  }
  if (p.draftRound) {
    row.draft_round = String(p.draftRound);
    row.draft_pick = String(p.draftPick);
  }
  if (p.rookie) row.status = 'R';
  row.birthdate = String(p.birthdate);
  row.college = p.college;
  row.height = String(p.height);
  row.weight = String(p.weight);
  row.jersey = String(p.jersey);
  row.rotowire_id = String(rotowireId(p));
  if (p.mflHasEspn) row.espn_id = p.espnId;
  if (p.mflHasSportradar) row.sportsdata_id = p.sportradarId;
  if (p.mflHasFlea) row.fleaflicker_id = String(p.fleaId);
  return row;
}

export function players(ctx: MflContext): MflBody {
  const { world } = ctx;
  const stamp = Math.floor(world.anchorMs / 1000);
  const since = Number.parseInt(ctx.params.SINCE ?? '', 10);
  if (Number.isFinite(since) && since >= stamp) {
    return errorBody(`No Player Database Changes Since ${new Date(since * 1000).toUTCString()}`);
  }
  const wanted = new Set(idList(ctx.params.PLAYERS));
  const list = world.players.filter((p) => wanted.size === 0 || wanted.has(p.mflId));
  const details = ctx.params.DETAILS === '1';
  return envelope({
    players: { timestamp: String(stamp), player: collapse(list.map((p) => playerRow(p, details))) },
  });
}

/** The Sunday of the week after the last week out, written as MFL does ("Dec 20, 2026"). */
function expReturn(week: number, calendarStart: number): string {
  const d = new Date(calendarStart + (week * 7 + 5) * 86_400_000);
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export function injuries(ctx: MflContext): MflBody {
  const { world } = ctx;
  const week = weekParam(ctx);
  if (week < 1 || week > WEEKS) return envelope({ injuries: { timestamp: '', week: String(week) } });
  const start = world.calendar.weeks[0].startsAt;
  const rows = world.players.flatMap((p) => {
    const inj = injuryAt(p, week);
    if (!inj) return [];
    return [
      { exp_return: expReturn(inj.toWeek, start), status: inj.status, id: p.mflId, details: inj.details },
    ];
  });
  const stamp = Math.floor(world.calendar.weeks[week - 1].startsAt / 1000) + 36_000;
  return envelope({ injuries: { timestamp: String(stamp), week: String(week), injury: collapse(rows) } });
}

function scheduleWeek(ctx: MflContext, week: number) {
  const { world } = ctx;
  return world.calendar.weeks[week - 1].games.map((g) => {
    const st = gameState(g, ctx.now);
    const started = st.status !== 'scheduled';
    const side = (code: string, home: boolean) => {
      const [po, ro, pd, rd] = world.ranks.get(code)!;
      const live = st.status === 'in_progress';
      // Possession and red zone flip as the game clock runs.
      const tick = Math.floor(st.secondsRemaining / 150);
      const hasBall = live && (tick % 2 === 0) === home;
      return {
        inRedZone: hasBall && tick % 5 === 0 ? '1' : '0',
        score: started ? String(home ? st.homeScore : st.awayScore) : '',
        hasPossession: hasBall ? '1' : '0',
        passOffenseRank: String(po),
        rushOffenseRank: String(ro),
        passDefenseRank: String(pd),
        spread: String(home ? -g.homeFavouredBy : g.homeFavouredBy),
        isHome: home ? '1' : '0',
        id: mflTeam(code),
        rushDefenseRank: String(rd),
      };
    };
    return {
      kickoff: String(g.kickoff),
      gameSecondsRemaining: String(st.secondsRemaining),
      team: [side(g.away, false), side(g.home, true)],
    };
  });
}

export function nflSchedule(ctx: MflContext): MflBody {
  const { world } = ctx;
  const w = (ctx.params.W ?? '').toUpperCase();
  if (w === 'ALL') {
    return envelope({
      fullNflSchedule: {
        nflSchedule: world.calendar.weeks.map((wk) => ({
          week: String(wk.week),
          matchup: scheduleWeek(ctx, wk.week),
        })),
      },
    });
  }
  const week = w ? Number.parseInt(w, 10) : world.calendar.currentWeek(ctx.now);
  // Off-season (and weeks that do not exist) answer only the week, "0" when none was asked for.
  if (!Number.isFinite(week) || week < 1 || week > WEEKS)
    return envelope({ nflSchedule: { week: w || '0' } });
  return envelope({ nflSchedule: { week: String(week), matchup: collapse(scheduleWeek(ctx, week)) } });
}

/** Projections with the default (PPR) scoring, for requests without a league. */
export function projectionRows(
  ctx: MflContext,
  ppr: number,
  pool: Player[],
): { id: string; score: string }[] {
  const week = weekParam(ctx);
  const wanted = new Set(idList(ctx.params.PLAYERS));
  const position = ctx.params.POSITION;
  let list = pool.filter(
    (p) => (wanted.size === 0 || wanted.has(p.mflId)) && (!position || p.position === position),
  );
  const count = Number.parseInt(ctx.params.COUNT ?? '', 10);
  if (Number.isFinite(count) && count > 0) {
    list = [...list]
      .sort((a, b) => ctx.world.scoring.projection(b, week, ppr) - ctx.world.scoring.projection(a, week, ppr))
      .slice(0, count);
  }
  return list.map((p) => ({
    id: p.mflId,
    // Players without a game that week have no projection: MFL leaves the score empty.
    score: ctx.world.scoring.game(p, week) ? pts(ctx.world.scoring.projection(p, week, ppr)) : '',
  }));
}

export function projectedScores(ctx: MflContext, ppr = 1, pool = ctx.world.players): MflBody {
  const week = weekParam(ctx);
  return envelope({
    projectedScores: { week: String(week), playerScore: collapse(projectionRows(ctx, ppr, pool)) },
  });
}

/**
 * TYPE=adp as MFL documents it, and no more: one season per /<year>/ path (MFL's seasons turn over on
 * 1 March UTC), drafts up to now; `PERIOD` ALL (or none) is that whole season so far and RECENT its
 * last 14 days (how long RECENT is, MFL does not say; the site asks only ALL). `TIME` and `DAYS` are
 * not documented filters and are ignored, as MFL is said to ignore `DAYS`. `CUTOFF` (default 5, which
 * no recorded answer goes below) and `FCOUNT` are honoured.
 */
export function adp(ctx: MflContext): MflBody {
  const p = ctx.params;
  const keeper = (p.IS_KEEPER ?? '').toUpperCase();
  // Letters N, K, R select draft kinds; the old numeric codes are ignored, other letters refused.
  if (keeper && !/^\d+$/.test(keeper) && !/^[NKR]+$/.test(keeper))
    return errorBody('Invalid value for IS_KEEPER');
  const year = Number.parseInt(ctx.year, 10);
  const nowS = Math.floor(ctx.now / 1000);
  const seasonStart = Date.UTC(year, 2, 1) / 1000;
  const seasonEnd = Date.UTC(year + 1, 2, 1) / 1000;
  const to = Math.min(seasonEnd, nowS + 1);
  const from =
    (p.PERIOD ?? '').toUpperCase() === 'RECENT' ? Math.max(seasonStart, nowS - 14 * 86_400) : seasonStart;
  const num = (v: string | undefined, dflt: number) => {
    const n = Number.parseInt(v ?? '', 10);
    return Number.isFinite(n) ? n : dflt;
  };
  const result = computeAdp(ctx.world.leagues, {
    fcount: num(p.FCOUNT, 0),
    ppr: num(p.IS_PPR, -1),
    keeper: /^\d+$/.test(keeper) ? '' : keeper,
    mock: num(p.IS_MOCK, -1),
    from,
    to,
    cutoff: num(p.CUTOFF, 5),
  });
  // Every value a string, as MFL sends them; key order as in the recorded answer's first player.
  const rows = result.rows.map((r) => ({
    minPick: String(r.minPick),
    maxPick: String(r.maxPick),
    id: ctx.world.players[r.player].mflId,
    averagePick: r.averagePick.toFixed(2),
    draftsSelectedIn: String(r.draftsSelectedIn),
    rank: String(r.rank),
    draftSelPct: String(r.draftSelPct),
  }));
  return envelope({
    adp: {
      totalPicks: String(result.totalPicks),
      player: collapse(rows),
      totalDrafts: String(result.totalDrafts),
      timestamp: String(nowS),
    },
  });
}
