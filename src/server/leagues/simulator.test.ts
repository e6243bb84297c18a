import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import type { SimControl } from '#simulator/app.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { memoryCache } from '../cache.ts';
import { LeagueServiceError } from './errors.ts';
import type { HttpLimits } from './limits.ts';
import { createLeagueServices, type LeagueServices } from './services.ts';

/*
 * Each client against the league-services simulator, which speaks the three services' wire formats,
 * listening on a real port: what the app does in the demo and in production, minus the Internet.
 */

const demo = DEMO_ACCOUNTS.demo;
let sim: Sim;
let control: SimControl;
let base: string;

beforeAll(async () => {
  sim = await startSim();
  control = sim.control;
  base = sim.base;
});
afterAll(() => sim.close());
beforeEach(() => {
  control.reset();
  control.setClock({ week: 5, phase: 'before' });
});

const quick: Partial<HttpLimits> = {
  requestsPerSecond: 500,
  burst: 50,
  backoffMs: 20,
  maxBackoffMs: 50,
  timeoutMs: 5000,
};

function services(limits: Partial<HttpLimits> = {}, retries: string[] = []): LeagueServices {
  const l = { ...quick, ...limits };
  return createLeagueServices({
    mflApiUrl: `${base}/mfl/api`,
    sleeperApiUrl: `${base}/sleeper/v1`,
    fleaApiUrl: `${base}/flea/api`,
    userAgent: 'dynasty-test/1.0',
    cache: memoryCache(),
    limits: { mfl: l, sleeper: l, flea: l },
    onRetry: (e) => retries.push(`${e.service} ${e.kind}`),
  });
}

async function rejection(p: Promise<unknown>): Promise<LeagueServiceError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(LeagueServiceError);
    return e as LeagueServiceError;
  }
  throw new Error('expected a failure');
}

