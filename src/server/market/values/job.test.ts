import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoredTrade } from '#common/trades.ts';
import { DEFAULT_VALUE_FORMAT, formatKey, type ValuesAnswer } from '#common/values.ts';
import type { Database } from '#server/db/client.ts';
import type { PlayerIdentity } from '#server/leagues/players.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { emptyDatabase, openTestDatabase } from '#test/database.ts';
import { saveTrades } from '../trades/store.ts';
import { computeValues, valuesDue } from './job.ts';
import { readValues } from './store.ts';

/*
 * The values job on a real database: stored trades of two services, one player known to both through
 * the players list, fitted and stored per format with the 30-day trend; and GET /api/values answering
 * what was stored.
 */

const now = Date.UTC(2026, 10, 1, 12);
const day = 86_400_000;
const format = { size: 12, qbFormat: 'SF', ppr: 1, tePremium: 0, idp: false } as const;

const players: PlayerIdentity[] = [
  { id: '13604', mfl_id: '13604', sleeper_id: '4046', name: 'Patrick Mahomes', position: 'QB', team: 'KC' },
  { id: '15241', mfl_id: '15241', sleeper_id: '8150', name: 'Garrett Wilson', position: 'WR', team: 'NYJ' },
  {
    id: '16001',
    mfl_id: '16001',
    sleeper_id: '11001',
    name: 'Rookie Runner',
    position: 'RB',
    team: 'DAL',
    draftYear: 2026,
  },
  { id: 'sleeper:900', sleeper_id: '900', name: 'Thin Tightend', position: 'TE', team: 'GB' },
];

function trade(
  service: 'mfl' | 'sleeper',
  id: string,
  daysAgo: number,
  sides: StoredTrade['sides'],
): StoredTrade {
  return {
    service,
    tradeId: id,
    leagueId: 'L1',
    season: 2026,
    tradedAt: new Date(now - daysAgo * day),
    format,
    sides,
  };
}
const side = (ids: string[], picks: StoredTrade['sides'][number]['picks'] = []) => ({
  players: ids,
  picks,
  faab: 0,
});

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());
beforeEach(() => emptyDatabase(database));

