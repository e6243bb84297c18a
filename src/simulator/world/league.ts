/** A league of the world as the four services share it: its teams, rookie draft and schedule. */
import type { LeagueFormat, MflGroup, Slot } from './formats.ts';

export type Service = 'mfl' | 'sleeper' | 'flea' | 'espn';

export interface Account {
  /** World key: `${service}:${login}`. */
  key: string;
  service: Service;
  /** MFL username, Sleeper username, Fleaflicker e-mail, ESPN SWID (`{GUID}`). */
  login: string;
  password?: string;
  /** Sleeper user_id; MFL and Fleaflicker keep an internal id. */
  userId: string;
  displayName: string;
  avatar: string;
  /** MFL APIKEY accepted in place of the login cookie. */
  apiKey?: string;
  /** ESPN's espn_s2 cookie, sent with the SWID. */
  espnS2?: string;
}

export interface LeagueTeam {
  /** MFL franchise id "0001", Sleeper roster_id "1", Fleaflicker team id, ESPN team id "1". */
  id: string;
  name: string;
  ownerKey: string;
  players: number[];
  taxi: number[];
  ir: number[];
  /** MFL's `drafted` note per player ("1.04", "FCFS", "Trade"…). */
  acquired: Map<number, string>;
}

export interface DraftPick {
  round: number;
  /** Pick within the round, 1-based. */
  pick: number;
  overall: number;
  /** Index into League.teams of the team that made the pick. */
  team: number;
  player: number;
  /** Epoch seconds. */
  timestamp: number;
}

/**
 * A startup draft: the league's first draft, of veterans and rookies (Rookie ADP's startup view).
 * A snake draft's picks carry their overall number; an auction's carry their price, in `budget` units.
 */
export interface StartupDraft {
  /** Sleeper's draft id (MFL has one draft export per league and season, and an auction export). */
  id: string;
  kind: 'snake' | 'auction';
  /** An auction's budget per team. */
  budget: number;
  rounds: number;
  /** Epoch seconds of the first pick. */
  startedAt: number;
  picks: (DraftPick & { price?: number })[];
}

export interface League {
  service: Service;
  id: string;
  name: string;
  format: LeagueFormat;
  /** MFL league host, e.g. "www57". */
  host: string;
  isPublic: boolean;
  teams: LeagueTeam[];
  draft: { id: string; rounds: number; startedAt: number; picks: DraftPick[] };
  mfl: { count: number; groups: MflGroup[] };
  slots: Slot[];
  /** Head-to-head pairs (team indexes) for the regular season, by week - 1. */
  pairs: [number, number][][];
  rosterSize: number;
  taxiSlots: number;
  irSlots: number;
  /** Public population leagues: not every league found is a dynasty league (default dynasty). */
  kind?: 'dynasty' | 'redraft' | 'mock';
  /** The rookie draft's state (default complete): under way, not started, or none at all. */
  draftStatus?: 'complete' | 'drafting' | 'pre_draft' | 'none';
  /**
   * The league's startup, when it began this season: a snake draft (on MFL, then the league's only
   * draft export) or an auction (before the rookie draft).
   */
  startup?: StartupDraft;
  /**
   * A team that leaves its lineup wanting every week (ESPN's demo leagues, so My week has problems to
   * show): its kicker slot empty, or an injured player started in place of a healthy one.
   */
  lineupHabit?: { team: string; habit: 'empty-kicker' | 'injured-starter' };
}
