/** Head-to-head results and standings for the slot-lineup services (Sleeper, Fleaflicker). */
import type { League, LeagueTeam } from './league.ts';
import { REGULAR_SEASON_WEEKS } from './leagues.ts';
import type { Player } from './players.ts';
import { gameState } from './schedule.ts';
import type { World } from './world.ts';

export interface TeamWeek {
  starters: (Player | undefined)[];
  points: number;
}

export function teamWeek(
  world: World,
  league: League,
  team: LeagueTeam,
  week: number,
  nowMs: number,
): TeamWeek {
  const starters = world.slotStarters(league, team, week, nowMs);
  const points = starters.reduce(
    (s, p) => s + (p ? (world.scoring.points(p, week, league.format.ppr, nowMs) ?? 0) : 0),
    0,
  );
  return { starters, points: Math.round(points * 100) / 100 };
}

export interface Standing {
  wins: number;
  losses: number;
  ties: number;
  pointsFor: number;
  pointsAgainst: number;
  /** Sleeper's record string, one letter a week ("WLLW"). */
  record: string;
}

/** Standings over the regular-season weeks whose games are all final. */
export function standings(world: World, league: League, nowMs: number): Standing[] {
  const out = league.teams.map(() => ({
    wins: 0,
    losses: 0,
    ties: 0,
    pointsFor: 0,
    pointsAgainst: 0,
    record: '',
  }));
  for (let week = 1; week <= REGULAR_SEASON_WEEKS; week++) {
    const games = world.calendar.weeks[week - 1].games;
    if (!games.every((g) => gameState(g, nowMs).status === 'final')) break;
    for (const [a, h] of league.pairs[week - 1]) {
      const pa = teamWeek(world, league, league.teams[a], week, nowMs).points;
      const ph = teamWeek(world, league, league.teams[h], week, nowMs).points;
      const mark = (i: number, mine: number, theirs: number) => {
        const s = out[i];
        s.pointsFor += mine;
        s.pointsAgainst += theirs;
        if (mine > theirs) {
          s.wins++;
          s.record += 'W';
        } else if (mine < theirs) {
          s.losses++;
          s.record += 'L';
        } else {
          s.ties++;
          s.record += 'T';
        }
      };
      mark(a, pa, ph);
      mark(h, ph, pa);
    }
  }
  for (const s of out) {
    s.pointsFor = Math.round(s.pointsFor * 100) / 100;
    s.pointsAgainst = Math.round(s.pointsAgainst * 100) / 100;
  }
  return out;
}

/** "2W" / "1L": the current run of results. */
export function streak(record: string): string {
  if (!record) return '';
  const last = record[record.length - 1];
  let n = 0;
  for (let i = record.length - 1; i >= 0 && record[i] === last; i--) n++;
  return `${n}${last}`;
}