describe('computeValues', () => {
  it('fits each format from both services, one player across them, with the trades behind and the trend', async () => {
    const trades: StoredTrade[] = [];
    // Mahomes (Sleeper 4046 = MFL 13604) for Wilson, on both services, before and after 30 days ago;
    // Wilson for the rookie and a 2027 first.
    for (let i = 0; i < 6; i++) {
      trades.push(trade('sleeper', `s${i}`, 5 + i * 10, [side(['4046']), side(['8150', '11001'])]));
      trades.push(
        trade('mfl', `m${i}`, 8 + i * 10, [
          side(['13604']),
          side(['15241'], [{ season: 2027, round: 1, slot: null }]),
        ]),
      );
      trades.push(
        trade('sleeper', `r${i}`, 3 + i * 12, [
          side(['8150']),
          side(['11001'], [{ season: 2027, round: 1, slot: null }]),
        ]),
      );
    }
    trades.push(trade('sleeper', 'thin', 2, [side(['900']), side(['11001'])]));
    // A player the list does not know: the trade is left out whole.
    trades.push(trade('sleeper', 'unknown', 2, [side(['777777']), side(['11001'])]));
    expect((await saveTrades(database.db, trades)).stored).toBe(trades.length);

    const run = await computeValues({
      db: database.db,
      players: async () => players,
      now: () => now,
      formats: [DEFAULT_VALUE_FORMAT, { ...DEFAULT_VALUE_FORMAT, qb: '1QB' }],
    });
    expect(run).toEqual({ formats: 2, trades: trades.length - 1, unknown: 1 });

    const answer = await readValues(database.db, formatKey(DEFAULT_VALUE_FORMAT));
    expect(answer.source).toMatchObject({
      trades: trades.length - 1,
      exact: trades.length - 1,
      services: ['mfl', 'sleeper'],
      outliers: 0,
    });
    expect(answer.source.to).toBe(new Date(now - 2 * day).toISOString());
    const mahomes = answer.rows.filter((r) => r.name === 'Patrick Mahomes');
    expect(mahomes).toHaveLength(1);
    expect(mahomes[0]).toMatchObject({
      kind: 'player',
      trades: 12,
      thin: false,
      ids: ['sleeper:4046', 'mfl:13604'],
    });
    expect(mahomes[0].previous).not.toBeNull();
    expect(mahomes[0].error).toBeGreaterThan(0);
    // One star for two: Mahomes is worth more than either, less than their plain sum.
    const wilson = answer.rows.find((r) => r.name === 'Garrett Wilson')!;
    const rookie = answer.rows.find((r) => r.name === 'Rookie Runner')!;
    expect(rookie.rookie).toBe(true);
    expect(wilson.rookie).toBe(false);
    expect(mahomes[0].value).toBeGreaterThan(Math.max(wilson.value, rookie.value));
    expect(mahomes[0].value).toBeLessThan(wilson.value + rookie.value);
    const pick = answer.rows.find((r) => r.asset === 'pick:2027:1')!;
    expect(pick).toMatchObject({ kind: 'pick', name: '2027 1st', position: 'PICK', trades: 12 });
    const thin = answer.rows.find((r) => r.name === 'Thin Tightend')!;
    expect(thin).toMatchObject({ thin: true, trades: 1, previous: null });
    // Best first, the too-thin after every value.
    expect(answer.rows.at(-1)!.thin).toBe(true);
    expect(answer.rows[0].name).toBe('Patrick Mahomes');

    // The other QB family borrows the same trades, weighed a quarter: none of exactly its format.
    const oneQb = await readValues(database.db, formatKey({ ...DEFAULT_VALUE_FORMAT, qb: '1QB' }));
    expect(oneQb.source.exact).toBe(0);
    expect(oneQb.source.trades).toBe(trades.length - 1);
    // Each answer names the formats with the most trades of their own, itself and formats without any left out.
    expect(oneQb.busiest).toEqual([{ format: formatKey(DEFAULT_VALUE_FORMAT), exact: trades.length - 1 }]);
    expect(answer.busiest).toEqual([]);
    expect((await readValues(database.db, '10-sf-ppr1-te0')).busiest).toEqual(oneQb.busiest);

    // A second run replaces the set whole.
    await computeValues({
      db: database.db,
      players: async () => players,
      now: () => now + day,
      formats: [DEFAULT_VALUE_FORMAT],
    });
    const again = await readValues(database.db, formatKey(DEFAULT_VALUE_FORMAT));
    expect(again.rows).toHaveLength(answer.rows.length);
    expect(again.computedAt).toBe(new Date(now + day).toISOString());
  });

  it('is due once trades are stored, after new trades at most hourly, and a day after the last set', async () => {
    expect(await valuesDue(database.db, now)).toBe(false);
    await saveTrades(database.db, [trade('sleeper', 'first', 1, [side(['4046']), side(['8150'])])]);
    await database.db.execute(
      sql`UPDATE league_trades SET read_at = ${new Date(now - day).toISOString()}::timestamptz`,
    );
    expect(await valuesDue(database.db, now)).toBe(true);
    const run = () =>
      computeValues({
        db: database.db,
        players: async () => players,
        now: () => now,
        formats: [DEFAULT_VALUE_FORMAT],
      });
    await run();
    expect(await valuesDue(database.db, now + 60_000)).toBe(false);
    expect(await valuesDue(database.db, now + day)).toBe(true);
    // A trade read after the set: due once the hour has passed (or the shorter wait asked for).
    await saveTrades(database.db, [trade('sleeper', 'next', 0, [side(['4046']), side(['8150'])])]);
    await database.db.execute(
      sql`UPDATE league_trades SET read_at = ${new Date(now + 60_000).toISOString()}::timestamptz WHERE trade_id = 'next'`,
    );
    expect(await valuesDue(database.db, now + 30 * 60_000)).toBe(false);
    expect(await valuesDue(database.db, now + 61 * 60_000)).toBe(true);
    expect(await valuesDue(database.db, now + 30 * 60_000, 10 * 60_000)).toBe(true);
  });

  it('fails the run, storing nothing, when the players list cannot be had', async () => {
    await expect(
      computeValues({
        db: database.db,
        players: () => Promise.reject(new Error('MFL and Sleeper down')),
        now: () => now,
        formats: [DEFAULT_VALUE_FORMAT],
      }),
    ).rejects.toThrow('down');
    expect((await readValues(database.db, formatKey(DEFAULT_VALUE_FORMAT))).computedAt).toBeNull();
  });
});

describe('GET /api/values', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t?.app.close());

  it('answers a format not yet computed as empty, and refuses a format it does not know', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/values?format=14-1QB-ppr0.5-te0-idp' });
    expect(ok.statusCode).toBe(200);
    const body = ok.json() as ValuesAnswer;
    expect(body).toMatchObject({ format: '14-1qb-ppr0.5-te0-idp', computedAt: null, rows: [] });
    const bad = await t.app.inject({ method: 'GET', url: '/api/values?format=12-sf' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message ?? JSON.stringify(bad.json())).toContain('12-sf-ppr1-te0');
  });
});
