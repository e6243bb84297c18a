import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredTrade, TradesAnswer } from '#common/trades.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { saveTrades } from './store.ts';

/*
 * GET /api/values/trades through the app, on a real database: a player's trades in a date range,
 * on his own service and, through the players list's cross ids, on the others.
 */

let sim: Sim;
let t: TestApp;
beforeAll(async () => {
  sim = await startSim();
  t = await makeTestApp({}, { sim });
});
afterAll(async () => {
  await t?.app.close();
  await sim?.close();
});

const format = { size: 12, qbFormat: 'SF', ppr: 1, tePremium: 0, idp: false } as const;
const side = (players: string[], picks: StoredTrade['sides'][number]['picks'] = [], faab = 0) => ({
  players,
  picks,
  faab,
});
const get = async (query: string) => t.app.inject({ method: 'GET', url: `/api/values/trades?${query}` });

describe('GET /api/values/trades', () => {
  it("lists the player's trades in the range, on every service he is on, newest first", async () => {
    // Players the merged list knows on MFL and Sleeper. Fleaflicker's ids it has only where
    // Fleaflicker lists players without a league, which the simulator does not: its trades are then
    // found by their own ids alone.
    const listed = (await t.services.players.list()).filter((p) => p.mfl_id && p.sleeper_id);
    const [a, b, c] = listed.slice(0, 3).map((p) => ({ mflId: p.mfl_id!, sleeperId: p.sleeper_id! }));
    const trades: StoredTrade[] = [
      {
        service: 'sleeper',
        tradeId: '900001',
        leagueId: 'L1',
        season: 2025,
        tradedAt: new Date('2025-03-01T12:00:00Z'),
        format,
        sides: [side([a.sleeperId], [], 10), side([b.sleeperId], [{ season: 2026, round: 1, slot: 'late' }])],
      },
      {
        service: 'mfl',
        tradeId: '12345-2025-1746000000-0001-0002',
        leagueId: '12345',
        season: 2025,
        tradedAt: new Date('2025-04-30T08:00:00Z'),
        format: { ...format, qbFormat: '1QB' },
        sides: [side([c.mflId]), side([a.mflId])],
      },
      {
        service: 'flea',
        tradeId: '777',
        leagueId: '312861',
        season: 2025,
        tradedAt: new Date('2025-06-01T00:00:00Z'),
        format,
        sides: [side(['990001']), side(['990002'])],
      },
      // Without him.
      {
        service: 'sleeper',
        tradeId: '900002',
        leagueId: 'L1',
        season: 2025,
        tradedAt: new Date('2025-03-02T12:00:00Z'),
        format,
        sides: [side([b.sleeperId]), side([c.sleeperId])],
      },
    ];
    expect((await saveTrades(t.database.db, trades)).stored).toBe(4);

    const res = await get(`player=sleeper:${a.sleeperId}&from=2025-03-01&to=2025-04-30`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      trades: [
        {
          id: 'mfl:12345-2025-1746000000-0001-0002',
          at: '2025-04-30T08:00:00.000Z',
          format: { ...format, qbFormat: '1QB' },
          sides: [
            { players: [`mfl:${c.mflId}`], picks: [], faab: 0 },
            { players: [`mfl:${a.mflId}`], picks: [], faab: 0 },
          ],
        },
        {
          id: 'sleeper:900001',
          at: '2025-03-01T12:00:00.000Z',
          format,
          sides: [
            { players: [`sleeper:${a.sleeperId}`], picks: [], faab: 10 },
            {
              players: [`sleeper:${b.sleeperId}`],
              picks: [{ season: 2026, round: 1, slot: 'late' }],
              faab: 0,
            },
          ],
        },
      ],
    } satisfies TradesAnswer);
    // Without a range: all of his on MFL and Sleeper, asked by either id.
    for (const player of [`mfl:${a.mflId}`, `sleeper:${a.sleeperId}`]) {
      const all = (await get(`player=${player}`)).json() as TradesAnswer;
      expect(all.trades.map((x) => x.id)).toEqual(['mfl:12345-2025-1746000000-0001-0002', 'sleeper:900001']);
    }
    // A Fleaflicker id the list does not know: that service's trades.
    expect(((await get('player=flea:990001')).json() as TradesAnswer).trades.map((x) => x.id)).toEqual([
      'flea:777',
    ]);
    // A time as `to` ends there.
    const before = (await get(`player=mfl:${a.mflId}&to=2025-04-30T07:59:59Z`)).json() as TradesAnswer;
    expect(before.trades.map((x) => x.id)).toEqual(['sleeper:900001']);
    // Someone nobody traded.
    expect((await get('player=sleeper:99999999')).json()).toEqual({ trades: [] });
  });

  it.each([
    ['', 'player'],
    ['player=4046', 'A player is <service>:<id>'],
    ['player=espn:4046', 'A player is <service>:<id>'],
    ['player=sleeper:4046&from=yesterday', 'Dates are YYYY-MM-DD'],
    ['player=sleeper:4046&from=2025-02-30', 'Not a real date'],
    ['player=sleeper:4046&from=2025-02-01T10:00', 'with its zone'],
    ['player=sleeper:4046&from=2025-05-02&to=2025-05-01', 'from is after to'],
  ])('refuses %j with a 400 that says why', async (query, words) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(words);
  });
});
