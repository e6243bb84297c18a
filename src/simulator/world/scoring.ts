/** Weekly fantasy points: final lines fixed by the seed, live points as the clock moves through each game. */
import type { Player } from './players.ts';
import { injuryAt, isOut } from './players.ts';
import { unit } from './random.ts';
import { type GameState, gameState, type NflGame, type SeasonCalendar } from './schedule.ts';

export interface WeekLine {
  /** False on a bye, for free agents and for players who sat out. */
  played: boolean;
  /** Points before reception bonuses. */
  base: number;
  receptions: number;
}

const NO_GAME: WeekLine = { played: false, base: 0, receptions: 0 };

export class Scoring {
  private readonly lines = new Map<number, WeekLine>();

  constructor(
    private readonly seed: number,
    private readonly calendar: SeasonCalendar,
  ) {}

  game(p: Player, week: number): NflGame | undefined {
    return p.team === 'FA' ? undefined : this.calendar.game(p.team, week);
  }

  /** The player's full-game line for the week, whatever the clock says. */
  finalLine(p: Player, week: number): WeekLine {
    const key = p.idx * 32 + week;
    let line = this.lines.get(key);
    if (!line) {
      line = this.makeLine(p, week);
      this.lines.set(key, line);
    }
    return line;
  }

  private makeLine(p: Player, week: number): WeekLine {
    if (!this.game(p, week) || isOut(p, week)) return NO_GAME;
    const injury = injuryAt(p, week)?.status;
    const sits = unit(this.seed, 'sits', p.idx, week);
    if ((injury === 'Questionable' && sits < 0.15) || (injury === 'Doubtful' && sits < 0.7)) return NO_GAME;
    const u = unit(this.seed, 'pts', p.idx, week);
    const spread = p.position === 'PK' || p.position === 'Def' ? 1.2 : 1.6;
    const base = Math.round(p.mean * (1 - spread / 2 + spread * u) * 10) / 10;
    const receptions = Math.round(p.recMean * (0.4 + 1.2 * unit(this.seed, 'rec', p.idx, week)));
    return { played: true, base: Math.max(p.position === 'Def' ? -4 : -2, base), receptions };
  }

  /** The game's state for the player's team now, or undefined without a game. */
  state(p: Player, week: number, nowMs: number): GameState | undefined {
    const g = this.game(p, week);
    return g ? gameState(g, nowMs) : undefined;
  }

  /** Points so far this week in a league with the given points per reception; undefined = no game (yet) to score. */
  points(p: Player, week: number, ppr: number, nowMs: number): number | undefined {
    const st = this.state(p, week, nowMs);
    if (!st || st.status === 'scheduled') return undefined;
    const line = this.finalLine(p, week);
    if (!line.played) return 0;
    const full = line.base + line.receptions * ppr;
    const so = st.status === 'final' ? full : Math.floor(full * st.progress * 10) / 10;
    return Math.round(so * 100) / 100;
  }

  /** Final points (used for results and best-ball lineups once games end). */
  finalPoints(p: Player, week: number, ppr: number): number {
    const line = this.finalLine(p, week);
    return Math.round((line.base + line.receptions * ppr) * 100) / 100;
  }

  /** Pre-game projection; zero when the player has no game or is out. */
  projection(p: Player, week: number, ppr: number, ignoreInjury = false): number {
    if (!this.game(p, week)) return 0;
    const injury = injuryAt(p, week)?.status;
    if (!ignoreInjury && (injury === 'Out' || injury === 'IR')) return 0;
    const factor = ignoreInjury ? 1 : injury === 'Doubtful' ? 0.4 : injury === 'Questionable' ? 0.85 : 1;
    const u = 0.9 + 0.2 * unit(this.seed, 'proj', p.idx, week);
    return Math.round((p.mean + p.recMean * ppr) * u * factor * 100) / 100;
  }

  /** Seconds of the player's game still to play (0 when final or without a game). */
  secondsRemaining(p: Player, week: number, nowMs: number): number {
    return this.state(p, week, nowMs)?.secondsRemaining ?? 0;
  }

  /** Season points up to (not including) a week, for listings that show totals. */
  seasonPoints(p: Player, throughWeek: number, ppr: number): { total: number; games: number } {
    let total = 0;
    let games = 0;
    for (let w = 1; w <= throughWeek; w++) {
      const line = this.finalLine(p, w);
      if (line.played) {
        total += line.base + line.receptions * ppr;
        games++;
      }
    }
    return { total: Math.round(total * 100) / 100, games };
  }
}
