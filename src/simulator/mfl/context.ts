/** What every MFL export handler gets. */
import type { Account, League } from '../world/league.ts';
import type { World } from '../world/world.ts';

export interface MflContext {
  world: World;
  /** Simulated time, epoch ms. */
  now: number;
  /** The request's Host header: every URL the simulator hands out points back at it. */
  host: string;
  year: string;
  /** Query (and form) parameters, names upper-cased as MFL documents them. */
  params: Record<string, string>;
  user?: Account;
  league?: League;
}

export function leagueBaseUrl(ctx: MflContext, league: Pick<League, 'host'>): string {
  return `http://${ctx.host}/mfl/${league.host}`;
}

/** The week asked for in W, else the current week (week 1 before the season). */
export function weekParam(ctx: MflContext): number {
  const w = Number.parseInt(ctx.params.W ?? '', 10);
  return Number.isFinite(w) ? w : ctx.world.calendar.defaultWeek(ctx.now);
}

export function idList(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
