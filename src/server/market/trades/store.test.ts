import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoredTrade } from '#common/trades.ts';
import type { Database } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { emptyDatabase, openTestDatabase } from '#test/database.ts';
import { listTrades, saveTrades } from './store.ts';

/* The trades store on PGlite, and on PostgreSQL too when TEST_DB=postgres. */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());
beforeEach(() => emptyDatabase(database));

const format = { size: 12, qbFormat: 'SF', ppr: 1, tePremium: 0.5, idp: false } as const;
function trade(
  id: string,
  at: string,
  sides: StoredTrade['sides'],
  over: Partial<StoredTrade> = {},
): StoredTrade {
  return {
    service: 'sleeper',
    tradeId: id,
    leagueId: 'L1',
    season: 2025,
    tradedAt: new Date(at),
    format,
    sides,
    ...over,
  };
}
const side = (players: string[], picks: StoredTrade['sides'][number]['picks'] = [], faab = 0) => ({
  players,
  picks,
  faab,
});

describe('saveTrades and listTrades', () => {
  it('stores each trade once, whole, and lists it back as it was', async () => {
    const a = trade('100', '2025-05-02T10:00:00Z', [
      side(['4046'], [{ season: 2026, round: 1, slot: 'early' }]),
      side(['6794', '7564'], [], 25),
    ]);
    const b = trade('101', '2025-06-01T00:00:00Z', [
      side(['4046']),
      side([], [{ season: 2026, round: 2, slot: null }]),
    ]);
    expect(await saveTrades(database.db, [a, b])).toEqual({ stored: 2, known: 0, invalid: 0 });
    // Read again: already there, nothing changes.
    expect(await saveTrades(database.db, [{ ...a, format: { ...format, size: 10 } }])).toEqual({
      stored: 0,
      known: 1,
      invalid: 0,
    });
    expect(await listTrades(database.db)).toEqual([b, a]);
    const players = await queryRows<{ trade_id: string; player_id: string }>(
      database.db,
      sql`SELECT trade_id, player_id FROM league_trade_players ORDER BY trade_id, player_id`,
    );
    expect(players).toEqual([
      { trade_id: '100', player_id: '4046' },
      { trade_id: '100', player_id: '6794' },
      { trade_id: '100', player_id: '7564' },
      { trade_id: '101', player_id: '4046' },
    ]);
  });

  it('refuses a malformed trade whole and stores the rest', async () => {
    const good = trade('1', '2025-05-02T10:00:00Z', [side(['1']), side(['2'])]);
    const oneSided = trade('2', '2025-05-02T10:00:00Z', [side(['3'])]);
    const emptySide = trade('3', '2025-05-02T10:00:00Z', [side(['3']), side([])]);
    const noSeason = trade('4', '2025-05-02T10:00:00Z', [
      side(['5']),
      side([], [{ season: undefined as unknown as number, round: 1, slot: null }]),
    ]);
    const badDate = trade('5', 'not a date', [side(['6']), side(['7'])]);
    expect(await saveTrades(database.db, [oneSided, good, emptySide, noSeason, badDate])).toEqual({
      stored: 1,
      known: 0,
      invalid: 4,
    });
    const counts = await queryRows<{ trades: number; players: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM league_trades) AS trades,
                 (SELECT count(*)::int FROM league_trade_players) AS players`,
    );
    expect(counts).toEqual([{ trades: 1, players: 2 }]);
  });

  it('keeps the same transaction id of two services apart', async () => {
    const s = trade('7', '2025-05-02T10:00:00Z', [side(['1']), side(['2'])]);
    const m = { ...s, service: 'mfl' as const };
    expect((await saveTrades(database.db, [s, m])).stored).toBe(2);
    expect((await listTrades(database.db, { service: 'mfl' })).map((t) => t.service)).toEqual(['mfl']);
  });

  it("finds a player's trades in a date range, on any of his services' ids, and by the league's facts", async () => {
    await saveTrades(database.db, [
      trade('1', '2025-01-31T23:59:59Z', [side(['A']), side(['B'])]),
      trade('2', '2025-02-01T00:00:00Z', [side(['A']), side(['C'])]),
      trade('3', '2025-02-15T12:00:00Z', [side(['C']), side(['D'])]),
      trade('4', '2025-02-28T23:59:59Z', [side(['B']), side(['A'])], {
        format: { ...format, qbFormat: '1QB' },
      }),
      trade('9', '2025-02-10T00:00:00Z', [side(['0A']), side(['Z'])], { service: 'mfl' }),
      trade('5', '2025-03-01T00:00:00Z', [side(['A']), side(['E'])]),
    ]);
    const ids = (ts: StoredTrade[]) => ts.map((t) => `${t.service}:${t.tradeId}`);
    const feb = { from: new Date('2025-02-01T00:00:00Z'), to: new Date('2025-03-01T00:00:00Z') };
    expect(ids(await listTrades(database.db, { ...feb, player: { service: 'sleeper', id: 'A' } }))).toEqual([
      'sleeper:4',
      'sleeper:2',
    ]);
    expect(
      ids(
        await listTrades(database.db, {
          ...feb,
          player: [
            { service: 'sleeper', id: 'A' },
            { service: 'mfl', id: '0A' },
          ],
        }),
      ),
    ).toEqual(['sleeper:4', 'mfl:9', 'sleeper:2']);
    // The same id on another service is another player.
    expect(await listTrades(database.db, { player: { service: 'mfl', id: 'A' } })).toEqual([]);
    expect(await listTrades(database.db, { player: [] })).toEqual([]);
    expect(
      ids(await listTrades(database.db, { ...feb, format: { qbFormat: 'SF', tePremium: 0.5 } })),
    ).toEqual(['sleeper:3', 'mfl:9', 'sleeper:2']);
    expect(ids(await listTrades(database.db, { format: { ppr: 0.5 } }))).toEqual([]);
    expect(ids(await listTrades(database.db, { limit: 2 }))).toEqual(['sleeper:5', 'sleeper:4']);
  });
});
