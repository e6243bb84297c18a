import { describe, expect, it } from 'vitest';
import { fakeFetch, testHttp, testLoader } from '#test/league-fetch.ts';
import { fixtureFiles, fixtureText } from '#test/league-fixtures.ts';
import { createFleaClient, type FleaClient } from './client.ts';

const ff = 'ffverse__ffscrapr-tests/flea/api';

interface Recorded {
  file: string;
  call: (c: FleaClient) => Promise<unknown>;
  /** The query the client must send for it. */
  query: Record<string, string>;
}

const recorded: Recorded[] = [
  {
    file: `${ff}/FetchUserLeagues-38253e.json`,
    call: (c) => c.userLeagues('Owner@Example.com', 2020),
    query: { sport: 'NFL', email: 'owner@example.com', season: '2020' },
  },
  {
    file: `${ff}/FetchLeagueRosters-e56db7.json`,
    call: (c) => c.leagueRosters('312861', { externalIdType: 'SPORTRADAR' }),
    query: { sport: 'NFL', league_id: '312861', external_id_type: 'SPORTRADAR' },
  },
  {
    file: `${ff}/FetchLeagueRules-43d23d.json`,
    call: (c) => c.leagueRules('312861'),
    query: { sport: 'NFL', league_id: '312861' },
  },
  {
    file: `${ff}/FetchLeagueRules-3bb53c.json`,
    call: (c) => c.leagueRules('206154'),
    query: { sport: 'NFL', league_id: '206154' },
  },
  {
    file: `${ff}/FetchPlayerListing-5c98a2.json`,
    call: (c) => c.playerListing('312861', { externalIdType: 'SPORTRADAR' }),
    query: { sport: 'NFL', league_id: '312861', external_id_type: 'SPORTRADAR' },
  },
  {
    file: 'pete-builds__mcp-fleaflicker/tests/fixtures/roster.json',
    call: (c) => c.roster('14153', '87624'),
    query: { sport: 'NFL', league_id: '14153', team_id: '87624' },
  },
  {
    file: 'ffverse__ffscrapr/tests/testthat/flea/api/FetchTrades-b3c137.json',
    call: (c) => c.trades('312861'),
    query: { sport: 'NFL', league_id: '312861', filter: 'TRADES_COMPLETED', result_offset: '0' },
  },
];

/** Recorded answers to endpoints the app does not call. */
const notRead = [`${ff}/FetchLeagueScoreboard-a6b3de.json`];

function flea(answer: (url: URL) => { status?: number; body: string } | undefined) {
  const fake = fakeFetch(answer);
  const client = createFleaClient({
    http: testHttp('flea', fake.fetch),
    apiUrl: 'https://flea.test/api',
    load: testLoader(),
  });
  return { client, urls: fake.urls };
}

describe('every recorded Fleaflicker answer', () => {
  it('is either read by a client call or knowingly not used', () => {
    expect([...recorded.map((r) => r.file), ...notRead].sort()).toEqual(fixtureFiles('flea'));
  });

  it.each(recorded)('$file reads', async ({ file, call, query }) => {
    const { client, urls } = flea(() => ({ body: fixtureText('flea', file) }));
    expect(await call(client)).toBeTruthy();
    expect(Object.fromEntries(new URL(urls[0]).searchParams)).toEqual(query);
  });

  it.each(notRead)('%s is at least JSON', (file) => {
    expect(() => JSON.parse(fixtureText('flea', file))).not.toThrow();
  });
});

describe('Fleaflicker client', () => {
  const serve = (file: string) => flea(() => ({ body: fixtureText('flea', file) }));

  it('reads user leagues with the owned team and roster requirements', async () => {
    const leagues = await serve(`${ff}/FetchUserLeagues-38253e.json`).client.userLeagues('x@y.z');
    expect(leagues).toHaveLength(2);
    expect(leagues[0]).toMatchObject({
      id: 206154,
      name: 'Jackpot Dynasty League',
      ownedTeam: { id: 1373475 },
    });
    expect(leagues[0].rosterRequirements?.positions?.find((p) => p.label === 'RB/WR/TE')).toMatchObject({
      start: 1,
      eligibility: ['RB', 'WR', 'TE'],
    });
  });

  it('an e-mail with no leagues, or one Fleaflicker refuses, has none', async () => {
    expect(await flea(() => ({ body: '{}' })).client.userLeagues('a@b.c')).toEqual([]);
    expect(await flea(() => ({ status: 404, body: '{}' })).client.userLeagues('a@b.c')).toEqual([]);
    expect(
      await flea(() => ({ status: 400, body: '{"message":"bad"}' })).client.userLeagues('a@b.c'),
    ).toEqual([]);
  });

  it('keeps the injury field name as sent (typeAbbreviaition) and external ids', async () => {
    const rosters = await serve(`${ff}/FetchLeagueRosters-e56db7.json`).client.leagueRosters('312861');
    expect(rosters).toHaveLength(12);
    const players = rosters.flatMap((r) => r.players.map((p) => p.proPlayer));
    const hurt = players.find((p) => p.injury);
    expect(hurt?.injury).toMatchObject({ typeAbbreviaition: 'Q', severity: 'QUESTIONABLE' });
    expect(players[0].externalIds?.[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads rules with the bench row that has no group', async () => {
    const rules = await serve(`${ff}/FetchLeagueRules-43d23d.json`).client.leagueRules('312861');
    expect(rules.numStarters).toBe(10);
    expect(rules.rosterPositions.find((p) => p.label === 'QB')).toMatchObject({
      group: 'START',
      min: 1,
      max: 6,
      start: 1,
    });
  });

  it('reads a team roster by slot', async () => {
    const roster = await serve('pete-builds__mcp-fleaflicker/tests/fixtures/roster.json').client.roster(
      '14153',
      '87624',
    );
    const first = roster.groups[0].slots[0];
    expect(first.position?.label).toBe('QB');
    expect(first.leaguePlayer?.proPlayer).toMatchObject({ id: 19243, nameFull: 'Cam Ward' });
  });

  it('pages the player listing by result_offset 30 until it ends', async () => {
    const page = JSON.parse(fixtureText('flea', `${ff}/FetchPlayerListing-5c98a2.json`)) as {
      players: unknown[];
      resultOffsetNext: number;
      resultTotal: number;
    };
    const { client, urls } = flea((url) => {
      const offset = Number(url.searchParams.get('result_offset') ?? 0);
      const next = offset + 30;
      return {
        body: JSON.stringify({ ...page, resultOffsetNext: next < 75 ? next : undefined, resultTotal: 75 }),
      };
    });
    const players = await client.allPlayers('312861', {
      freeAgentOnly: true,
      position: 'RB',
      query: 'allen',
    });
    expect(players).toHaveLength(90);
    expect(urls.map((u) => new URL(u).searchParams.get('result_offset'))).toEqual([null, '30', '60']);
    const first = new URL(urls[0]).searchParams;
    expect(first.get('filter.free_agent_only')).toBe('true');
    expect(first.get('filter.position.eligibility')).toBe('RB');
    expect(first.get('filter.query')).toBe('allen');
  });

  it('an answer of the wrong shape is unreadable', async () => {
    await expect(flea(() => ({ body: '{"rosters":"nope"}' })).client.leagueRosters('1')).rejects.toThrow(
      'Fleaflicker sent an answer we could not read',
    );
  });
});
