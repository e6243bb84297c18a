import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leagueCookies } from '#common/leagues.ts';
import type { LineupInfo } from '#common/lineup.ts';
import type { MyWeekAnswer } from '#common/my-week.ts';
import type { LeagueStatus } from '#common/player-status.ts';
import type { RostershipAnswer } from '#common/rostership.ts';
import { makeTestApp } from '#test/app.ts';
import { openTestDatabase } from '#test/database.ts';
import { type SeenRequest, sendJson, startTestServer, type TestServer } from '#test/http-server.ts';
import { fixtureJson, fixtureText } from '#test/league-fixtures.ts';
import { createLoader } from '../cache.ts';
import type { Database } from '../db/client.ts';
import type { HttpLimits } from '../leagues/limits.ts';
import { createPlayerDirectory } from '../leagues/player-directory.ts';
import { normaliseTeam } from '../leagues/player-names.ts';
import { leagueServicesFor } from '../runtime.ts';

/*
 * The recorded real answers of each service (tests/fixtures/recorded), served by a stand-in,
 * drive every tool through the app's routes with that service alone: the other two cannot be
 * reached at all.
 */

const quick: Partial<HttpLimits> = {
  requestsPerSecond: 1000,
  burst: 100,
  concurrency: 16,
  timeoutMs: 2000,
  attempts: 2,
  backoffMs: 5,
  maxBackoffMs: 10,
};

const mflFile = (name: string) => `dynastyprocess__ffscrapr-tests/mfl/2020/${name}`;
const mflPlayers = fixtureJson('mfl', mflFile('export-e54ca1.json')) as {
  players: { player: { id: string; name: string }[] };
};
const rosters = fixtureJson('mfl', mflFile('export-ccd01d.json')) as {
  rosters: { franchise: { id: string; player: { id: string }[] }[] };
};
/** A player of the recorded roster that the (stale) cached database leaves out. */
const lateId = rosters.rosters.franchise[0].player[0].id;
const late = mflPlayers.players.player.find((p) => p.id === lateId)!;

function answerMfl(req: SeenRequest, res: Parameters<Parameters<TestServer['handle']>[0]>[1]) {
  const q = req.query;
  const type = q.get('TYPE');
  const file = (service: 'mfl', name: string) => sendJson(res, fixtureText(service, name));
  switch (type) {
    case 'players': {
      const ids = q.get('PLAYERS')?.split(',');
      const list = mflPlayers.players.player.filter((p) => (ids ? ids.includes(p.id) : p.id !== lateId));
      return sendJson(res, { version: '1.0', players: { player: list }, encoding: 'utf-8' });
    }
    case 'myleagues':
      return file('mfl', mflFile('export-7ad747.json'));
    case 'league':
      return file('mfl', mflFile('export-53ace0.json'));
    case 'rosters':
      return file('mfl', mflFile('export-ccd01d.json'));
    case 'injuries':
      return file('mfl', 'danabrey__mfl-api/tests/_data/injuries/injuries.json');
    case 'weeklyResults':
      return file('mfl', mflFile('export-d275ab.json'));
    case 'nflSchedule':
      return file(
        'mfl',
        q.get('W')
          ? 'tiltedwindmills__mfl-api/src/test/resources/exports/nflSchedule/completed-week.json'
          : 'tiltedwindmills__mfl-api/src/test/resources/exports/nflSchedule/no-week-provided.json',
      );
    case 'freeAgents':
      return file('mfl', 'tiltedwindmills__mfl-api/src/test/resources/exports/freeAgents/free-agents.json');
    case 'playerStatus':
      return file(
        'mfl',
        (q.get('P') ?? '').includes(',')
          ? 'tiltedwindmills__mfl-api/src/test/resources/exports/playerStatus/multiple-players.json'
          : 'tiltedwindmills__mfl-api/src/test/resources/exports/playerStatus/single-player.json',
      );
    default:
      // Not in the recorded set (live scoring, projections): MFL's error envelope.
      return sendJson(res, { version: '1.0', error: { $t: 'Not recorded' }, encoding: 'utf-8' });
  }
}

