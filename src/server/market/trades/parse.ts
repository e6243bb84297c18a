import type { PickSlot, StoredTrade, TradeFormat, TradeService } from '#common/trades.ts';

/*
 * What every service's trade parser is given and gives back. A trade that does not read whole (a
 * player the service does not know, a pick without a season, a side that is not one of the trade's
 * teams) is skipped and counted, never kept in part.
 */

/** The league a service's trades are read from, as the reader knows it. */
export interface TradeLeague {
  leagueId: string;
  /** The season the league's trades belong to. */
  season: number;
  format: TradeFormat;
  /** Whether the service knows this player id: a trade with a player it does not is skipped. */
  knownPlayer(id: string): boolean;
  /**
   * Where a pick of this season, originally this team's, falls in its round, when the league's draft
   * order or final standings tell it.
   */
  slotOf?(season: number, team: string): PickSlot | null;
}

export interface ParsedTrades {
  trades: StoredTrade[];
  /** Completed trades left out as malformed. */
  skipped: number;
  /** Why each was left out (for logs and tests). */
  problems: string[];
}

/** Thirds of a round: in 12 teams picks 1–4 are early, 5–8 mid, 9–12 late. `place` counts from 1. */
export function slotOfPlace(place: number, size: number): PickSlot | null {
  if (!Number.isInteger(place) || place < 1 || size < 1 || place > size) return null;
  const third = Math.floor(((place - 1) * 3) / size);
  return third === 0 ? 'early' : third === 1 ? 'mid' : 'late';
}

/** A trade failed to read: the reason, carried to the parser's count. */
export class MalformedTrade extends Error {}

/** Runs each trade's reader; a malformed one is counted and left out, whole. */
export function collect<T>(
  items: readonly T[],
  read: (item: T) => StoredTrade | undefined,
  service: TradeService,
): ParsedTrades {
  const out: ParsedTrades = { trades: [], skipped: 0, problems: [] };
  for (const item of items) {
    try {
      const trade = read(item);
      if (trade) out.trades.push(trade);
    } catch (err) {
      if (!(err instanceof MalformedTrade)) throw err;
      out.skipped++;
      out.problems.push(`${service}: ${err.message}`);
    }
  }
  return out;
}

/** A season as the services write it ("2021" or 2021). */
export function seasonOf(v: unknown): number | undefined {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{4}\s*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 2000 && n <= 2100 ? n : undefined;
}

/** Every side must receive something; a trade of one side, or with an empty side, is not a trade to value. */
export function checkSides(id: string, sides: StoredTrade['sides']): void {
  if (sides.length < 2) throw new MalformedTrade(`trade ${id} has fewer than two sides`);
  if (sides.some((s) => s.players.length === 0 && s.picks.length === 0 && s.faab === 0))
    throw new MalformedTrade(`trade ${id} has a side that receives nothing`);
}
