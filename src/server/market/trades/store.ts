import { type SQL, sql } from 'drizzle-orm';
import { type StoredTrade, storedTradeSchema, type TradeFormat, type TradeService } from '#common/trades.ts';
import type { Db } from '#server/db/client.ts';
import { type Queryable, queryRows } from '#server/db/query.ts';

/*
 * The completed trades (migration 0090): each kept once by service and transaction id, its players
 * listed apart so a player's trades are found by index. A trade is one INSERT statement (the trade and
 * its players together), so it is stored whole or not at all.
 */

export interface SaveResult {
  /** Trades new to the store. */
  stored: number;
  /** Trades the store already had (kept as first read). */
  known: number;
  /** Trades refused as malformed (nothing of them stored). */
  invalid: number;
}

/** Stores each trade not yet stored; a trade already there is left as it is. */
export async function saveTrades(db: Queryable, trades: readonly StoredTrade[]): Promise<SaveResult> {
  const result: SaveResult = { stored: 0, known: 0, invalid: 0 };
  for (const input of trades) {
    const parsed = storedTradeSchema.safeParse(input);
    if (!parsed.success) {
      result.invalid++;
      continue;
    }
    const t = parsed.data;
    const players = [...new Set(t.sides.flatMap((s) => s.players))];
    const sides = t.sides.map((s) => ({
      players: s.players,
      picks: s.picks.map((p) => ({ season: p.season, round: p.round, slot: p.slot })),
      faab: s.faab,
    }));
    const rows = await queryRows<{ trade_id: string }>(
      db,
      sql`WITH t AS (
            INSERT INTO league_trades
              (service, trade_id, league_id, season, traded_at, size, qb_format, ppr, te_premium, idp, sides)
            VALUES (${t.service}, ${t.tradeId}, ${t.leagueId}, ${t.season}, ${t.tradedAt.toISOString()}::timestamptz,
                    ${t.format.size}, ${t.format.qbFormat}, ${t.format.ppr}, ${t.format.tePremium}, ${t.format.idp},
                    ${JSON.stringify(sides)}::jsonb)
            ON CONFLICT (service, trade_id) DO NOTHING
            RETURNING service, trade_id
          ), p AS (
            INSERT INTO league_trade_players (service, trade_id, player_id)
            SELECT t.service, t.trade_id, ids.id
            FROM t, jsonb_array_elements_text(${JSON.stringify(players)}::jsonb) AS ids(id)
          )
          SELECT trade_id FROM t`,
    );
    if (rows.length > 0) result.stored++;
    else result.known++;
  }
  return result;
}

export interface PlayerRef {
  service: TradeService;
  id: string;
}

export interface TradeQuery {
  /** Trades at or after this time. */
  from?: Date;
  /** Trades before this time. */
  to?: Date;
  /** Only trades in which one of these changed hands (one person's ids on several services). */
  player?: PlayerRef | readonly PlayerRef[];
  /** Only trades of leagues with these facts (those given). */
  format?: Partial<TradeFormat>;
  service?: TradeService;
  /** At most this many, the newest first. */
  limit?: number;
}

interface TradeRow {
  service: TradeService;
  trade_id: string;
  league_id: string;
  season: number;
  traded_at: Date | string;
  size: number;
  qb_format: TradeFormat['qbFormat'];
  ppr: number;
  te_premium: number;
  idp: boolean;
  sides: StoredTrade['sides'] | string;
}

/** The stored trades that match, the newest first (ties by service and id, so the order is stable). */
export async function listTrades(db: Db | Queryable, q: TradeQuery = {}): Promise<StoredTrade[]> {
  const where: SQL[] = [];
  if (q.from) where.push(sql`t.traded_at >= ${q.from.toISOString()}::timestamptz`);
  if (q.to) where.push(sql`t.traded_at < ${q.to.toISOString()}::timestamptz`);
  if (q.service) where.push(sql`t.service = ${q.service}`);
  const f = q.format ?? {};
  if (f.size !== undefined) where.push(sql`t.size = ${f.size}`);
  if (f.qbFormat !== undefined) where.push(sql`t.qb_format = ${f.qbFormat}`);
  if (f.ppr !== undefined) where.push(sql`t.ppr = ${f.ppr}::real`);
  if (f.tePremium !== undefined) where.push(sql`t.te_premium = ${f.tePremium}::real`);
  if (f.idp !== undefined) where.push(sql`t.idp = ${f.idp}`);
  if (q.player !== undefined) {
    const refs = Array.isArray(q.player) ? q.player : [q.player as PlayerRef];
    if (refs.length === 0) return [];
    const pairs = refs.map((r) => sql`(${r.service}, ${r.id})`);
    where.push(sql`EXISTS (SELECT 1 FROM league_trade_players p
      WHERE p.service = t.service AND p.trade_id = t.trade_id
        AND (p.service, p.player_id) IN (${sql.join(pairs, sql`, `)}))`);
  }
  const rows = await queryRows<TradeRow>(
    db,
    sql`SELECT t.service, t.trade_id, t.league_id, t.season, t.traded_at, t.size, t.qb_format, t.ppr,
               t.te_premium, t.idp, t.sides
        FROM league_trades t
        ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
        ORDER BY t.traded_at DESC, t.service, t.trade_id
        ${q.limit !== undefined ? sql`LIMIT ${q.limit}` : sql``}`,
  );
  return rows.map((r) => ({
    service: r.service,
    tradeId: r.trade_id,
    leagueId: r.league_id,
    season: r.season,
    tradedAt: new Date(r.traded_at),
    format: { size: r.size, qbFormat: r.qb_format, ppr: r.ppr, tePremium: r.te_premium, idp: r.idp },
    sides: typeof r.sides === 'string' ? JSON.parse(r.sides) : r.sides,
  }));
}
