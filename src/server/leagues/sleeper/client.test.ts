import { describe, expect, it } from 'vitest';
import { fakeFetch, testHttp, testLoader } from '#test/league-fetch.ts';
import { fixtureFiles, fixtureText } from '#test/league-fixtures.ts';
import { LeagueServiceError } from '../errors.ts';
import { createSleeperClient, readPlayerMap, type SleeperClient } from './client.ts';

const ff = 'ffverse__ffscrapr-tests/sleeper/v1';
const rr = 'ryanroundhouse__sleeper';
const ffTrades = 'ffverse__ffscrapr/tests/testthat/sleeper/v1/league/522458773317046272/transactions';

/** Which request each recorded answer answers (see the fixture folder's INDEX.md). */
const recorded: Record<string, string> = {
  '/user/solarpool': `${ff}/user/solarpool.json`,
  '/user/202892038360801280/leagues/nfl/2020': `${ff}/user/202892038360801280/leagues/nfl/2020.json`,
  '/league/522458773317046272': `${ff}/league/522458773317046272.json`,
  '/league/522458773317046272/rosters': `${ff}/league/522458773317046272/rosters.json`,
  '/league/522458773317046272/users': `${ff}/league/522458773317046272/users.json`,
  '/league/522458773317046272/drafts': `${ff}/league/522458773317046272/drafts.json`,
  '/league/711961723149553664': `${ff}/league/711961723149553664.json`,
  '/draft/522458773321240576/picks': `${ff}/draft/522458773321240576/picks.json`,
  '/state/nfl': `${rr}/nfl_state.json`,
  '/league/1264686617134628864': `${rr}/league_1264686617134628864_info.json`,
  '/league/1264686617134628864/rosters': `${rr}/league_1264686617134628864_rosters.json`,
  '/league/1264686617134628864/users': `${rr}/league_1264686617134628864_users.json`,
  '/players/nfl': 'dmethi__gauntlet-website/apps/web/data/players-sample.json',
  '/league/522458773317046272/transactions/2': `${ff}/league/522458773317046272/transactions/2.json`,
  ...Object.fromEntries(
    [1, 3, 4, 5, 6, 7, 8, 9].map((round) => [
      `/league/522458773317046272/transactions/${round}`,
      `${ffTrades}/${round}.json`,
    ]),
  ),
};

/** Recorded answers to endpoints the app does not call. */
const notRead = [
  `${ff}/league/522458773317046272/matchups/1.json`,
  `${ff}/league/522458773317046272/traded_picks.json`,
  `${ff}/players/nfl/trending/add-485def.json`,
  `${rr}/league_1264686617134628864_matchups_week_3.json`,
];

function sleeper(extra: Record<string, string> = {}) {
  const fake = fakeFetch((url) => {
    const path = url.pathname.replace(/^\/v1/, '');
    if (path in extra) return { body: extra[path] };
    const file = recorded[path];
    return file ? { body: fixtureText('sleeper', file) } : undefined;
  });
  const client = createSleeperClient({
    http: testHttp('sleeper', fake.fetch),
    apiUrl: 'https://sleeper.test/v1',
    load: testLoader(),
  });
  return { client, urls: fake.urls };
}

/** The client call that reads each recorded request. */
const calls: [RegExp, (client: SleeperClient, m: string[]) => Promise<unknown>][] = [
  [/^\/user\/(\d+)\/leagues\/nfl\/(\d+)$/, (c, m) => c.userLeagues(m[1], m[2])],
  [/^\/user\/([^/]+)$/, (c, m) => c.user(m[1])],
  [/^\/league\/(\d+)\/rosters$/, (c, m) => c.rosters(m[1])],
  [/^\/league\/(\d+)\/users$/, (c, m) => c.leagueUsers(m[1])],
  [/^\/league\/(\d+)\/drafts$/, (c, m) => c.drafts(m[1])],
  [/^\/league\/(\d+)\/transactions\/(\d+)$/, (c, m) => c.transactions(m[1], Number(m[2]))],
  [/^\/league\/(\d+)$/, (c, m) => c.league(m[1])],
  [/^\/draft\/(\d+)\/picks$/, (c, m) => c.draftPicks(m[1])],
  [/^\/state\/nfl$/, (c) => c.state()],
  [/^\/players\/nfl$/, (c) => c.players()],
];

