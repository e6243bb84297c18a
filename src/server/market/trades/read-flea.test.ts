import { describe, expect, it } from 'vitest';
import { createFleaClient } from '#server/leagues/flea/client.ts';
import { fleaLeagueRulesSchema } from '#server/leagues/flea/schemas.ts';
import { fakeFetch, testHttp, testLoader } from '#test/league-fetch.ts';
import { fixtureJson, fixtureText } from '#test/league-fixtures.ts';
import { fleaFormat, readFleaTrades } from './read.ts';

/*
 * A listed Fleaflicker league's trades and format, on Fleaflicker's recorded answers
 * (tests/fixtures/recorded/flea): league 312861's FetchTrades, FetchLeagueRules and
 * FetchLeagueRosters, and league 206154's rules. The facts were read from the recordings by hand:
 * 312861 starts QB, RB, 2 WR, TE, 4 RB/WR/TE and one QB/RB/WR/TE, a catch scores 0.5 for every
 * position, its IDP slots start nobody, 12 rosters; 206154 starts one QB, scores a tight end's catch
 * 1 and everyone else's 0.5, and starts 2 DB, 2 EDR/IL, 2 LB and 2 DB/EDR/IL/LB.
 */

const api = 'ffverse__ffscrapr-tests/flea/api';
const rules = (file: string) => fleaLeagueRulesSchema.parse(fixtureJson('flea', `${api}/${file}`));

describe("a Fleaflicker league's format from its rules", () => {
  it('league 312861: superflex (a QB/RB/WR/TE slot), half PPR, no TE premium, not IDP', () => {
    expect(fleaFormat(rules('FetchLeagueRules-43d23d.json'), 12)).toEqual({
      size: 12,
      qbFormat: 'SF',
      ppr: 0.5,
      tePremium: 0,
      idp: false,
    });
  });

  it('league 206154: one QB, half PPR with a tight end premium of 0.5, IDP', () => {
    expect(fleaFormat(rules('FetchLeagueRules-3bb53c.json'), 10)).toEqual({
      size: 10,
      qbFormat: '1QB',
      ppr: 0.5,
      tePremium: 0.5,
      idp: true,
    });
  });

  it('refuses a league without teams', () => {
    expect(() => fleaFormat(rules('FetchLeagueRules-43d23d.json'), 0)).toThrow(/no teams/);
  });
});

const recorded: Record<string, string> = {
  FetchTrades: 'ffverse__ffscrapr/tests/testthat/flea/api/FetchTrades-b3c137.json',
  FetchLeagueRules: `${api}/FetchLeagueRules-43d23d.json`,
  FetchLeagueRosters: `${api}/FetchLeagueRosters-e56db7.json`,
};

describe("reading a listed Fleaflicker league's trades through the client", () => {
  it('league 312861: its 2 executed trades in the 2020 season, with the format of its rules and rosters', async () => {
    const fake = fakeFetch((url) => {
      const file = recorded[url.pathname.split('/').pop() ?? ''];
      return file && url.searchParams.get('league_id') === '312861'
        ? { body: fixtureText('flea', file) }
        : undefined;
    });
    const flea = createFleaClient({
      http: testHttp('flea', fake.fetch),
      apiUrl: 'https://www.fleaflicker.com/api',
      load: testLoader(),
    });
    const read = await readFleaTrades(flea, '312861', Date.parse('2026-11-28T12:00:00Z'));
    expect(read.season).toBe(2026);
    expect(read.skipped).toBe(0);
    expect(read.trades.map((t) => [t.tradeId, t.season, t.sides.map((s) => s.players.length)])).toEqual([
      ['6020566', 2020, [2, 2]],
      [expect.any(String), 2020, expect.any(Array)],
    ]);
    expect(read.trades.flatMap((t) => t.sides.flatMap((s) => s.players))).toHaveLength(8);
    for (const t of read.trades)
      expect(t.format).toEqual({ size: 12, qbFormat: 'SF', ppr: 0.5, tePremium: 0, idp: false });
    // One page of trades (no next page), then the rules and the rosters once each.
    expect(fake.urls.map((u) => new URL(u).pathname.split('/').pop()).sort()).toEqual([
      'FetchLeagueRosters',
      'FetchLeagueRules',
      'FetchTrades',
    ]);
    expect(new URL(fake.urls.find((u) => u.includes('FetchTrades'))!).searchParams.get('filter')).toBe(
      'TRADES_COMPLETED',
    );
  });

  it('a league without executed trades costs one call, and Fleaflicker unreachable fails the read', async () => {
    const empty = fakeFetch((url) =>
      url.pathname.endsWith('/FetchTrades') ? { body: '{"trades":[],"resultTotal":0}' } : undefined,
    );
    const flea = (f: typeof fetch) =>
      createFleaClient({ http: testHttp('flea', f), apiUrl: 'https://flea.test/api', load: testLoader() });
    expect(await readFleaTrades(flea(empty.fetch), '1', Date.now())).toMatchObject({
      trades: [],
      skipped: 0,
    });
    expect(empty.urls).toHaveLength(1);
    const down: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(readFleaTrades(flea(down), '1', Date.now())).rejects.toThrow(/Fleaflicker/);
  });
});