describe('MFL client on the simulator', () => {
  it('logs in, lists the leagues and reads each league from its own host', async () => {
    const { mfl } = services();
    const cookieValue = await mfl.login(demo.mfl.username, demo.mfl.password);
    const leagues = await mfl.myLeagues(cookieValue);
    expect(leagues).toHaveLength(8);
    for (const l of leagues) {
      expect(l.url).toMatch(new RegExp(`^${base}/mfl/www\\d{2}/\\d{4}/home/${l.league_id}$`));
      expect(l.franchise_id).toMatch(/^\d{4}$/);
    }

    const ref = leagues[0];
    const settings = await mfl.league(ref, { cookie: cookieValue });
    expect(settings.id).toBe(ref.league_id);
    expect(settings.franchises.some((f) => f.id === ref.franchise_id)).toBe(true);
    expect(settings.starters.length).toBeGreaterThan(0);

    const rosters = await mfl.rosters(ref, { cookie: cookieValue });
    const mine = rosters.find((r) => r.id === ref.franchise_id);
    expect(mine?.players.length).toBeGreaterThan(5);

    const players = await mfl.players();
    const known = new Set(players.map((p) => p.id));
    expect(mine?.players.every((p) => known.has(p.id))).toBe(true);

    const statuses = await mfl.playerStatus(
      ref,
      mine!.players.map((p) => p.id),
      { cookie: cookieValue },
    );
    expect(statuses).toHaveLength(mine!.players.length);
    expect(statuses.every((s) => s.status.length > 0)).toBe(true);

    // No league host at hand: the api host's 302 is followed with the cookie.
    const viaApi = await mfl.league({ league_id: ref.league_id }, { cookie: cookieValue });
    expect(viaApi.id).toBe(ref.league_id);
  });

  it('reads the week: schedule, scores, projections, injuries, free agents, drafts, ADP', async () => {
    const { mfl } = services();
    const cookieValue = await mfl.login(demo.mfl.username, demo.mfl.password);
    const [ref] = await mfl.myLeagues(cookieValue);
    const week = await mfl.currentWeek();
    expect(week).toBe(5);
    const schedule = await mfl.nflSchedule(week);
    expect(schedule.games.length).toBeGreaterThan(10);
    expect(schedule.games[0].kickoff).toBeGreaterThan(1_600_000_000);
    expect((await mfl.fullNflSchedule()).length).toBeGreaterThanOrEqual(17);
    expect(Array.isArray((await mfl.injuries(week)).injuries)).toBe(true);
    expect((await mfl.projectedScores(ref, week, { cookie: cookieValue })).length).toBeGreaterThan(0);
    const live = await mfl.liveScoring(ref, week, { cookie: cookieValue });
    expect(live.franchises.length).toBeGreaterThan(0);
    const results = await mfl.weeklyResults(ref, 4, { cookie: cookieValue });
    expect(results.franchises.some((f) => f.starters.length > 0)).toBe(true);
    expect((await mfl.freeAgents(ref, { cookie: cookieValue })).length).toBeGreaterThan(0);
    expect(Array.isArray(await mfl.draftResults(ref, { cookie: cookieValue }))).toBe(true);
    const adp = await mfl.adp({ isKeeper: 'R', isPpr: -1 });
    expect(adp.players.length).toBeGreaterThan(0);
    expect(adp.players[0].averagePick).toBeTypeOf('number');
  });

  it('sets a lineup, and passes MFL refusal through', async () => {
    const { mfl } = services();
    const cookieValue = await mfl.login(demo.mfl.username, demo.mfl.password);
    const leagues = await mfl.myLeagues(cookieValue);
    // Best-ball leagues refuse lineups; find one that takes them.
    let done = false;
    for (const ref of leagues) {
      const settings = await mfl.league(ref, { cookie: cookieValue });
      if (settings.bestLineup) continue;
      const current = control.lineup(ref.league_id, ref.franchise_id!, 6);
      await mfl.importLineup(ref, cookieValue, { week: 6, starters: current!.starters });
      const e = await rejection(
        mfl.importLineup(ref, cookieValue, { week: 6, starters: current!.starters.slice(0, 1) }),
      );
      expect(e.statusCode).toBe(400);
      expect(e.message).toMatch(/starters/i);
      done = true;
      break;
    }
    expect(done).toBe(true);
  });

  it('refuses a wrong password with MFL words, and an expired cookie as 401', async () => {
    const { mfl } = services();
    const wrong = await rejection(mfl.login(demo.mfl.username, 'wrong'));
    expect(wrong).toMatchObject({ statusCode: 401, message: 'Invalid Password' });

    const cookieValue = await mfl.login(demo.mfl.username, demo.mfl.password);
    control.addFault({ service: 'mfl', kind: 'expired-cookie' });
    const expired = await rejection(mfl.myLeagues(cookieValue));
    expect(expired).toMatchObject({ kind: 'not-logged-in', statusCode: 401 });

    const unknown = await rejection(mfl.rosters({ league_id: '99999' }, { cookie: cookieValue }));
    expect(unknown).toMatchObject({ kind: 'not-found', statusCode: 404, message: 'Invalid league ID 99999' });
  });
});

describe('Sleeper client on the simulator', () => {
  it('finds the user, the leagues and everything in one', async () => {
    const { sleeper } = services();
    const user = await sleeper.user(demo.sleeper.username);
    expect(user.user_id).toBe(demo.sleeper.userId);
    const state = await sleeper.state();
    const leagues = await sleeper.userLeagues(user.user_id, state.league_season ?? state.season);
    expect(leagues).toHaveLength(6);
    const league = await sleeper.league(leagues[0].league_id);
    expect(league.roster_positions?.length).toBeGreaterThan(5);
    const rosters = await sleeper.rosters(league.league_id);
    expect(rosters.some((r) => r.owner_id === user.user_id)).toBe(true);
    expect((await sleeper.leagueUsers(league.league_id)).some((u) => u.user_id === user.user_id)).toBe(true);
    const drafts = await sleeper.drafts(league.league_id);
    expect(drafts.length).toBeGreaterThan(0);
    expect((await sleeper.draftPicks(drafts[0].draft_id)).length).toBeGreaterThan(0);
    const players = await sleeper.players();
    const rostered = rosters.flatMap((r) => r.players ?? []);
    const ids = new Set(players.map((p) => p.player_id));
    expect(rostered.every((id) => ids.has(id))).toBe(true);
  });

  it('an unknown user is "Sleeper user not found"', async () => {
    const e = await rejection(services().sleeper.user('no_such_sleeper_user'));
    expect(e).toMatchObject({ statusCode: 404, message: 'Sleeper user not found' });
  });
});