function call(client: SleeperClient, path: string): Promise<unknown> {
  for (const [pattern, run] of calls) {
    const m = pattern.exec(path);
    if (m) return run(client, m);
  }
  throw new Error(`no call for ${path}`);
}

describe('every recorded Sleeper answer', () => {
  it('is either read by a client call or knowingly not used', () => {
    expect([...Object.values(recorded), ...notRead].sort()).toEqual(fixtureFiles('sleeper'));
  });

  it.each(Object.keys(recorded))('%s reads', async (path) => {
    const { client, urls } = sleeper();
    const result = await call(client, path);
    expect(result).toBeTruthy();
    expect(new URL(urls[0]).pathname).toBe(`/v1${path}`);
  });

  it.each(notRead)('%s is at least JSON', (file) => {
    expect(() => JSON.parse(fixtureText('sleeper', file))).not.toThrow();
  });
});

describe('Sleeper client', () => {
  it('finds a user and keeps ids as strings', async () => {
    const user = await sleeper().client.user('SolarPool');
    expect(user).toEqual({
      user_id: '202892038360801280',
      username: 'solarpool',
      display_name: 'solarpool',
      avatar: 'a71f864896ba28cbfaa4dc5df5b564e0',
      is_bot: false,
    });
  });

  it('an unknown user (null body) is "Sleeper user not found" (404)', async () => {
    const { client } = sleeper({ '/user/nobody_here': 'null' });
    await expect(client.user('nobody_here')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Sleeper user not found',
    });
  });

  it('an unknown user answered with a 404 is the same', async () => {
    await expect(sleeper().client.user('also_nobody')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Sleeper user not found',
    });
  });

  it('reads leagues, best ball and league settings', async () => {
    const { client } = sleeper();
    const leagues = await client.userLeagues('202892038360801280', 2020);
    expect(leagues).toHaveLength(3);
    expect(leagues[0]).toMatchObject({
      league_id: '522458773317046272',
      season: '2020',
      settings: { type: 2 },
    });
    const bestBall = await client.league('711961723149553664');
    expect(bestBall.settings?.best_ball).toBe(1);
    expect(bestBall.roster_positions).toContain('SUPER_FLEX');
  });

  it('reads rosters with taxi, reserve and null lists', async () => {
    const rosters = await sleeper().client.rosters('522458773317046272');
    expect(rosters).toHaveLength(12);
    expect(rosters.some((r) => r.taxi === null)).toBe(true);
    expect(rosters[0].owner_id).toBe('70729037081100288');
    expect(rosters[0].players?.every((id) => typeof id === 'string')).toBe(true);
  });

  it('a user with no leagues (null) has none', async () => {
    const { client } = sleeper({ '/user/1/leagues/nfl/2025': 'null' });
    expect(await client.userLeagues('1', 2025)).toEqual([]);
  });

  it('an answer of the wrong shape is unreadable, not a crash', async () => {
    const { client } = sleeper({ '/league/1/rosters': '{"oops":true}', '/state/nfl': '[1,2]' });
    await expect(client.rosters('1')).rejects.toThrow('Sleeper sent an answer we could not read');
    const { client: other } = sleeper({ '/state/nfl': '[1,2]' });
    await expect(other.state()).rejects.toBeInstanceOf(LeagueServiceError);
  });

  it('reads the players map once, keeping external ids as strings', async () => {
    const { client, urls } = sleeper();
    const players = await client.players();
    await client.players();
    expect(urls).toHaveLength(1);
    expect(players).toHaveLength(34);
    const bell = players.find((p) => p.player_id === '1408');
    expect(bell).toMatchObject({
      full_name: "Le'Veon Bell",
      team: 'TB',
      espn_id: '15825',
      gsis_id: '00-0030496',
    });
  });

  it('skips a players-map entry that does not read, keeping the rest', () => {
    const players = readPlayerMap({
      '1': { full_name: 'A B', position: 'QB' },
      '2': 'junk',
      '3': { active: 'yes' },
    });
    expect(players.map((p) => p.player_id)).toEqual(['1']);
    expect(() => readPlayerMap(null)).toThrow(LeagueServiceError);
  });
});