const sleeperFiles: Record<string, string> = {
  '/sleeper/v1/league/522458773317046272':
    'ffverse__ffscrapr-tests/sleeper/v1/league/522458773317046272.json',
  '/sleeper/v1/league/522458773317046272/rosters':
    'ffverse__ffscrapr-tests/sleeper/v1/league/522458773317046272/rosters.json',
  '/sleeper/v1/league/522458773317046272/users':
    'ffverse__ffscrapr-tests/sleeper/v1/league/522458773317046272/users.json',
  '/sleeper/v1/players/nfl': 'dmethi__gauntlet-website/apps/web/data/players-sample.json',
  '/sleeper/v1/state/nfl': 'ryanroundhouse__sleeper/nfl_state.json',
};
const sleeperRosters = fixtureJson(
  'sleeper',
  sleeperFiles['/sleeper/v1/league/522458773317046272/rosters'],
) as {
  owner_id: string;
  players: string[];
}[];
const fleaListing = fixtureJson(
  'flea',
  'ffverse__ffscrapr-tests/flea/api/FetchPlayerListing-5c98a2.json',
) as {
  players: { proPlayer: { id: number; nameFull: string; position: string; proTeamAbbreviation: string } }[];
};

const fleaRoster = fixtureJson('flea', 'pete-builds__mcp-fleaflicker/tests/fixtures/roster.json') as {
  groups: { slots: { leaguePlayer?: { proPlayer: { id: number } } }[] }[];
};
const fleaRosterIds = new Set(
  fleaRoster.groups.flatMap((g) =>
    g.slots.flatMap((s) => (s.leaguePlayer ? [s.leaguePlayer.proPlayer.id] : [])),
  ),
);

let stand: TestServer;
let dead: string;
let database: Database;

beforeAll(async () => {
  stand = await startTestServer((req, res) => {
    if (req.path.startsWith('/mfl/')) return answerMfl(req, res);
    if (req.path.startsWith('/sleeper/')) {
      const file = sleeperFiles[req.path];
      return file ? sendJson(res, fixtureText('sleeper', file)) : sendJson(res, 'null');
    }
    if (req.path === '/flea/api/FetchRoster')
      return sendJson(res, fixtureText('flea', 'pete-builds__mcp-fleaflicker/tests/fixtures/roster.json'));
    if (req.path === '/flea/api/FetchPlayerListing')
      return sendJson(
        res,
        fixtureText('flea', 'ffverse__ffscrapr-tests/flea/api/FetchPlayerListing-5c98a2.json'),
      );
    return sendJson(res, { error: 'not found' }, 404);
  });
  // A port nothing listens on: the services that cannot be reached.
  dead = await new Promise<string>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(`http://127.0.0.1:${port}`));
    });
  });
  database = await openTestDatabase();
}, 60_000);

afterAll(async () => {
  await stand?.close();
  await database?.close();
});

/** The app with only `alone` reachable, on a fresh cache. */
async function appWith(alone: 'mfl' | 'sleeper' | 'flea'): Promise<FastifyInstance> {
  const url = (s: string, path: string) => `${s === alone ? stand.url : dead}${path}`;
  const t = await makeTestApp(
    {
      MFL_API_URL: url('mfl', '/mfl'),
      SLEEPER_API_URL: url('sleeper', '/sleeper/v1'),
      FLEA_API_URL: url('flea', '/flea/api'),
    },
    {
      database,
      services: (config, cache) => {
        const built = leagueServicesFor(config, cache, {
          limits: { mfl: quick, sleeper: quick, flea: quick },
        });
        return {
          ...built,
          players: createPlayerDirectory({ ...built, load: createLoader(cache), waitMs: 2000 }),
        };
      },
    },
  );
  return t.app;
}

const post = async (app: FastifyInstance, url: string, payload: unknown, cookie: string) => {
  const res = await app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
  return { status: res.statusCode, body: res.json() };
};

describe('MFL alone, on its recorded answers', () => {
  let app: FastifyInstance;
  const cookie = `${leagueCookies.mfl}=recorded`;
  const ref = {
    league_id: '54040',
    franchise_id: '0001',
    url: 'https://www61.myfantasyleague.com/2020/home/54040',
  };
  beforeAll(async () => {
    app = await appWith('mfl');
  });
  afterAll(() => app.close());

  it('Rostership: the franchise, named by MFL, a player missing from its database asked by id once', async () => {
    const before = stand.seen.filter((r) => r.query.get('PLAYERS')).length;
    for (let i = 0; i < 2; i++) {
      const { status, body } = await post(app, '/api/mfl/rostership', { leagues: [ref] }, cookie);
      const answer = body as RostershipAnswer;
      expect(status).toBe(200);
      expect(answer.failed).toEqual([]);
      expect(answer.leagues).toBe(1);
      expect(answer.players).toHaveLength(rosters.rosters.franchise[0].player.length);
      expect(answer.players.filter((p) => p.position === '?')).toEqual([]);
      const name = late.name.split(',').reverse().join(' ').trim();
      expect(answer.players.find((p) => p.id === lateId)?.name).toBe(name);
      expect(answer.missing).toContain('identities');
    }
    expect(stand.seen.filter((r) => r.query.get('PLAYERS')).length - before).toBe(1);
  });

  it('Status Checker: the player in the league, by MFL id', async () => {
    const { status, body } = await post(
      app,
      '/api/players/status',
      {
        player: '11192',
        leagues: [{ type: 'mfl', ...ref, league_id: '12106' }],
      },
      cookie,
    );
    expect(status).toBe(200);
    const [row] = body as LeagueStatus[];
    expect(row.error).toBeUndefined();
    expect(row.playerStatus?.status).toMatch(/./);
  });

  it('Lineup: the franchise’s week, without the extras MFL has no recording of', async () => {
    const { status, body } = await post(
      app,
      '/api/mfl/lineup',
      { league: { ...ref, league_id: '21499' } },
      cookie,
    );
    expect(status).toBe(200);
    const info = body as LineupInfo;
    expect(Object.values(info.positions).flatMap((g) => g.players).length).toBeGreaterThan(5);
    expect(info.missing).toContain('projections');
  });
});

