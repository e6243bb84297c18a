/*
 * A player's game on the service's clock, apart from the lineup's schemas and rules: the lineup
 * page asks it to know whether to read the lineup again, and loads no more of lineup.ts for that.
 */

export type GameState =
  | { kind: 'bye' }
  | { kind: 'none' }
  | { kind: 'scheduled'; kickoff: number }
  | { kind: 'live'; own: number; opponent: number; quarter: number; clock: string }
  | { kind: 'final'; own: number; opponent: number; result: 'W' | 'L' | 'T' };

/** What a player's game state is read from: his team, his bye, and his game (lineup.ts's ScheduleInfo). */
export interface GamePlayer {
  isBye: boolean;
  team: string;
  scheduleInfo: {
    /** Epoch seconds. */
    kickoff: number;
    homeTeam: string;
    homeScore: number | null;
    awayScore: number | null;
    /** 3600 before kickoff, 0 once final. */
    secondsRemaining: number;
  } | null;
}

/** The player's game from his team's side: before, during or after it. */
export function gameState(player: GamePlayer, nowMs: number): GameState {
  const s = player.scheduleInfo;
  if (player.isBye) return { kind: 'bye' };
  if (!s) return { kind: 'none' };
  if (s.kickoff * 1000 > nowMs) return { kind: 'scheduled', kickoff: s.kickoff };
  const home = s.homeTeam === player.team;
  const own = (home ? s.homeScore : s.awayScore) ?? 0;
  const opponent = (home ? s.awayScore : s.homeScore) ?? 0;
  if (s.secondsRemaining <= 0) {
    return { kind: 'final', own, opponent, result: own > opponent ? 'W' : own < opponent ? 'L' : 'T' };
  }
  const remaining = Math.min(3600, Math.max(0, Math.round(s.secondsRemaining)));
  const quarter = Math.min(4, Math.floor((3600 - remaining) / 900) + 1);
  const left = remaining - (4 - quarter) * 900;
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return { kind: 'live', own, opponent, quarter, clock };
}
