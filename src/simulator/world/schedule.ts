/** The NFL season calendar: weeks, kickoffs (US Eastern slots), byes, and each game's state at a moment. */
import { Rng } from './random.ts';
import { NFL_TEAMS } from './teams.ts';

export const WEEKS = 18;
/** Wall-clock length of a game from kickoff to final (60 game minutes plus stoppages and halftime). */
export const GAME_MS = 190 * 60_000;
const DAY_MS = 86_400_000;

export interface ScoringEvent {
  /** Fraction of the 3600 game seconds at which the points are scored. */
  at: number;
  points: number;
}

export interface NflGame {
  id: number;
  week: number;
  /** Epoch seconds. */
  kickoff: number;
  home: string;
  away: string;
  homeEvents: ScoringEvent[];
  awayEvents: ScoringEvent[];
  /** Points the home team is favoured by (negative spread for the home team in MFL's terms). */
  homeFavouredBy: number;
}

export interface NflWeek {
  week: number;
  /** Epoch ms when this week becomes the current week (Tuesday 00:00 Eastern). */
  startsAt: number;
  games: NflGame[];
  byes: string[];
}

export interface GameState {
  status: 'scheduled' | 'in_progress' | 'final';
  secondsRemaining: number;
  homeScore: number;
  awayScore: number;
  /** Share of the game played, 0..1. */
  progress: number;
}

/** Eastern time offset in hours for a UTC moment in the football season (EDT until the first Sunday of November). */
function easternOffset(year: number, month: number, day: number): number {
  if (month < 10 && month > 2) return -4;
  if (month === 10) {
    const firstSunday = 1 + ((7 - new Date(Date.UTC(year, 10, 1)).getUTCDay()) % 7);
    return day < firstSunday ? -4 : -5;
  }
  return -5;
}

/** Epoch ms of an Eastern wall-clock time. */
export function eastern(year: number, month: number, day: number, hour: number, minute: number): number {
  const noon = new Date(Date.UTC(year, month, day, 12));
  const offset = easternOffset(noon.getUTCFullYear(), noon.getUTCMonth(), noon.getUTCDate());
  return Date.UTC(year, month, day, hour - offset, minute);
}

/** The NFL season a moment belongs to: January and February still count as the previous season. */
export function seasonOf(epochMs: number): number {
  const d = new Date(epochMs);
  return d.getUTCMonth() < 2 ? d.getUTCFullYear() - 1 : d.getUTCFullYear();
}

/** Day of September (1-based) of the season's opening Thursday: three days after Labor Day. */
function openingThursday(season: number): number {
  const sept1 = new Date(Date.UTC(season, 8, 1)).getUTCDay();
  const laborDay = 1 + ((8 - sept1) % 7);
  return laborDay + 3;
}

// Byes fall in weeks 5-14; an even count each week keeps the other teams paired.
const BYE_COUNTS = [2, 4, 2, 4, 4, 2, 4, 2, 4, 4];

export function buildSchedule(seed: number, season: number): NflWeek[] {
  const rng = new Rng(seed, 'schedule', season);
  const codes = NFL_TEAMS.map((t) => t.code);
  const byeOrder = rng.shuffle([...codes]);
  const byeWeek = new Map<string, number>();
  let k = 0;
  BYE_COUNTS.forEach((count, i) => {
    for (let j = 0; j < count; j++) byeWeek.set(byeOrder[k++], 5 + i);
  });
  const strength = new Map(codes.map((c) => [c, rng.next()]));
  const thursday = openingThursday(season);
  const weeks: NflWeek[] = [];
  let gameId = 1;
  for (let week = 1; week <= WEEKS; week++) {
    const thu = thursday + 7 * (week - 1); // day of September; Date.UTC normalises overflow
    const byes = codes.filter((c) => byeWeek.get(c) === week);
    const playing = rng.shuffle(codes.filter((c) => byeWeek.get(c) !== week));
    const n = playing.length / 2;
    // Slots: Thursday night, Sunday early (the rest), two 4:05, two 4:25, Sunday night, Monday night.
    const slots: number[] = [eastern(season, 8, thu, 20, 15)];
    const early = n - 7;
    for (let i = 0; i < early; i++) slots.push(eastern(season, 8, thu + 3, 13, 0));
    slots.push(eastern(season, 8, thu + 3, 16, 5), eastern(season, 8, thu + 3, 16, 5));
    slots.push(eastern(season, 8, thu + 3, 16, 25), eastern(season, 8, thu + 3, 16, 25));
    slots.push(eastern(season, 8, thu + 3, 20, 20));
    slots.push(eastern(season, 8, thu + 4, 20, 15));
    const games: NflGame[] = [];
    for (let i = 0; i < n; i++) {
      const home = playing[2 * i];
      const away = playing[2 * i + 1];
      const edge = (strength.get(home)! - strength.get(away)!) * 10 + 2.5;
      games.push({
        id: gameId++,
        week,
        kickoff: slots[i] / 1000,
        home,
        away,
        homeEvents: scoringEvents(rng, strength.get(home)!),
        awayEvents: scoringEvents(rng, strength.get(away)!),
        homeFavouredBy: Math.round(edge * 2) / 2,
      });
    }
    weeks.push({ week, startsAt: eastern(season, 8, thu - 2, 0, 0), games, byes });
  }
  return weeks;
}