describe('Sleeper alone, on its recorded answers', () => {
  let app: FastifyInstance;
  const owner = sleeperRosters.find((r) => r.players?.length)!;
  const cookie = `${leagueCookies.sleeperId}=${owner.owner_id}`;
  beforeAll(async () => {
    app = await appWith('sleeper');
  });
  afterAll(() => app.close());

  it('Rostership: the owner’s roster, every player counted', async () => {
    const { status, body } = await post(
      app,
      '/api/sleeper/rostership',
      { leagues: [{ league_id: '522458773317046272' }] },
      cookie,
    );
    const answer = body as RostershipAnswer;
    expect(status).toBe(200);
    expect(answer.failed).toEqual([]);
    expect(answer.leagues).toBe(1);
    expect(answer.players.length).toBeGreaterThanOrEqual(owner.players.length);
    expect(answer.players.every((p) => p.sleeper_id)).toBe(true);
  });

  it('Status Checker: a player the owner holds is on my team', async () => {
    const sid = owner.players[0];
    const { status, body } = await post(
      app,
      '/api/players/status',
      {
        player: `sleeper:${sid}`,
        known: { name: 'Recorded Player', position: 'WR', team: 'FA', sleeper_id: sid },
        leagues: [{ type: 'sleeper', league_id: '522458773317046272' }],
      },
      cookie,
    );
    expect(status).toBe(200);
    expect((body as LeagueStatus[])[0].playerStatus).toMatchObject({ status: 'Mine', mine: true });
  });
});

describe('Fleaflicker alone, on its recorded answers', () => {
  let app: FastifyInstance;
  const cookie = `${leagueCookies.flea}=recorded@example.test`;
  beforeAll(async () => {
    app = await appWith('flea');
  });
  afterAll(() => app.close());

  it('Rostership: the team, named by Fleaflicker’s proPlayer, none lost without the merged list', async () => {
    const { status, body } = await post(
      app,
      '/api/flea/rostership',
      { leagues: [{ league_id: '14153', team_id: '1' }] },
      cookie,
    );
    const answer = body as RostershipAnswer;
    expect(status).toBe(200);
    expect(answer.failed).toEqual([]);
    expect(answer.leagues).toBe(1);
    expect(answer.players).toHaveLength(fleaRosterIds.size);
    expect(answer.players.find((p) => p.name === 'Cam Ward')).toMatchObject({ position: 'QB', team: 'TEN' });
    expect(answer.missing).toEqual(['identities']);
  });

  it('Status Checker: a listed player is found in the league', async () => {
    const pro = fleaListing.players[0].proPlayer;
    const { status, body } = await post(
      app,
      '/api/players/status',
      {
        player: `flea:${pro.id}`,
        known: {
          name: pro.nameFull,
          position: pro.position,
          team: pro.proTeamAbbreviation,
          flea_id: String(pro.id),
        },
        leagues: [{ type: 'flea', league_id: '312861', team_id: '1' }],
      },
      cookie,
    );
    expect(status).toBe(200);
    const [row] = body as LeagueStatus[];
    expect(row.error).toBeUndefined();
    expect(row.playerStatus?.status).not.toBe('NL');
  });
});

// --- My week, each service alone on its recorded answers --------------------------------------------

