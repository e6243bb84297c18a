import type { StoredTrade, TradeSide } from '#common/trades.ts';
import type { MflTradeRow } from '#server/leagues/mfl/schemas.ts';
import {
  checkSides,
  collect,
  MalformedTrade,
  type ParsedTrades,
  slotOfPlace,
  type TradeLeague,
} from './parse.ts';

/*
 * MFL's trades, from `TYPE=transactions&TRANS_TYPE=TRADE`: two franchises and what each gave up,
 * so each side received what the other gave up. Assets are player ids, `FP_<franchise>_<year>_<round>`
 * (a future pick, originally that franchise's), `DP_<round>_<pick>` (a pick of this season's draft,
 * both counted from 0, so its place in the round is known) and `BB_<dollars>` (blind-bid budget).
 * MFL gives a trade no id: one is built from the league, season, time and the two franchises, which
 * a re-read gives again.
 */

export function mflTrades(rows: readonly MflTradeRow[], league: TradeLeague): ParsedTrades {
  return collect(
    rows.filter((r) => r.type.trim().toUpperCase() === 'TRADE'),
    (r) => readTrade(r, league),
    'mfl',
  );
}

function readTrade(r: MflTradeRow, league: TradeLeague): StoredTrade {
  const seconds = Number(r.timestamp);
  if (!r.timestamp || !Number.isFinite(seconds) || seconds <= 0)
    throw new MalformedTrade('a trade without a time');
  if (!r.franchise || !r.franchise2)
    throw new MalformedTrade(`trade at ${r.timestamp} without both franchises`);
  const id = `${league.leagueId}-${league.season}-${seconds}-${r.franchise}-${r.franchise2}`;
  const sides = [readAssets(id, r.franchise2_gave_up, league), readAssets(id, r.franchise1_gave_up, league)];
  checkSides(id, sides);
  return {
    service: 'mfl',
    tradeId: id,
    leagueId: league.leagueId,
    season: league.season,
    tradedAt: new Date(seconds * 1000),
    format: league.format,
    sides,
  };
}

function readAssets(id: string, assets: readonly string[], league: TradeLeague): TradeSide {
  const side: TradeSide = { players: [], picks: [], faab: 0 };
  for (const asset of assets) {
    const future = /^FP_(\w+?)_(\d{4})_(\d+)$/.exec(asset);
    const current = /^DP_(\d+)_(\d+)$/.exec(asset);
    const budget = /^BB_(\d+(?:\.\d+)?)$/.exec(asset);
    if (/^\d+$/.test(asset)) {
      if (!league.knownPlayer(asset)) throw new MalformedTrade(`trade ${id}: unknown player ${asset}`);
      side.players.push(asset);
    } else if (future) {
      const season = Number(future[2]);
      const round = Number(future[3]);
      if (round < 1) throw new MalformedTrade(`trade ${id}: pick ${asset} has no round`);
      side.picks.push({ season, round, slot: league.slotOf?.(season, future[1]) ?? null });
    } else if (current) {
      side.picks.push({
        season: league.season,
        round: Number(current[1]) + 1,
        slot: slotOfPlace(Number(current[2]) + 1, league.format.size),
      });
    } else if (budget) {
      side.faab += Number(budget[1]);
    } else {
      throw new MalformedTrade(`trade ${id}: unreadable asset ${asset}`);
    }
  }
  return side;
}
