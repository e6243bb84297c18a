import { leagueError } from '../errors.ts';
import {
  asList,
  checkBody,
  flag,
  idList,
  isRecord,
  type Json,
  num,
  optStr,
  payload,
  str,
  text,
} from './parse.ts';

/*
 * Readers for each MFL export (JSON=1), from the shapes MFL really sends (see the recorded answers in
 * shared/league-fixtures/mfl). Ids stay strings; scores, weeks and times become numbers.
 */

export interface MflMyLeague {
  league_id: string;
  name: string;
  url: string;
  franchise_id?: string;
  franchise_name?: string;
}

export function readMyLeagues(body: unknown): MflMyLeague[] {
  return asList(payload(body, 'leagues').league)
    .map((l) => ({
      league_id: str(l.league_id),
      name: str(l.name),
      url: str(l.url),
      franchise_id: optStr(l.franchise_id),
      franchise_name: optStr(l.franchise_name),
    }))
    .filter((l) => l.league_id !== '');
}

/** One league of a leagueSearch answer: `leagues.league` rows with id, name and homeURL. */
export interface MflFoundLeague {
  league_id: string;
  name: string;
  url: string;
}

/** leagueSearch: no match answers `leagues: {}`; one match collapses to a bare object. */
export function readLeagueSearch(body: unknown): MflFoundLeague[] {
  return asList(payload(body, 'leagues').league)
    .map((l) => ({ league_id: str(l.id), name: str(l.name), url: str(l.homeURL) }))
    .filter((l) => /^\d{1,10}$/.test(l.league_id));
}

export interface MflStarterSlot {
  /** One position or several joined with '+' ("DT+DE"). */
  name: string;
  /** "1" or a range "1-5" (the upper bound counts). */
  limit: string;
}

export interface MflFranchise {
  id: string;
  name: string;
  abbrev?: string;
  icon?: string;
  logo?: string;
}

export interface MflLeague {
  id: string;
  name: string;
  baseURL?: string;
  bestLineup: boolean;
  startWeek: number | null;
  endWeek: number | null;
  lastRegularSeasonWeek: number | null;
  rosterSize?: string;
  taxiSquad?: string;
  injuredReserve?: string;
  h2h?: string;
  usesSalaries: boolean;
  /** Total starters: "9" or a range "7-9". */
  startersCount: string;
  idpStarters?: string;
  starters: MflStarterSlot[];
  franchises: MflFranchise[];
  history: { year: string; url: string }[];
}

export function readLeague(body: unknown): MflLeague {
  const l = payload(body, 'league');
  if (!optStr(l.id) && !optStr(l.name)) throw leagueError('mfl', 'unreadable');
  const starters = isRecord(l.starters) ? l.starters : {};
  return {
    id: str(l.id),
    name: str(l.name),
    baseURL: optStr(l.baseURL),
    bestLineup: flag(l.bestLineup),
    startWeek: num(l.startWeek),
    endWeek: num(l.endWeek),
    lastRegularSeasonWeek: num(l.lastRegularSeasonWeek),
    rosterSize: optStr(l.rosterSize),
    taxiSquad: optStr(l.taxiSquad),
    injuredReserve: optStr(l.injuredReserve),
    h2h: optStr(l.h2h),
    usesSalaries: flag(l.usesSalaries),
    startersCount: str(starters.count),
    idpStarters: optStr(starters.idp_starters),
    starters: asList(starters.position).map((p) => ({ name: str(p.name), limit: str(p.limit) })),
    franchises: asList(isRecord(l.franchises) ? l.franchises.franchise : undefined).map((f) => ({
      id: str(f.id),
      name: str(f.name),
      abbrev: optStr(f.abbrev),
      icon: optStr(f.icon),
      logo: optStr(f.logo),
    })),
    history: asList(isRecord(l.history) ? l.history.league : undefined).map((h) => ({
      year: str(h.year),
      url: str(h.url),
    })),
  };
}

