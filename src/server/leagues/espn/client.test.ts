import { describe, expect, it } from 'vitest';
import { testHttp, testLoader } from '#test/league-fetch.ts';
import { fixtureFiles, fixtureText } from '#test/league-fixtures.ts';
import { createEspnClient, ESPN_PRIVATE_LEAGUE, fanLeaguesOf } from './client.ts';

/* The ESPN client end to end on ESPN's recorded answers: URLs, headers, errors and cache scope. */

const cw = 'cwendt94__espn-api/tests/football/unit/data';
const files = {
  team: `${cw}/league_team_2018.json`,
  settings: 'ChadPapineau__espn-fantasy-football-mcp/fixtures/espn/recorded/league-a/mSettings.json',
  playerInfo: 'ffverse__ffscrapr/tests/testthat/espn/seasons/2020/segments/0/leagues/1178049-8cf1b0.json',
  schedule: `${cw}/pro_schedule_2024.json`,
  notFound: 'ChadPapineau__espn-fantasy-football-mcp/fixtures/espn/recorded/errors/404-league-not-found.json',
  scoreboard:
    'scottsauber__espn-fantasy-football-analyzer/src/EspnFantasyFootballAnalyzer.Core.Tests/Awards/test.json',
  players: `${cw}/league_players_2018.json`,
};

interface Asked {
  url: URL;
  headers: Headers;
}