describe('My week, each service alone on its recorded answers', () => {
  const mflRecorded = (name: string) => fixtureJson('mfl', name) as Record<string, any>;
  const weekly = mflRecorded(mflFile('export-d275ab.json')).weeklyResults;
  const franchise = [...weekly.matchup.flatMap((m: any) => m.franchise), ...(weekly.franchise ?? [])].find(
    (f: any) => f.id === '0001',
  );
  const starterIds: string[] = franchise.starters.split(',').filter(Boolean);
  const injuries = new Map<string, string>(
    mflRecorded('danabrey__mfl-api/tests/_data/injuries/injuries.json').injuries.injury.map((i: any) => [
      i.id,
      i.status,
    ]),
  );
  const schedule = mflRecorded(
    'tiltedwindmills__mfl-api/src/test/resources/exports/nflSchedule/completed-week.json',
  ).nflSchedule;
  const freeIds = new Set<string>(
    mflRecorded(
      'tiltedwindmills__mfl-api/src/test/resources/exports/freeAgents/free-agents.json',
    ).freeAgents.leagueUnit.player.map((p: any) => p.id),
  );

  it('MFL: the week’s starters from its results, injured ones as problems, byes from its schedule, free agents', async () => {
    const app = await appWith('mfl');
    const ref = {
      league_id: '54040',
      franchise_id: '0001',
      url: 'https://www61.myfantasyleague.com/2020/home/54040',
    };
    const { status, body } = await post(
      app,
      '/api/mfl/my-week',
      { leagues: [ref], week: 3 },
      `${leagueCookies.mfl}=recorded`,
    );
    await app.close();
    expect(status).toBe(200);
    const [line] = (body as MyWeekAnswer).leagues;
    expect(line.error).toBeUndefined();
    expect(line.starters).toBe(starterIds.length);
    const injured = starterIds.filter((id) => ['Out', 'IR', 'Doubtful'].includes(injuries.get(id) ?? ''));
    expect(injured.length).toBeGreaterThan(0);
    expect(
      line.problems
        .filter((p) => p.kind !== 'bye' && p.kind !== 'empty')
        .map((p) => p.player?.mfl_id)
        .sort(),
    ).toEqual(injured.sort());
    expect(line.byesKnown).toBe(true);
    const playing = new Set(
      schedule.matchup.flatMap((m: any) => m.team.map((t: any) => normaliseTeam(t.id))),
    );
    for (const p of line.problems.filter((x) => x.kind === 'bye'))
      expect(playing.has(p.player!.team)).toBe(false);
    expect(line.best.length).toBeGreaterThan(0);
    for (const p of line.best) expect(freeIds.has(p.mfl_id!), p.name).toBe(true);
    expect(line.missing).toContain('projections');
  });

  it('Sleeper: the owner’s starters from the recorded rosters; byes unknown without MFL', async () => {
    const app = await appWith('sleeper');
    const owner = sleeperRosters.find((r) => r.players?.length)! as unknown as {
      owner_id: string;
      starters: string[];
    };
    const { status, body } = await post(
      app,
      '/api/sleeper/my-week',
      { leagues: [{ league_id: '522458773317046272' }] },
      `${leagueCookies.sleeperId}=${owner.owner_id}`,
    );
    await app.close();
    expect(status).toBe(200);
    const [line] = (body as MyWeekAnswer).leagues;
    expect(line.error).toBeUndefined();
    const state = fixtureJson('sleeper', sleeperFiles['/sleeper/v1/state/nfl']) as { week: number };
    expect(line.week).toBe(state.week);
    expect(line.starters).toBe(owner.starters.filter((s) => s && s !== '0').length);
    expect(line.problems.filter((p) => p.kind === 'empty')).toHaveLength(
      owner.starters.filter((s) => !s || s === '0').length,
    );
    expect(line.byesKnown).toBe(false);
    expect(line.missing).toContain('byes');
  });

  it('Fleaflicker: the START group of the recorded roster; free agents from the recorded listing', async () => {
    const app = await appWith('flea');
    const { status, body } = await post(
      app,
      '/api/flea/my-week',
      { leagues: [{ league_id: '197269', team_id: '1' }], week: 2 },
      `${leagueCookies.flea}=recorded@example.test`,
    );
    await app.close();
    expect(status).toBe(200);
    const [line] = (body as MyWeekAnswer).leagues;
    expect(line.error).toBeUndefined();
    const start = (fleaRoster.groups as { group?: string; slots: { leaguePlayer?: unknown }[] }[]).find(
      (g) => g.group === 'START',
    )!;
    expect(line.starters).toBe(start.slots.filter((s) => s.leaguePlayer).length);
    expect(line.problems.filter((p) => p.kind === 'empty')).toHaveLength(
      start.slots.filter((s) => !s.leaguePlayer).length,
    );
    expect(line.byesKnown).toBe(false);
    const listed = new Set(fleaListing.players.map((p) => String(p.proPlayer.id)));
    expect(line.best.length).toBeGreaterThan(0);
    for (const p of line.best) expect(listed.has(p.flea_id!), p.name).toBe(true);
  });
});