export interface MflRosterPlayer {
  id: string;
  /** ROSTER, TAXI_SQUAD or INJURED_RESERVE. */
  status: string;
  drafted?: string;
  salary?: string;
  contractYear?: string;
  contractStatus?: string;
  contractInfo?: string;
}

export interface MflRoster {
  id: string;
  week?: string;
  players: MflRosterPlayer[];
}

export function readRosters(body: unknown): MflRoster[] {
  return asList(payload(body, 'rosters').franchise).map((f) => ({
    id: str(f.id),
    week: optStr(f.week),
    players: asList(f.player).map((p) => ({
      id: str(p.id),
      status: str(p.status),
      drafted: optStr(p.drafted),
      salary: optStr(p.salary),
      contractYear: optStr(p.contractYear),
      contractStatus: optStr(p.contractStatus),
      contractInfo: optStr(p.contractInfo),
    })),
  }));
}

/** The fields of the player database we keep (MFL's own names). */
const playerFields = [
  'id',
  'name',
  'position',
  'team',
  'status',
  'draft_year',
  'draft_round',
  'draft_pick',
  'draft_team',
  'birthdate',
  'college',
  'height',
  'weight',
  'jersey',
  'espn_id',
  'sportsdata_id',
  'stats_id',
  'stats_global_id',
  'cbs_id',
  'fleaflicker_id',
  'rotowire_id',
  'rotoworld_id',
  'nfl_id',
] as const;

export type MflPlayer = { id: string; name: string; position: string; team: string } & Partial<
  Record<Exclude<(typeof playerFields)[number], 'id' | 'name' | 'position' | 'team'>, string>
>;

export function readPlayers(body: unknown): { timestamp?: string; players: MflPlayer[] } {
  const p = payload(body, 'players');
  const players: MflPlayer[] = [];
  for (const raw of asList(p.player)) {
    const player: Record<string, string> = {
      id: str(raw.id),
      name: str(raw.name),
      position: str(raw.position),
      team: str(raw.team),
    };
    for (const field of playerFields) {
      const value = optStr(raw[field]);
      if (value !== undefined) player[field] = value;
    }
    if (player.id) players.push(player as MflPlayer);
  }
  return { timestamp: optStr(p.timestamp), players };
}

export interface MflInjury {
  id: string;
  status: string;
  details: string;
  exp_return?: string;
}

export function readInjuries(body: unknown): {
  week: number | null;
  timestamp?: string;
  injuries: MflInjury[];
} {
  const p = payload(body, 'injuries');
  return {
    week: num(p.week),
    timestamp: optStr(p.timestamp),
    // Older reports end details with a newline.
    injuries: asList(p.injury).map((i) => ({
      id: str(i.id),
      status: str(i.status),
      details: str(i.details).trim(),
      exp_return: optStr(i.exp_return),
    })),
  };
}

export function readProjectedScores(body: unknown): {
  week: number | null;
  scores: { id: string; score: number | null }[];
} {
  const p = payload(body, 'projectedScores');
  return {
    week: num(p.week),
    scores: asList(p.playerScore).map((s) => ({ id: str(s.id), score: num(s.score) })),
  };
}

export interface MflLivePlayer {
  id: string;
  /** starter or nonstarter. */
  status: string;
  score: number | null;
  gameSecondsRemaining: number | null;
}

export interface MflLiveFranchise {
  id: string;
  score: number | null;
  isHome: boolean;
  gameSecondsRemaining: number | null;
  playersYetToPlay: number | null;
  playersCurrentlyPlaying: number | null;
  players: MflLivePlayer[];
}

