/** What every Fleaflicker answer needs: the world at the simulated moment, query helpers, shared pieces. */
import type { League } from '../world/league.ts';
import type { Player } from '../world/players.ts';
import { standings } from '../world/results.ts';
import type { World } from '../world/world.ts';
import { displayGroup, proPlayer, teamJson } from './format.ts';

export type Query = Record<string, string | string[] | undefined>;

/** Every value of repeated (or comma-joined) parameters. */
export function all(q: Query, ...names: string[]): string[] {
  return names.flatMap((n) => {
    const v = q[n];
    return v === undefined ? [] : Array.isArray(v) ? v : String(v).split(',');
  });
}

export function one(q: Query, name: string): string | undefined {
  const v = q[name];
  return Array.isArray(v) ? v[v.length - 1] : v;
}

export function wantsSportradar(q: Query): boolean {
  return (one(q, 'external_id_type') ?? '').toUpperCase() === 'SPORTRADAR';
}

export interface SeasonRow {
  p: Player;
  total: number;
  games: number;
  rank: number;
  positionRank: number;
}

export class FleaView {
  readonly week: number;

  constructor(
    readonly world: World,
    readonly now: number,
  ) {
    this.week = world.calendar.defaultWeek(now);
  }

  pro(p: Player, externalIds: boolean) {
    const byeWeek = p.team === 'FA' ? 0 : this.world.calendar.byeWeek(p.team);
    return proPlayer(p, { week: this.week, byeWeek, externalIds });
  }

  /** Locked once the player's game this week has kicked off. */
  locked(p: Player): boolean {
    const g = this.world.scoring.game(p, this.week);
    return !!g && g.kickoff * 1000 <= this.now;
  }

  transactionStatus(p: Player) {
    // Protobuf JSON leaves the empty/false members out for players still free to move.
    return this.locked(p) ? { locked: {}, isLineupStatusLocked: true } : {};
  }

  periodStart(week: number): string {
    return String(this.world.calendar.weeks[week - 1].startsAt);
  }

  /** Each team's JSON with its record, in league order. */
  teams(l: League) {
    const table = standings(this.world, l, this.now);
    const order = table
      .map((s, i) => ({ s, i }))
      .sort((a, b) => b.s.wins - a.s.wins || b.s.pointsFor - a.s.pointsFor);
    const rank = new Map(order.map((x, r) => [x.i, r + 1]));
    const draftPosition = (ti: number) =>
      l.draft.picks.find((p) => p.round === 1 && p.team === ti)?.pick ?? ti + 1;
    return l.teams.map((t, i) =>
      teamJson(t, table[i], table[i].wins + table[i].losses ? rank.get(i)! : 0, draftPosition(i)),
    );
  }

  rosterEntry(p: Player, externalIds: boolean) {
    return {
      proPlayer: this.pro(p, externalIds),
      transactionStatus: this.transactionStatus(p),
      requestedGamesPeriod: { ordinal: this.week, startEpochMilli: this.periodStart(this.week) },
      viewingFormat: 'TOTAL',
      viewingRange: { low: -1, high: -2 },
      displayGroup: displayGroup(p),
      lastX: [{ duration: 1 }, { duration: 3 }, { duration: 5 }],
    };
  }

  /** Season totals through the last finished week, ranked overall and within each position. */
  seasonTable(l: League): { rows: SeasonRow[]; through: number } {
    const through = Math.max(0, this.world.calendar.currentWeek(this.now) - 1);
    const rows = this.world.players.map((p) => ({
      p,
      ...this.world.scoring.seasonPoints(p, through, l.format.ppr),
      rank: 0,
      positionRank: 0,
    }));
    rows.sort((a, b) => b.total - a.total || a.p.fleaId - b.p.fleaId);
    const perPosition = new Map<string, number>();
    rows.forEach((r, i) => {
      r.rank = i + 1;
      r.positionRank = (perPosition.get(r.p.position) ?? 0) + 1;
      perPosition.set(r.p.position, r.positionRank);
    });
    return { rows, through };
  }

  /** Average points over the last n finished weeks. */
  lastX(l: League, p: Player, through: number, n: number): number {
    let sum = 0;
    let games = 0;
    for (let w = Math.max(1, through - n + 1); w <= through; w++) {
      if (this.world.scoring.finalLine(p, w).played) {
        sum += this.world.scoring.finalPoints(p, w, l.format.ppr);
        games++;
      }
    }
    return games ? Math.round((sum / games) * 100) / 100 : 0;
  }
}
