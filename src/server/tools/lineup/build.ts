import { groupFor, type LineupInfo, type LineupPlayer, type ScheduleInfo } from '#common/lineup.ts';
import type {
  MflInjury,
  MflLeague,
  MflLiveFranchise,
  MflNflWeek,
  MflPlayer,
  MflRosterPlayer,
} from '#server/leagues/mfl/schemas.ts';
import { normaliseTeam } from '#server/leagues/player-names.ts';

/** Everything MFL told us about one franchise's week, as the MFL client reads it. */
export interface LineupSources {
  league: MflLeague;
  franchiseId: string;
  week: number;
  /** MFL's clock, epoch ms. */
  now: number;
  /** The franchise's roster. */
  roster: MflRosterPlayer[];
  players: Map<string, MflPlayer>;
  injuries: MflInjury[];
  projections: { id: string; score: number | null }[];
  /** Who starts this week. */
  starters: Set<string>;
  /** The franchise's live scoring (starters and, with details, the bench). */
  live: MflLiveFranchise | undefined;
  schedule: MflNflWeek;
  teamUrl: string;
}

/** Statuses that keep a player from playing at all. */
const outStatuses = new Set(['OUT', 'IR', 'SUSPENDED', 'IR-R', 'IR-PUP', 'PUP', 'NFI', 'COVID-19']);

const tags: Record<string, string> = {
  QUESTIONABLE: 'Q',
  DOUBTFUL: 'D',
  PROBABLE: 'P',
  OUT: 'O',
  IR: 'IR',
  SUSPENDED: 'SUS',
};

/** The short label beside a name: Q, D, O, IR, SUS…; an unfamiliar status keeps its first letters. */
export function injuryTag(status: string): string {
  const s = status.trim().toUpperCase();
  return tags[s] ?? s.slice(0, 3);
}

/** MFL writes "Last, First" ("Chiefs, Kansas City" for a defense); people read "First Last". */
export function displayName(mflName: string): string {
  const comma = mflName.indexOf(',');
  if (comma < 0) return mflName.trim();
  return `${mflName.slice(comma + 1).trim()} ${mflName.slice(0, comma).trim()}`.trim();
}

function scheduleByTeam(schedule: MflNflWeek): Map<string, ScheduleInfo> {
  const byTeam = new Map<string, ScheduleInfo>();
  for (const game of schedule.games) {
    const home = game.teams.find((t) => t.isHome) ?? game.teams[1];
    const away = game.teams.find((t) => t !== home);
    if (!home || !away || game.kickoff === null) continue;
    const info: ScheduleInfo = {
      kickoff: game.kickoff,
      // Shown as the other pages show teams (MFL's own codes are NEP, KCC, …).
      homeTeam: normaliseTeam(home.id),
      awayTeam: normaliseTeam(away.id),
      homeScore: home.score,
      awayScore: away.score,
      secondsRemaining: game.gameSecondsRemaining ?? 3600,
    };
    byTeam.set(home.id, info);
    byTeam.set(away.id, info);
  }
  return byTeam;
}

/** Taxi squad and injured reserve players cannot start, unless MFL already has one starting. */
const canStart = (p: MflRosterPlayer, starters: Set<string>) =>
  p.status === 'ROSTER' || p.status === '' || starters.has(p.id);

export function buildLineupInfo(src: LineupSources): Omit<LineupInfo, 'currentWeek' | 'lastWeek'> {
  const { league, now } = src;
  const games = scheduleByTeam(src.schedule);
  const injuries = new Map(src.injuries.map((i) => [i.id, i]));
  const projections = new Map(src.projections.map((p) => [p.id, p.score]));
  const liveScores = new Map((src.live?.players ?? []).map((p) => [p.id, p.score]));
  const franchise = league.franchises.find((f) => f.id === src.franchiseId);

  const positions: LineupInfo['positions'] = {};
  for (const slot of league.starters) positions[slot.name] = { limit: limitOf(slot.limit), players: [] };
  const groupKeys = Object.keys(positions);

  for (const r of src.roster) {
    if (!canStart(r, src.starters)) continue;
    const p = src.players.get(r.id);
    if (!p) continue;
    const key = groupFor(groupKeys, p.position);
    if (!key) continue;
    const game = games.get(p.team);
    const injury = injuries.get(p.id);
    const started = game !== undefined && game.kickoff * 1000 <= now;
    const player: LineupPlayer = {
      id: p.id,
      name: displayName(p.name),
      position: p.position,
      team: normaliseTeam(p.team),
      starter: src.starters.has(p.id),
      // A team with no game in a week that has games is on its bye; free agents simply have none.
      isBye: !game && games.size > 0 && p.team !== '' && p.team !== 'FA',
      isOut: injury !== undefined && outStatuses.has(injury.status.trim().toUpperCase()),
      injuryStatus: injury
        ? { tag: injuryTag(injury.status), status: injury.status, details: injury.details }
        : null,
      score: started ? (liveScores.get(p.id) ?? 0) : null,
      projectedScore: projections.get(p.id) ?? null,
      scheduleInfo: game ?? null,
    };
    positions[key].players.push(player);
  }
  // Starters first, then by projection: the order a manager scans a position in.
  for (const group of Object.values(positions)) {
    group.players.sort(
      (a, b) =>
        Number(b.starter) - Number(a.starter) ||
        (b.projectedScore ?? -1) - (a.projectedScore ?? -1) ||
        a.name.localeCompare(b.name),
    );
  }

  return {
    name: franchise?.name || `Franchise ${src.franchiseId}`,
    url: src.teamUrl,
    week: src.week,
    bestball: league.bestLineup,
    starters: limitOf(league.startersCount),
    positions,
    now,
  };
}

/** "9" travels as a number, a range "7-9" as it is. */
export function limitOf(limit: string): number | string {
  const t = limit.trim();
  return /^\d+$/.test(t) ? Number(t) : t;
}