function readLiveFranchise(f: Json): MflLiveFranchise {
  return {
    id: str(f.id),
    score: num(f.score),
    isHome: flag(f.isHome),
    gameSecondsRemaining: num(f.gameSecondsRemaining),
    playersYetToPlay: num(f.playersYetToPlay),
    playersCurrentlyPlaying: num(f.playersCurrentlyPlaying),
    players: asList(isRecord(f.players) ? f.players.player : undefined).map((p) => ({
      id: str(p.id),
      status: str(p.status),
      score: num(p.score),
      gameSecondsRemaining: num(p.gameSecondsRemaining),
    })),
  };
}

export interface MflLiveScoring {
  week: number | null;
  matchups: { franchises: MflLiveFranchise[] }[];
  /** Every franchise, from the matchups and (weeks without matchups) listed directly. */
  franchises: MflLiveFranchise[];
}

export function readLiveScoring(body: unknown): MflLiveScoring {
  const p = payload(body, 'liveScoring');
  const matchups = asList(p.matchup).map((m) => ({ franchises: asList(m.franchise).map(readLiveFranchise) }));
  const direct = asList(p.franchise).map(readLiveFranchise);
  return { week: num(p.week), matchups, franchises: [...matchups.flatMap((m) => m.franchises), ...direct] };
}

export interface MflWeeklyFranchise {
  id: string;
  score: number | null;
  result?: string;
  isHome: boolean;
  starters: string[];
  nonstarters: string[];
  optimal: string[];
  opt_pts: number | null;
  comments?: string;
  players: { id: string; score: number | null; status: string; shouldStart: boolean }[];
}

function readWeeklyFranchise(f: Json): MflWeeklyFranchise {
  return {
    id: str(f.id),
    score: num(f.score),
    result: optStr(f.result),
    isHome: flag(f.isHome),
    starters: idList(f.starters),
    nonstarters: idList(f.nonstarters),
    optimal: idList(f.optimal),
    opt_pts: num(f.opt_pts),
    comments: optStr(f.comments),
    players: asList(f.player).map((p) => ({
      id: str(p.id),
      score: num(p.score),
      status: str(p.status),
      shouldStart: flag(p.shouldStart),
    })),
  };
}

export interface MflWeeklyResults {
  week: number | null;
  matchups: { regularSeason: boolean; franchises: MflWeeklyFranchise[] }[];
  franchises: MflWeeklyFranchise[];
}

export function readWeeklyResults(body: unknown): MflWeeklyResults {
  const p = payload(body, 'weeklyResults');
  const matchups = asList(p.matchup).map((m) => ({
    regularSeason: m.regularSeason === undefined ? true : flag(m.regularSeason),
    franchises: asList(m.franchise).map(readWeeklyFranchise),
  }));
  const direct = asList(p.franchise).map(readWeeklyFranchise);
  return { week: num(p.week), matchups, franchises: [...matchups.flatMap((m) => m.franchises), ...direct] };
}

export interface MflNflTeam {
  id: string;
  isHome: boolean;
  score: number | null;
  spread?: string;
  hasPossession: boolean;
  inRedZone: boolean;
}

export interface MflNflGame {
  /** Epoch seconds. */
  kickoff: number | null;
  /** 3600 before kickoff, 0 when final. */
  gameSecondsRemaining: number | null;
  teams: MflNflTeam[];
}

export interface MflNflWeek {
  /** 0 off-season. */
  week: number;
  games: MflNflGame[];
}

function readNflWeek(p: Json): MflNflWeek {
  return {
    week: num(p.week) ?? 0,
    games: asList(p.matchup).map((m) => ({
      kickoff: num(m.kickoff),
      gameSecondsRemaining: num(m.gameSecondsRemaining),
      teams: asList(m.team).map((t) => ({
        id: str(t.id),
        isHome: flag(t.isHome),
        score: num(t.score),
        spread: optStr(t.spread),
        hasPossession: flag(t.hasPossession),
        inRedZone: flag(t.inRedZone),
      })),
    })),
  };
}

export function readNflSchedule(body: unknown): MflNflWeek {
  return readNflWeek(payload(body, 'nflSchedule'));
}