describe('Fleaflicker client on the simulator', () => {
  it('reads leagues, rosters, rules, a team roster and the paged listing', async () => {
    const { flea } = services();
    const leagues = await flea.userLeagues(demo.flea.email);
    expect(leagues).toHaveLength(5);
    const league = leagues[0];
    const id = String(league.id);
    const rosters = await flea.leagueRosters(id, { externalIdType: 'SPORTRADAR' });
    expect(rosters.some((r) => r.team.id === league.ownedTeam?.id)).toBe(true);
    expect(rosters[0].players[0].proPlayer.externalIds?.[0].id).toBeTruthy();
    expect((await flea.leagueRules(id)).rosterPositions.length).toBeGreaterThan(3);
    const roster = await flea.roster(id, String(league.ownedTeam?.id));
    expect(roster.groups.length).toBeGreaterThan(0);
    const agents = await flea.allPlayers(id, { freeAgentOnly: true }, 3);
    expect(agents.length).toBeGreaterThan(30);
    expect(agents.every((p) => !p.owner)).toBe(true);
  });

  it('an unknown e-mail has no leagues', async () => {
    expect(await services().flea.userLeagues('nobody@dynasty.test')).toEqual([]);
  });
});

describe('player identity on the simulator', () => {
  it('joins the three services into one list keyed by MFL id', async () => {
    const s = services();
    const players = await s.players.list();
    const withSleeper = players.filter((p) => p.mfl_id && p.sleeper_id);
    expect(withSleeper.length).toBeGreaterThan(players.filter((p) => p.mfl_id).length * 0.8);

    const [league] = await s.flea.userLeagues(demo.flea.email);
    const fleaPlayers = (
      await s.flea.leagueRosters(String(league.id), { externalIdType: 'SPORTRADAR' })
    ).flatMap((r) => r.players.map((p) => p.proPlayer));
    const joined = await s.players.withFlea(fleaPlayers);
    const found = fleaPlayers.filter((f) => joined.some((p) => p.mfl_id && p.flea_id === String(f.id)));
    expect(found.length).toBeGreaterThan(fleaPlayers.length * 0.9);
  });
});

