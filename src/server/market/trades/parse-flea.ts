import type { StoredTrade, TradeSide } from '#common/trades.ts';
import type { FleaTrade } from '#server/leagues/flea/schemas.ts';
import {
  checkSides,
  collect,
  MalformedTrade,
  type ParsedTrades,
  slotOfPlace,
  type TradeLeague,
} from './parse.ts';

/*
 * Fleaflicker's trades, from `FetchTrades` (filter TRADES_COMPLETED): the executed ones. Each team is
 * a side and receives its `playersObtained` and `picksObtained`; the trade happened when it was
 * approved (else when it was set to execute).
 */

export function fleaTrades(trades: readonly FleaTrade[], league: TradeLeague): ParsedTrades {
  return collect(
    trades.filter((t) => t.status === 'TRADE_STATUS_EXECUTED'),
    (t) => readTrade(t, league),
    'flea',
  );
}

function readTrade(t: FleaTrade, league: TradeLeague): StoredTrade {
  const id = String(t.id);
  const sides: TradeSide[] = t.teams.map((team) => {
    const side: TradeSide = { players: [], picks: [], faab: 0 };
    for (const p of team.playersObtained ?? []) {
      const player = String(p.proPlayer.id);
      if (!league.knownPlayer(player)) throw new MalformedTrade(`trade ${id}: unknown player ${player}`);
      side.players.push(player);
    }
    for (const pick of team.picksObtained ?? []) {
      const season = pick.season;
      if (season == null || !Number.isInteger(season))
        throw new MalformedTrade(`trade ${id}: a pick without a season`);
      const round = pick.slot?.round;
      if (round == null || !Number.isInteger(round) || round < 1)
        throw new MalformedTrade(`trade ${id}: a pick without a round`);
      const place = pick.slot?.slot;
      const slot =
        place != null
          ? slotOfPlace(place, league.format.size)
          : pick.originalOwner
            ? (league.slotOf?.(season, String(pick.originalOwner.id)) ?? null)
            : null;
      side.picks.push({ season, round, slot });
    }
    return side;
  });
  const at = Number(t.approvedOn ?? t.tentativeExecutionTime);
  if (!Number.isFinite(at) || at <= 0) throw new MalformedTrade(`trade ${id} has no time`);
  checkSides(id, sides);
  return {
    service: 'flea',
    tradeId: id,
    leagueId: league.leagueId,
    season: league.season,
    tradedAt: new Date(at),
    format: league.format,
    sides,
  };
}