function scoringEvents(rng: Rng, strength: number): ScoringEvent[] {
  const count = rng.int(1, 4) + Math.round(strength * 3);
  const events: ScoringEvent[] = [];
  for (let i = 0; i < count; i++) {
    events.push({ at: 0.02 + rng.next() * 0.97, points: rng.chance(0.62) ? 7 : 3 });
  }
  return events.sort((a, b) => a.at - b.at);
}

export function gameState(game: NflGame, nowMs: number): GameState {
  const kickoffMs = game.kickoff * 1000;
  if (nowMs < kickoffMs) {
    return { status: 'scheduled', secondsRemaining: 3600, homeScore: 0, awayScore: 0, progress: 0 };
  }
  const wall = (nowMs - kickoffMs) / GAME_MS;
  const progress = wall >= 1 ? 1 : Math.min(wall, 3599 / 3600);
  const secondsRemaining = progress >= 1 ? 0 : Math.max(1, Math.round(3600 * (1 - progress)));
  const played = 1 - secondsRemaining / 3600;
  const sum = (events: ScoringEvent[]) =>
    events.filter((e) => e.at <= played).reduce((s, e) => s + e.points, 0);
  return {
    status: progress >= 1 ? 'final' : 'in_progress',
    secondsRemaining,
    homeScore: sum(game.homeEvents),
    awayScore: sum(game.awayEvents),
    progress: played,
  };
}

export class SeasonCalendar {
  readonly gameByTeamWeek = new Map<string, NflGame>();

  constructor(
    readonly season: number,
    readonly weeks: NflWeek[],
  ) {
    for (const w of weeks) {
      for (const g of w.games) {
        this.gameByTeamWeek.set(`${g.home}:${w.week}`, g);
        this.gameByTeamWeek.set(`${g.away}:${w.week}`, g);
      }
    }
  }

  /** The team's game in a week, or undefined on its bye (and for free agents). */
  game(team: string, week: number): NflGame | undefined {
    return this.gameByTeamWeek.get(`${team}:${week}`);
  }

  byeWeek(team: string): number {
    return this.weeks.find((w) => w.byes.includes(team))?.week ?? 0;
  }

  /** 0 before the season's first week starts, then 1..18 (18 stays after the season). */
  currentWeek(nowMs: number): number {
    if (nowMs < this.weeks[0].startsAt) return 0;
    for (let i = 1; i < this.weeks.length; i++) if (nowMs < this.weeks[i].startsAt) return i;
    return WEEKS;
  }

  /** A week to show when the caller gives none: the current week, or week 1 before the season. */
  defaultWeek(nowMs: number): number {
    return Math.max(1, this.currentWeek(nowMs));
  }

  seasonEndsAt(): number {
    return this.weeks[WEEKS - 1].startsAt + 7 * DAY_MS;
  }

  /** A moment in a week when its games are all before kickoff, some under way, or all final. */
  phaseMoment(week: number, phase: 'before' | 'during' | 'after'): number {
    const w = this.weeks[week - 1];
    const kickoffs = w.games.map((g) => g.kickoff * 1000).sort((a, b) => a - b);
    if (phase === 'before') return Math.max(w.startsAt + 60_000, kickoffs[0] - 3_600_000);
    if (phase === 'after') return kickoffs[kickoffs.length - 1] + GAME_MS + 10 * 60_000;
    // Sunday's early games 100 minutes in: Thursday's game is final, the late games have not started.
    const sundayEarly = kickoffs.find((k) => k > kickoffs[0] + DAY_MS)!;
    return sundayEarly + 100 * 60_000;
  }
}
