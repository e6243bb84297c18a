import type { PickSlot, StoredTrade, TradeSide } from '#common/trades.ts';
import type { SleeperDraft, SleeperRoster, SleeperTransaction } from '#server/leagues/sleeper/schemas.ts';
import {
  checkSides,
  collect,
  MalformedTrade,
  type ParsedTrades,
  seasonOf,
  slotOfPlace,
  type TradeLeague,
} from './parse.ts';

/*
 * Sleeper's trades, from `/league/<id>/transactions/<round>`: entries of type `trade` and status
 * `complete`. Each roster of `roster_ids` is a side; it receives the players `adds` gives it, the
 * picks whose `owner_id` it is and the FAAB whose `receiver` it is.
 */

export function sleeperTrades(
  transactions: readonly SleeperTransaction[],
  league: TradeLeague,
): ParsedTrades {
  const trades = transactions.filter((t) => t.type === 'trade' && t.status === 'complete');
  return collect(trades, (t) => readTrade(t, league), 'sleeper');
}

function readTrade(t: SleeperTransaction, league: TradeLeague): StoredTrade {
  const id = t.transaction_id;
  const sides = new Map<number, TradeSide>();
  for (const roster of t.roster_ids ?? []) sides.set(roster, { players: [], picks: [], faab: 0 });
  const sideOf = (roster: number | null | undefined, what: string) => {
    const side = roster == null ? undefined : sides.get(roster);
    if (!side) throw new MalformedTrade(`trade ${id}: ${what} goes to a roster not in the trade`);
    return side;
  };
  for (const [player, roster] of Object.entries(t.adds ?? {})) {
    if (!league.knownPlayer(player)) throw new MalformedTrade(`trade ${id}: unknown player ${player}`);
    sideOf(roster, `player ${player}`).players.push(player);
  }
  for (const pick of t.draft_picks ?? []) {
    const season = seasonOf(pick.season);
    if (season === undefined) throw new MalformedTrade(`trade ${id}: a pick without a season`);
    const round = pick.round;
    if (round == null || !Number.isInteger(round) || round < 1)
      throw new MalformedTrade(`trade ${id}: a pick without a round`);
    const slot = pick.roster_id == null ? null : (league.slotOf?.(season, String(pick.roster_id)) ?? null);
    sideOf(pick.owner_id, 'a pick').picks.push({ season, round, slot });
  }
  for (const budget of t.waiver_budget ?? []) {
    const amount = budget.amount;
    if (amount == null || !Number.isFinite(amount) || amount < 0)
      throw new MalformedTrade(`trade ${id}: FAAB without an amount`);
    sideOf(budget.sender, 'FAAB');
    sideOf(budget.receiver, 'FAAB').faab += amount;
  }
  const at = t.status_updated ?? t.created;
  if (at == null || !Number.isFinite(at)) throw new MalformedTrade(`trade ${id} has no time`);
  const received = [...sides.values()];
  checkSides(id, received);
  return {
    service: 'sleeper',
    tradeId: id,
    leagueId: league.leagueId,
    season: league.season,
    tradedAt: new Date(at),
    format: league.format,
    sides: received,
  };
}

/**
 * Where each roster's picks fall, per season, from the league's drafts whose order is set: a draft's
 * `slot_to_roster_id`, or its `draft_order` (user to slot) through the rosters' owners.
 */
export function sleeperPickSlots(
  drafts: readonly SleeperDraft[],
  rosters: readonly SleeperRoster[],
  size: number,
): (season: number, team: string) => PickSlot | null {
  const bySeason = new Map<number, Map<string, number>>();
  const rosterOfUser = new Map<string, number>();
  for (const r of rosters) if (r.owner_id) rosterOfUser.set(r.owner_id, r.roster_id);
  for (const d of drafts) {
    const season = seasonOf(d.season);
    if (season === undefined) continue;
    const places = new Map<string, number>();
    for (const [slot, roster] of Object.entries(d.slot_to_roster_id ?? {}))
      if (roster != null) places.set(String(roster), Number(slot));
    if (places.size === 0)
      for (const [user, slot] of Object.entries(d.draft_order ?? {})) {
        const roster = rosterOfUser.get(user);
        if (roster !== undefined && slot != null) places.set(String(roster), slot);
      }
    if (places.size > 0) bySeason.set(season, places);
  }
  return (season, team) => {
    const place = bySeason.get(season)?.get(team);
    return place === undefined ? null : slotOfPlace(place, size);
  };
}