describe('the HTTP layer against the simulator faults', () => {
  it('waits out a 429 and succeeds', async () => {
    control.addFault({ service: 'sleeper', kind: '429' });
    const retries: string[] = [];
    const started = performance.now();
    expect((await services({}, retries).sleeper.state()).week).toBeGreaterThan(0);
    expect(retries).toEqual(['sleeper rate-limited']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('stays within a service rate limit', async () => {
    control.setRateLimit('flea', 5, 1000);
    const retries: string[] = [];
    const { flea } = services({ requestsPerSecond: 4, burst: 1 }, retries);
    const [league] = await flea.userLeagues(demo.flea.email);
    await Promise.all([
      flea.leagueRules(String(league.id)),
      flea.leagueRosters(String(league.id)),
      flea.roster(String(league.id), String(league.ownedTeam?.id)),
    ]);
    expect(retries).toEqual([]);
  });

  it('gives up on a service that keeps failing, with a clear message', async () => {
    control.addFault({ service: 'flea', kind: '500', count: 5 });
    const e = await rejection(services().flea.leagueRules('1'));
    expect(e).toMatchObject({ kind: 'unavailable', statusCode: 502 });
    expect(e.message).toMatch(/^Fleaflicker is not available right now/);
  });

  it('times out a service that does not answer', async () => {
    control.addFault({ service: 'mfl', kind: 'timeout', count: 2 });
    const e = await rejection(services({ timeoutMs: 200 }).mfl.currentWeek());
    expect(e).toMatchObject({ kind: 'timeout', statusCode: 502 });
    expect(e.message).toMatch(/^MFL did not answer in time/);
  });

  it('calls a cut-off answer unreadable', async () => {
    control.addFault({ service: 'sleeper', kind: 'malformed', count: 1 });
    // A cut-off body is a 200: not retried, reported as unreadable.
    const e = await rejection(services().sleeper.state());
    expect(e.message).toBe('Sleeper sent an answer we could not read');
  });
});

describe('routes on the simulator', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await makeTestApp({}, { services: services() });
    app = t.app;
  });
  afterAll(() => t.close());

  const jar = (res: { headers: Record<string, unknown> }) =>
    ([] as string[])
      .concat((res.headers['set-cookie'] as string | string[] | undefined) ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');

  it('connects each service and lists its leagues', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/mfl/login', payload: demo.mfl });
    expect(login.statusCode).toBe(200);
    const mflLeagues = await app.inject({
      method: 'GET',
      url: '/api/mfl/leagues',
      headers: { cookie: jar(login) },
    });
    expect(mflLeagues.json()).toHaveLength(8);
    expect(mflLeagues.json()[0]).toMatchObject({
      type: 'mfl',
      franchise_id: expect.stringMatching(/^\d{4}$/),
    });

    const sleeper = await app.inject({
      method: 'POST',
      url: '/api/sleeper/connect',
      payload: { username: demo.sleeper.username },
    });
    const sleeperLeagues = await app.inject({
      method: 'GET',
      url: '/api/sleeper/leagues',
      headers: { cookie: jar(sleeper) },
    });
    expect(sleeperLeagues.json()).toHaveLength(6);
    expect(sleeperLeagues.json()[0].url).toMatch(/^https:\/\/sleeper\.com\/leagues\/\d+$/);

    const flea = await app.inject({
      method: 'POST',
      url: '/api/flea/connect',
      payload: { email: demo.flea.email },
    });
    const fleaLeagues = await app.inject({
      method: 'GET',
      url: '/api/flea/leagues',
      headers: { cookie: jar(flea) },
    });
    expect(fleaLeagues.json()).toHaveLength(5);
    expect(fleaLeagues.json()[0].team_id).toMatch(/^\d+$/);

    const connections = await app.inject({
      method: 'GET',
      url: '/api/connections',
      headers: { cookie: [jar(login), jar(sleeper), jar(flea)].join('; ') },
    });
    expect(connections.json()).toEqual({
      mfl: { connected: true, sharesDrafts: false, username: 'demo' },
      sleeper: { connected: true, username: demo.sleeper.username },
      flea: { connected: true, email: 'd***@dynasty.test' },
      espn: { connected: false },
    });
  });

  it('passes the services own refusals through', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/mfl/login',
      payload: { username: 'demo', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid Password' });
    const nobody = await app.inject({
      method: 'POST',
      url: '/api/sleeper/connect',
      payload: { username: 'no_such_sleeper_user' },
    });
    expect(nobody.json()).toEqual({ error: 'Sleeper user not found' });
    const noLeagues = await app.inject({
      method: 'POST',
      url: '/api/flea/connect',
      payload: { email: 'nobody@dynasty.test' },
    });
    expect(noLeagues.statusCode).toBe(404);
  });

  it('serves the merged players', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/players' });
    expect(res.statusCode).toBe(200);
    const { players, missing } = res.json() as { players: { mfl_id?: string; name: string }[]; missing: [] };
    expect(missing).toEqual([]);
    expect(players.length).toBeGreaterThan(300);
    expect(players.every((p) => p.name)).toBe(true);
  });
});