function espn(answer: (asked: Asked) => { status?: number; body: string }) {
  const asked: Asked[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const one = { url: new URL(request.url), headers: request.headers };
    asked.push(one);
    const { status = 200, body } = answer(one);
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const client = createEspnClient({
    http: testHttp('espn', fetch),
    apiUrl: 'https://espn.test',
    fanApiUrl: 'https://fan.espn.test',
    load: testLoader(),
    seasonYear: () => 2026,
  });
  return { client, asked };
}

const serve = (file: string, status?: number) => () => ({ status, body: fixtureText('espn', file) });
const auth = { swid: '{0A1B2C3D-1111-2222-3333-444455556666}', espnS2: 'AEB%2Bsecret%3Dtoken0123456789' };

describe('the recorded ESPN answers', () => {
  it('are in the repository (the simulator’s contract test reads them too)', () => {
    for (const file of Object.values(files)) expect(fixtureFiles('espn')).toContain(file);
  });
});

describe('ESPN client on the recorded answers', () => {
  it('reads a league with view=mTeam, asking ESPN’s read API as its pages do', async () => {
    const { client, asked } = espn(serve(files.team));
    const league = await client.league('368876', ['mTeam'], { auth });
    expect(league.teams).toHaveLength(10);
    expect(league.members?.[0]?.id).toMatch(/^\{[0-9A-Z-]{36,40}\}$/);
    const { url, headers } = asked[0]!;
    expect(url.pathname).toBe('/apis/v3/games/ffl/seasons/2026/segments/0/leagues/368876');
    expect(url.searchParams.getAll('view')).toEqual(['mTeam']);
    expect(headers.get('cookie')).toBe(`SWID=${auth.swid}; espn_s2=${auth.espnS2}`);
    expect(headers.get('user-agent')).toBe('dynasty-test/1.0');
  });

  it('reads the lineup slots of view=mSettings', async () => {
    const { client } = espn(serve(files.settings));
    const league = await client.league('1', ['mSettings'], { week: 4 });
    expect(league.settings?.rosterSettings?.lineupSlotCounts['23']).toBe(5);
  });

  it('asks for free agents with a sorted, limited filter (a limit without a sort is refused)', async () => {
    const { client, asked } = espn(serve(files.playerInfo));
    const players = await client.freeAgents('1178049', { week: 3, slotIds: [2], limit: 25 });
    expect(players.map((p) => p.player.fullName)).toContain('Davante Adams');
    const filter = JSON.parse(asked[0]!.headers.get('x-fantasy-filter') ?? '{}');
    expect(filter.players).toMatchObject({
      filterStatus: { value: ['FREEAGENT', 'WAIVERS'] },
      filterSlotIds: { value: [2] },
      limit: 25,
      sortPercOwned: { sortPriority: 1, sortAsc: false },
    });
    expect(asked[0]!.url.searchParams.get('view')).toBe('kona_player_info');
    expect(asked[0]!.headers.get('cookie')).toBeNull();
  });

  it('reads byes and kickoffs from the pro schedule', async () => {
    const { client, asked } = espn(serve(files.schedule));
    const schedule = await client.proSchedule(2024);
    const kc = schedule.settings.proTeams.find((t) => t.abbrev === 'KC');
    expect(kc?.byeWeek).toBe(6);
    expect(kc?.proGamesByScoringPeriod?.['1']?.[0]?.date).toBe(1725582000000);
    expect(asked[0]!.url.search).toBe('?view=proTeamSchedules_wl');
  });

  it('says plainly that a league does not exist (404) or is private (401)', async () => {
    await expect(espn(serve(files.notFound, 404)).client.league('99', ['mTeam'])).rejects.toThrow(
      'ESPN has no league 99 this season.',
    );
    const body = JSON.stringify({
      messages: ['You are not authorized to view this League.'],
      details: [{ message: 'You are not authorized to view this League.', type: 'AUTH_LEAGUE_NOT_VISIBLE' }],
    });
    const denied = espn(() => ({ status: 401, body }));
    await expect(denied.client.league('5', ['mRoster'])).rejects.toMatchObject({
      message: ESPN_PRIVATE_LEAGUE,
      statusCode: 401,
    });
    // A refusal is the visitor's answer, not a fault of ESPN's: asked once, not retried.
    expect(denied.asked).toHaveLength(1);
  });

  it('never serves a member’s cached league to a visitor without the cookies', async () => {
    let calls = 0;
    const { client } = espn(({ headers }) => {
      calls += 1;
      return headers.get('cookie') ? { body: fixtureText('espn', files.team) } : { status: 401, body: '{}' };
    });
    await client.league('368876', ['mTeam'], { auth });
    await expect(client.league('368876', ['mTeam'])).rejects.toThrow(ESPN_PRIVATE_LEAGUE);
    expect(calls).toBe(2);
  });

  it('an answer of the wrong shape is unreadable', async () => {
    await expect(espn(() => ({ body: '{"teams":"no"}' })).client.league('1', ['mTeam'])).rejects.toThrow(
      'ESPN sent an answer we could not read',
    );
  });
});

describe('the fan API’s leagues', () => {
  const fan = (entries: unknown[]) => ({ preferences: entries.map((entry) => ({ metaData: { entry } })) });

  it('finds this season’s (and last season’s) football leagues with the member’s team', () => {
    const body = fan([
      { abbrev: 'FFL', entryId: 4, seasonId: 2026, groups: [{ groupId: 902814, groupName: 'Dynasty' }] },
      { abbrev: 'FFL', entryId: 7, seasonId: 2025, groups: [{ groupId: 902814 }, { groupId: 11 }] },
      { abbrev: 'FLB', entryId: 1, seasonId: 2026, groups: [{ groupId: 555 }] },
      { abbrev: 'FFL', entryId: 2, seasonId: 2019, groups: [{ groupId: 77 }] },
    ]);
    expect(fanLeaguesOf(body, 2026)).toEqual([
      { league_id: '902814', team_id: '4', season: 2026, name: 'Dynasty' },
      { league_id: '11', team_id: '7', season: 2025, name: undefined },
    ]);
  });

  it('finds nothing, rather than failing, when the document is not shaped as expected', () => {
    expect(fanLeaguesOf({ preferences: 'none' }, 2026)).toEqual([]);
    expect(fanLeaguesOf(null, 2026)).toEqual([]);
    expect(fanLeaguesOf(fan([{ abbrev: 'FFL', seasonId: 2026, groups: [{ groupId: 1 }] }]), 2026)).toEqual(
      [],
    );
  });

  it('lists nothing for a fan ESPN does not know, and refuses cookies ESPN refuses', async () => {
    expect(
      await espn(() => ({ status: 404, body: '{"message":"fan not found"}' })).client.fanLeagues(auth),
    ).toEqual([]);
    await expect(espn(() => ({ status: 401, body: '{}' })).client.fanLeagues(auth)).rejects.toThrow(
      'ESPN did not accept these cookies',
    );
  });
});