/** W=ALL answers `fullNflSchedule: { nflSchedule: [ {week, matchup…}, … ] }`. */
export function readFullNflSchedule(body: unknown): MflNflWeek[] {
  const p = payload(body, 'fullNflSchedule');
  return asList(p.nflSchedule).map(readNflWeek);
}

export interface MflPlayerStatus {
  id: string;
  /** "Free Agent", a franchise name (maybe with " - S"/" - NS"), or "League Does Not Use This Position". */
  status: string;
}

/** One id answers `playerStatus: {…}`; several answer `playerStatuses: { playerStatus: […] }`. */
export function readPlayerStatuses(body: unknown): MflPlayerStatus[] {
  const b = checkBody(body);
  const rows = isRecord(b.playerStatuses) ? asList(b.playerStatuses.playerStatus) : asList(b.playerStatus);
  return rows.map((r) => ({ id: str(r.id), status: text(r.status) || str(r.status) }));
}

export interface MflFreeAgent {
  id: string;
  unit?: string;
  status?: string;
  salary?: string;
}

export function readFreeAgents(body: unknown): MflFreeAgent[] {
  const p = payload(body, 'freeAgents');
  return asList(p.leagueUnit).flatMap((u) =>
    asList(u.player).map((pl) => ({
      id: str(pl.id),
      unit: optStr(u.unit),
      status: optStr(pl.status),
      salary: optStr(pl.salary),
    })),
  );
}

export interface MflDraftPick {
  franchise: string;
  /** Zero-padded as MFL sends them ("01"). */
  round: string;
  pick: string;
  /** Empty until the pick is made. */
  player: string;
  timestamp?: string;
  comments?: string;
}

export interface MflDraftUnit {
  unit?: string;
  draftType?: string;
  picks: MflDraftPick[];
}

export function readDraftResults(body: unknown): MflDraftUnit[] {
  const p = payload(body, 'draftResults');
  return asList(p.draftUnit).map((u) => ({
    unit: optStr(u.unit),
    draftType: optStr(u.draftType),
    picks: asList(u.draftPick).map((d) => ({
      franchise: str(d.franchise),
      round: str(d.round),
      pick: str(d.pick),
      player: str(d.player),
      timestamp: optStr(d.timestamp),
      comments: optStr(d.comments),
    })),
  }));
}

/** One scoring rule: the stat event (CC = a catch), the range it applies in and its points ("*1", ".1/1", "6"). */
export interface MflScoringRule {
  event: string;
  points: string;
  range: string;
}

export interface MflPositionRules {
  /** Positions joined with "|" ("QB|RB|WR|TE"). */
  positions: string;
  rules: MflScoringRule[];
}

export function readRules(body: unknown): MflPositionRules[] {
  return asList(payload(body, 'rules').positionRules).map((p) => ({
    positions: str(p.positions),
    rules: asList(p.rule).map((r) => ({
      event: text(r.event),
      points: text(r.points),
      range: text(r.range),
    })),
  }));
}

export interface MflAdpPlayer {
  id: string;
  rank: number | null;
  averagePick: number | null;
  minPick: number | null;
  maxPick: number | null;
  draftsSelectedIn: number | null;
  draftSelPct: number | null;
}

export interface MflAdp {
  timestamp?: string;
  totalDrafts: number;
  totalPicks: number;
  players: MflAdpPlayer[];
}

export function readAdp(body: unknown): MflAdp {
  const p = payload(body, 'adp');
  return {
    timestamp: optStr(p.timestamp),
    totalDrafts: num(p.totalDrafts) ?? 0,
    totalPicks: num(p.totalPicks) ?? 0,
    players: asList(p.player).map((a) => ({
      id: str(a.id),
      rank: num(a.rank),
      averagePick: num(a.averagePick),
      minPick: num(a.minPick),
      maxPick: num(a.maxPick),
      draftsSelectedIn: num(a.draftsSelectedIn),
      draftSelPct: num(a.draftSelPct),
    })),
  };
}
