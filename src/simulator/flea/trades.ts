/** Fleaflicker's FetchTrades: a league's executed trades, a page of them, in the recorded shape. */
import type { League, LeagueTeam } from '../world/league.ts';
import type { Player } from '../world/players.ts';
import { leagueTrades as worldTrades } from '../world/trades.ts';
import { displayGroup, initials, num, rankJson } from './format.ts';
import { type FleaView, one, type Query } from './view.ts';

/** Fleaflicker pages its trades; 20 a page here. */
const PAGE = 20;

export function leagueTrades(v: FleaView, l: League, q: Query) {
  const offset = Math.max(0, Number(one(q, 'result_offset') ?? 0) || 0);
  // Only the completed ones are simulated: another filter finds none.
  const filter = one(q, 'filter') ?? 'TRADES_COMPLETED';
  const all =
    filter === 'TRADES_COMPLETED'
      ? worldTrades(v.world, l)
          .filter((t) => t.at * 1000 <= v.now)
          .reverse()
      : [];
  const team = (t: LeagueTeam) => ({ id: Number(t.id), name: t.name, initials: initials(t.name) });
  // A player as the trade lists him: the league's player entry, owned by the team that obtained him.
  const obtained = (p: Player, owner: LeagueTeam) => ({
    proPlayer: v.pro(p, false),
    requestedGames: [],
    viewingActualPoints: { formatted: '—' },
    viewingProjectedPoints: num(0),
    viewingActualStats: [],
    viewingProjectedStats: [],
    transactionStatus: v.transactionStatus(p),
    requestedGamesPeriod: { ordinal: v.week, startEpochMilli: v.periodStart(v.week), isNow: true },
    viewingFormat: 'TOTAL',
    viewingRange: { low: v.week },
    owner: team(owner),
    displayGroup: displayGroup(p),
    rankFantasy: rankJson(p, 0, 0, v.world.season),
    lastX: [],
    seasonTotal: num(0),
    seasonAverage: num(0),
  });
  const page = all.slice(offset, offset + PAGE);
  const next = offset + PAGE < all.length ? offset + PAGE : undefined;
  return {
    trades: page.map((t) => ({
      id: Number(t.id),
      teams: t.teams.map((index, i) => ({
        team: team(l.teams[index]),
        playersObtained: t.gave[1 - i].players.map((p) => obtained(v.world.players[p], l.teams[index])),
        ...(t.gave[1 - i].picks.length > 0
          ? {
              picksObtained: t.gave[1 - i].picks.map((p) => ({
                season: p.season,
                slot: { round: p.round },
                originalOwner: team(l.teams[t.teams[1 - i]]),
              })),
            }
          : {}),
      })),
      description: `Trade ${t.id}`,
      status: 'TRADE_STATUS_EXECUTED',
      proposedOn: String(t.at * 1000 - 3_600_000),
      approvedOn: String(t.at * 1000),
      numVetoesRequired: Math.ceil(l.teams.length / 2) - 1,
      chatChannel: `/chats/NFL/leagues/${l.id}/trades-${t.id}`,
    })),
    filter,
    resultTotal: all.length,
    ...(next !== undefined ? { resultOffsetNext: next } : {}),
  };
}
