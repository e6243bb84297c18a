import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leagueCookies, leagueSchema } from '#common/leagues.ts';
import { myWeekAnswerSchema } from '#common/my-week.ts';
import { rostershipAnswerSchema } from '#common/rostership.ts';
import { queryRows } from '#server/db/query.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { cookiesOf, makeTestApp, type TestApp } from '#test/app.ts';
import { type Sim, startSim } from '#test/simulator.ts';

/*
 * ESPN through the real app and the simulator: connect (league ids, team pages, the member's
 * cookies), the leagues listed, the tools reading them, the credential kept out of every answer and
 * sealed on a site account, and ESPN's refusals in plain words.
 */

const { espn: demo } = DEMO_ACCOUNTS.demo;
let sim: Sim;
let t: TestApp;

beforeAll(async () => {
  sim = await startSim();
  t = await makeTestApp(sim.env, { sim });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(() => {
  sim.control.reset();
  sim.control.setClock({ week: 5, phase: 'before' });
});

const demoLeagues = () => sim.world.leaguesOf(sim.world.demo.espn);
const teamOf = (league: ReturnType<typeof demoLeagues>[number]) =>
  String(sim.world.teamOf(league, sim.world.demo.espn)!.id);
const jar = (res: { cookies: { name: string; value: string }[] }) => cookiesOf(res as never).join('; ');

async function connect(body: unknown, cookie?: string) {
  return t.post('/api/espn/connect', body, cookie);
}

describe('connecting ESPN', () => {
  it('with the member’s cookies alone: ESPN lists the leagues and the member’s team in each', async () => {
    const res = await connect({ swid: demo.swid.toLowerCase().replace(/[{}]/g, ''), espnS2: demo.espnS2 });
    expect(res.statusCode, res.body).toBe(200);
    // The credential lives in an httpOnly cookie and is never echoed.
    expect(res.body).not.toContain(demo.espnS2);
    const set = res.cookies.find((c) => c.name === leagueCookies.espn)!;
    expect(set.httpOnly).toBe(true);
    const cookie = cookiesOf(res).join('; ');
    const listed = await t.get('/api/espn/leagues', cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    const leagues = listed.json().map((l: unknown) => leagueSchema.parse(l));
    const expected = demoLeagues();
    expect(leagues.map((l: { league_id: string }) => l.league_id).sort()).toEqual(
      expected.map((l) => l.id).sort(),
    );
    for (const l of expected) {
      const got = leagues.find((x: { league_id: string }) => x.league_id === l.id);
      expect(got).toMatchObject({ type: 'espn', name: l.name, team_id: teamOf(l) });
      expect(got.url).toBe(`https://fantasy.espn.com/football/team?leagueId=${l.id}&teamId=${teamOf(l)}`);
    }
    expect(listed.body).not.toContain(demo.espnS2);
    const connections = await t.get('/api/connections', cookie);
    expect(connections.json().espn).toEqual({
      connected: true,
      label: `DynastyDemo · ${expected.length} leagues`,
    });
  });

  it('a public league by its team page’s address, with no cookies', async () => {
    const pub = demoLeagues().find((l) => l.isPublic)!;
    const res = await connect({
      leagues: [
        `https://fantasy.espn.com/football/team?leagueId=${pub.id}&teamId=${teamOf(pub)}&seasonId=2026`,
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const leagues = (await t.get('/api/espn/leagues', jar(res))).json();
    expect(leagues).toEqual([
      expect.objectContaining({ league_id: pub.id, team_id: teamOf(pub), name: pub.name }),
    ]);
  });

  it('says plainly what is wrong, and keeps nothing', async () => {
    const pub = demoLeagues().find((l) => l.isPublic)!;
    const priv = demoLeagues().find((l) => !l.isPublic)!;
    const cases: [unknown, number, RegExp][] = [
      [{ leagues: [pub.id] }, 400, /Which team is yours in .*team's page/],
      [{ leagues: [priv.id] }, 400, /private on ESPN: add your espn_s2 and SWID/],
      [{ leagues: ['123456789'] }, 404, /ESPN has no league 123456789 this season/],
      [{ leagues: ['my league'] }, 400, /neither an ESPN league id nor the address/],
      [
        { leagues: [`https://fantasy.espn.com/football/team?leagueId=${pub.id}&teamId=99`] },
        400,
        /has no team 99/,
      ],
      [{ swid: demo.swid }, 400, /both ESPN cookies/],
      [{}, 400, /a league id, or your ESPN cookies/],
      [
        { swid: '{00000000-0000-0000-0000-000000000000}', espnS2: demo.espnS2 },
        404,
        /lists no football leagues/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await connect(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error, JSON.stringify(body)).toMatch(message);
      expect(res.cookies.find((c) => c.name === leagueCookies.espn)).toBeUndefined();
    }
  });

  it('kept on a signed-in account: sealed in the database, never in a cookie, listed by its label', async () => {
    const { cookie } = await t.userWithRole('user');
    const res = await connect({ swid: demo.swid, espnS2: demo.espnS2 }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === leagueCookies.espn)).toBeUndefined();
    const rows = await queryRows<{ service: string; label: string; credential: string }>(
      t.database.db,
      sql`SELECT service, label, credential FROM league_connections`,
    );
    const row = rows.find((r) => r.service === 'espn')!;
    expect(row.label).toBe(`DynastyDemo · ${demoLeagues().length} leagues`);
    expect(row.credential).not.toContain(demo.espnS2);
    expect(row.credential).not.toContain(demo.swid);
    const accounts = (await t.get('/api/league-accounts', cookie)).json();
    expect(accounts.accounts).toEqual([
      expect.objectContaining({ service: 'espn', label: row.label, active: true }),
    ]);
    const leagues = (await t.get('/api/espn/leagues', cookie)).json();
    expect(leagues).toHaveLength(demoLeagues().length);
    expect(leagues[0].account).toBe(String(accounts.accounts[0].id));
  });
});

describe('the tools on ESPN leagues', () => {
  let cookie: string;
  let refs: { league_id: string; team_id: string }[];
  beforeAll(async () => {
    cookie = jar(await connect({ swid: demo.swid, espnS2: demo.espnS2 }));
    refs = (await t.get('/api/espn/leagues', cookie))
      .json()
      .map((l: { league_id: string; team_id: string }) => ({ league_id: l.league_id, team_id: l.team_id }));
  });

  it('Rostership counts every player of the demo’s ESPN teams, with MFL, Sleeper and Fleaflicker down', async () => {
    for (const service of ['mfl', 'sleeper', 'flea'] as const)
      sim.control.addFault({ service, kind: 'down', count: 100_000 });
    const res = await t.post('/api/espn/rostership', { leagues: refs }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const answer = rostershipAnswerSchema.parse(res.json());
    expect(answer.failed).toEqual([]);
    const rostered = demoLeagues().reduce((n, l) => {
      const team = sim.world.teamOf(l, sim.world.demo.espn)!;
      return n + new Set([...team.players, ...team.taxi, ...team.ir]).size;
    }, 0);
    expect(answer.players.reduce((n, p) => n + p.leagues.length, 0)).toBe(rostered);
    expect(answer.players.every((p) => p.espn_id)).toBe(true);
  });

  it('My week: a line per ESPN league, byes from ESPN’s pro schedule, ESPN’s free agents, fixed on ESPN', async () => {
    sim.control.addFault({ service: 'mfl', kind: 'down', count: 100_000, match: 'TYPE=nflSchedule' });
    const res = await t.post('/api/espn/my-week', { leagues: refs, week: 6 }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const lines = myWeekAnswerSchema.parse(res.json()).leagues;
    expect(lines.map((l) => l.league_id).sort()).toEqual(refs.map((r) => r.league_id).sort());
    for (const line of lines) {
      expect(line.error, line.league_id).toBeUndefined();
      expect(line.byesKnown).toBe(true);
      expect(line.starters).toBeGreaterThan(0);
      expect(line.fixUrl).toMatch(/^https:\/\/fantasy\.espn\.com\/football\/team\?leagueId=\d+&teamId=\d+$/);
    }
    // The demo's PPR league leaves its kicker slot empty every week.
    expect(lines.some((l) => l.problems.some((p) => p.kind === 'empty'))).toBe(true);
    expect(lines.some((l) => l.best.length > 0)).toBe(true);
  });

  it('expired cookies: each league says to connect ESPN again; the public one still reads', async () => {
    sim.control.addFault({ service: 'espn', kind: 'expired-cookie', count: 100_000 });
    const res = await t.post('/api/espn/my-week', { leagues: refs }, cookie);
    const lines = myWeekAnswerSchema.parse(res.json()).leagues;
    const pub = demoLeagues().find((l) => l.isPublic)!;
    for (const line of lines)
      if (line.league_id === pub.id) expect(line.error).toBeUndefined();
      else expect(line.error).toMatch(/private, and the ESPN cookies .* have expired\. Connect ESPN again/);
  });

  it('the Status Checker finds a player on the member’s own ESPN team, and says whether he starts', async () => {
    await t.get('/api/players');
    const league = demoLeagues().find((l) => !l.isPublic)!;
    const team = sim.world.teamOf(league, sim.world.demo.espn)!;
    const player = sim.world.player(team.players[0]!);
    const res = await t.post(
      '/api/players/status',
      {
        player: player.mflId,
        leagues: [{ type: 'espn', league_id: league.id, team_id: team.id, name: league.name }],
      },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json();
    expect(row).toMatchObject({ type: 'espn', league_id: league.id, name: league.name });
    expect(row.error).toBeUndefined();
    expect(row.playerStatus).toMatchObject({ status: 'Mine', mine: true, starter: expect.any(Boolean) });
    expect(row.url).toBe(`https://fantasy.espn.com/football/league?leagueId=${league.id}`);
  });

  it('the trade calculator reads an ESPN league’s format', async () => {
    const superflex = demoLeagues().find((l) => /Superflex/.test(l.name))!;
    const res = await t.get(`/api/values/league-format?type=espn&league_id=${superflex.id}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().format).toMatch(/^10-sf-/);
  });
});
