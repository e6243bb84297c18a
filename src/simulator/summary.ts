/** What GET /_sim/world tells: the season, the clock, the accounts and which leagues they own. */
import { DEMO_ACCOUNTS } from './accounts.ts';
import { describeFormat } from './world/formats.ts';
import type { Account, League, Service } from './world/league.ts';
import type { World } from './world/world.ts';

export function baseUrls(host: string) {
  return {
    mfl: `http://${host}/mfl/api`,
    sleeper: `http://${host}/sleeper/v1`,
    flea: `http://${host}/flea/api`,
    espn: `http://${host}/espn`,
    espnFan: `http://${host}/espn-fan`,
  };
}

/** A league in the summary: MFL adds franchise_id and URLs, Sleeper roster_id, Fleaflicker and ESPN team_id. */
export interface SummaryLeague {
  league_id: string;
  name: string;
  format: string;
  team_name: string;
  franchise_id?: string;
  url?: string;
  baseURL?: string;
  roster_id?: string;
  team_id?: string;
  /** ESPN: a public league answers without cookies. */
  is_public?: boolean;
}

function leagueList(world: World, account: Account, host: string): SummaryLeague[] {
  return world.leaguesOf(account).map((l: League) => {
    const team = world.teamOf(l, account)!;
    const common = { league_id: l.id, name: l.name, format: describeFormat(l.format), team_name: team.name };
    if (l.service === 'mfl') {
      return {
        ...common,
        franchise_id: team.id,
        url: `http://${host}/mfl/${l.host}/${world.season}/home/${l.id}`,
        baseURL: `http://${host}/mfl/${l.host}`,
      };
    }
    if (l.service === 'sleeper') return { ...common, roster_id: team.id };
    if (l.service === 'espn') return { ...common, team_id: team.id, is_public: l.isPublic };
    return { ...common, team_id: team.id };
  });
}

export function worldSummary(world: World, nowMs: number, host: string) {
  const perUser = (who: Record<Service, Account>) => ({
    mfl: leagueList(world, who.mfl, host),
    sleeper: leagueList(world, who.sleeper, host),
    flea: leagueList(world, who.flea, host),
    espn: leagueList(world, who.espn, host),
  });
  return {
    seed: world.seed,
    season: world.season,
    now: nowMs,
    nowIso: new Date(nowMs).toISOString(),
    currentWeek: world.calendar.currentWeek(nowMs),
    baseUrls: baseUrls(host),
    accounts: DEMO_ACCOUNTS,
    leagues: { demo: perUser(world.demo), bench: perUser(world.bench) },
    publicRookieDraftLeagues: world.leagues
      .filter((l) => l.service === 'mfl' && l.isPublic && l.draft.picks.length > 0)
      .map((l) => l.id),
    // Public MFL leagues in their first season whose only draft was their startup (decision 021).
    publicStartupLeagues: world.leagues
      .filter((l) => l.service === 'mfl' && l.isPublic && l.startup?.kind === 'snake')
      .map((l) => l.id),
  };
}
