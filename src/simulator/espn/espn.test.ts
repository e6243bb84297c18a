import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFixedSim } from '#test/simulator-world.ts';
import { DEMO_ACCOUNTS } from '../accounts.ts';
import type { SimControl } from '../control.ts';
import type { League } from '../world/league.ts';
import type { World } from '../world/world.ts';

let app: FastifyInstance;
let world: World;
let control: SimControl;
let demo: League[];

const cookieOf = (who: 'demo' | 'bench', s2: string = DEMO_ACCOUNTS[who].espn.espnS2) =>
  `SWID=${DEMO_ACCOUNTS[who].espn.swid}; espn_s2=${s2}`;
const leagueUrl = (id: string, query = '') =>
  `/espn/apis/v3/games/ffl/seasons/2026/segments/0/leagues/${id}${query}`;
/** The demo's cookies go with every request unless `cookie` says otherwise (undefined: none). */
const get = (url: string, headers: Record<string, string | undefined> = {}) => {
  const all = { host: 'sim.test', cookie: cookieOf('demo'), ...headers };
  const sent = Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return app.inject({ method: 'GET', url, headers: sent });
};
const filter = (players: object) => ({ 'x-fantasy-filter': JSON.stringify({ players }) });

interface Entry {
  lineupSlotId: number;
  playerId: number;
  playerPoolEntry: { onTeamId: number; player: { injuryStatus?: string; eligibleSlots: number[] } };
}

beforeAll(async () => {
  ({ app, world, control } = await startFixedSim());
  demo = world.leaguesOf(world.demo.espn);
});

async function myEntries(l: League, week?: number): Promise<Entry[]> {
  const res = await get(leagueUrl(l.id, `?view=mRoster${week ? `&scoringPeriodId=${week}` : ''}`));
  expect(res.statusCode).toBe(200);
  const mine = world.teamOf(l, world.demo.espn)!;
  return res.json().teams.find((t: { id: number }) => t.id === Number(mine.id)).roster.entries;
}

describe("ESPN's league views", () => {
  it('gives the demo four leagues, three private and one public, in varied formats', () => {
    expect(demo).toHaveLength(4);
    expect(demo.filter((l) => l.isPublic)).toHaveLength(1);
    expect(demo.some((l) => l.format.idp)).toBe(true);
    expect(demo.some((l) => l.format.qb === 'SF')).toBe(true);
    expect(world.leaguesOf(world.bench.espn)).toHaveLength(20);
    expect(world.leaguesOf(world.bench.espn).every((l) => !l.isPublic)).toBe(true);
  });

  it("answers a private league to its member's cookies only", async () => {
    const l = demo.find((x) => !x.isPublic)!;
    expect((await get(leagueUrl(l.id, '?view=mTeam'))).statusCode).toBe(200);
    for (const cookie of [
      undefined,
      cookieOf('bench'),
      cookieOf('demo', 'AEBwrong%2Btoken%3D'),
      `SWID=${DEMO_ACCOUNTS.demo.espn.swid}`,
    ]) {
      const res = await get(leagueUrl(l.id, '?view=mTeam'), { cookie });
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json().details[0].type).toBe('AUTH_LEAGUE_NOT_VISIBLE');
    }
  });

  it('answers a public league to anyone', async () => {
    const l = demo.find((x) => x.isPublic)!;
    const res = await get(leagueUrl(l.id, '?view=mSettings'), { cookie: undefined });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ name: l.name, isPublic: true });
  });

  it('answers 404 for an unknown league, another season or segment', async () => {
    const l = demo[0];
    for (const url of [
      leagueUrl('123'),
      `/espn/apis/v3/games/ffl/seasons/2025/segments/0/leagues/${l.id}`,
      `/espn/apis/v3/games/ffl/seasons/2026/segments/1/leagues/${l.id}`,
      '/espn/apis/v3/games/ffl/seasons/2019?view=proTeamSchedules_wl',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().details[0].type).toBe('GENERAL_NOT_FOUND');
    }
  });

  it('answers the base fields with every view, members and teams with mTeam, settings with mSettings', async () => {
    const l = demo[2];
    const team = (await get(leagueUrl(l.id, '?view=mTeam'))).json();
    expect(team).toMatchObject({
      gameId: 1,
      id: Number(l.id),
      seasonId: 2026,
      segmentId: 0,
      scoringPeriodId: 11,
    });
    expect(team.status).toMatchObject({ currentMatchupPeriod: 11, latestScoringPeriod: 11, isActive: true });
    expect(team.settings).toBeUndefined();
    const mine = world.teamOf(l, world.demo.espn)!;
    const me = team.teams.find((t: { id: number }) => t.id === Number(mine.id));
    expect(me.owners).toEqual([DEMO_ACCOUNTS.demo.espn.swid]);
    expect(me.primaryOwner).toBe(DEMO_ACCOUNTS.demo.espn.swid);
    expect(`${me.location} ${me.nickname}`).toBe(mine.name);
    expect(team.members.map((m: { id: string }) => m.id)).toContain(DEMO_ACCOUNTS.demo.espn.swid);
    const wins = team.teams.reduce(
      (s: number, t: { record: { overall: { wins: number } } }) => s + t.record.overall.wins,
      0,
    );
    // Ten weeks final at the fixed clock (week 11, before Sunday): half the teams won each week.
    expect(wins).toBe((10 * l.teams.length) / 2);

    const settings = (await get(leagueUrl(l.id, '?view=mSettings'))).json();
    expect(settings.teams).toBeUndefined();
    const counts = settings.settings.rosterSettings.lineupSlotCounts;
    // IDP: two DL (11), two LB (10), two DB (14) and one DP (15); no D/ST.
    expect([counts['11'], counts['10'], counts['14'], counts['15'], counts['16']]).toEqual([2, 2, 2, 1, 0]);
    expect(counts['20']).toBe(l.rosterSize - l.slots.length);
    const superflex = (await get(leagueUrl(demo[1].id, '?view=mSettings'))).json();
    expect(superflex.settings.rosterSettings.lineupSlotCounts['7']).toBe(1);
  });

  it("puts the world's lineup of the asked week on mRoster, bench and IR after it", async () => {
    const l = demo[2];
    const mine = world.teamOf(l, world.demo.espn)!;
    for (const week of [3, undefined]) {
      const entries = await myEntries(l, week);
      expect(entries.map((e) => String(e.playerId)).sort()).toEqual(
        mine.players.map((i) => world.players[i].espnId).sort(),
      );
      const starters = entries.filter((e) => e.lineupSlotId !== 20 && e.lineupSlotId !== 21);
      const view = control.lineup(l.id, mine.id, week)!;
      expect(view.service).toBe('espn');
      expect(starters.map((e) => String(e.playerId))).toEqual(view.starters.filter((s) => s !== '0'));
      for (const e of entries) expect(e.playerPoolEntry.player.eligibleSlots).toContain(e.lineupSlotId);
      expect(entries.filter((e) => e.lineupSlotId === 21).map((e) => String(e.playerId))).toEqual(
        mine.ir.map((i) => world.players[i].espnId),
      );
    }
  });

  it('leaves the demo a problem to see: an empty kicker slot every week, an injured starter in some', async () => {
    const emptyKicker = demo.find((l) => l.lineupHabit?.habit === 'empty-kicker')!;
    const injured = demo.find((l) => l.lineupHabit?.habit === 'injured-starter')!;
    let hurtWeeks = 0;
    for (let week = 1; week <= 14; week++) {
      expect((await myEntries(emptyKicker, week)).some((e) => e.lineupSlotId === 17)).toBe(false);
      const entries = await myEntries(injured, week);
      if (
        entries.some(
          (e) =>
            e.lineupSlotId < 20 && !['ACTIVE', undefined].includes(e.playerPoolEntry.player.injuryStatus),
        )
      )
        hurtWeeks++;
    }
    expect(hurtWeeks).toBeGreaterThan(3);
    // Others' teams in the same league fill their kicker slot.
    const res = (await get(leagueUrl(emptyKicker.id, '?view=mRoster'))).json();
    const mine = Number(world.teamOf(emptyKicker, world.demo.espn)!.id);
    for (const t of res.teams.filter((x: { id: number }) => x.id !== mine))
      expect(t.roster.entries.some((e: Entry) => e.lineupSlotId === 17)).toBe(true);
  });
});

describe("ESPN's player list (kona_player_info)", () => {
  const url = () => leagueUrl(demo[0].id, '?view=kona_player_info');

  it('lists free agents by slot, most owned first, in pages', async () => {
    const wanted = { filterStatus: { value: ['FREEAGENT', 'WAIVERS'] }, filterSlotIds: { value: [2] } };
    const sort = { sortPercOwned: { sortPriority: 1, sortAsc: false } };
    const res = await get(url(), filter({ ...wanted, limit: 20, ...sort }));
    expect(res.statusCode).toBe(200);
    const players = res.json().players;
    expect(players).toHaveLength(20);
    const rostered = new Set(demo[0].teams.flatMap((t) => t.players.map((i) => world.players[i].espnId)));
    for (const p of players) {
      expect(['FREEAGENT', 'WAIVERS']).toContain(p.status);
      expect(p.onTeamId).toBe(0);
      expect(rostered.has(String(p.id))).toBe(false);
      expect(p.player.eligibleSlots).toContain(2);
    }
    const owned = players.map(
      (p: { player: { ownership: { percentOwned: number } } }) => p.player.ownership.percentOwned,
    );
    expect(owned).toEqual([...owned].sort((a, b) => b - a));
    const next = (await get(url(), filter({ ...wanted, limit: 20, offset: 10, ...sort }))).json().players;
    expect(next[0].id).toBe(players[10].id);
  });

  it('lists rostered players as ONTEAM with their team when no status is asked for', async () => {
    const res = await get(url(), filter({ limit: 5, sortPercOwned: { sortPriority: 1, sortAsc: false } }));
    const players = res.json().players;
    expect(players).toHaveLength(5);
    expect(
      players.every((p: { status: string; onTeamId: number }) => p.status === 'ONTEAM' && p.onTeamId > 0),
    ).toBe(true);
  });

  it('refuses a limit without a sort, and a filter it cannot read', async () => {
    expect((await get(url(), filter({ limit: 5 }))).statusCode).toBe(400);
    expect((await get(url(), { 'x-fantasy-filter': '{players' })).statusCode).toBe(400);
  });
});

describe("ESPN's pro schedule and fan API", () => {
  it('gives every NFL team its bye and games, and the free-agent team 0', async () => {
    const res = await get('/espn/apis/v3/games/ffl/seasons/2026?view=proTeamSchedules_wl', {
      cookie: undefined,
    });
    const teams = res.json().settings.proTeams;
    expect(teams).toHaveLength(33);
    expect(teams[0]).toMatchObject({ id: 0, abbrev: 'FA', byeWeek: 0 });
    const kc = teams.find((t: { id: number }) => t.id === 12);
    expect(kc.abbrev).toBe('KC');
    expect(kc.byeWeek).toBe(world.calendar.byeWeek('KC'));
    expect(Object.keys(kc.proGamesByScoringPeriod)).toHaveLength(17);
    expect(kc.proGamesByScoringPeriod[String(kc.byeWeek)]).toBeUndefined();
    expect(teams.find((t: { id: number }) => t.id === 28).abbrev).toBe('Wsh');
  });

  it("lists the member's leagues with the team in each, to that member's cookies only", async () => {
    const swid = encodeURIComponent(DEMO_ACCOUNTS.demo.espn.swid);
    const res = await get(`/espn-fan/apis/v2/fans/${swid}`);
    expect(res.statusCode).toBe(200);
    const entries = res
      .json()
      .preferences.map((p: { metaData: { entry: Record<string, unknown> } }) => p.metaData.entry);
    expect(
      entries.map((e: { groups: { groupId: number }[]; entryId: number }) => [
        e.groups[0].groupId,
        e.entryId,
      ]),
    ).toEqual(demo.map((l) => [Number(l.id), Number(world.teamOf(l, world.demo.espn)!.id)]));
    expect(
      entries.every((e: { abbrev: string; seasonId: number }) => e.abbrev === 'FFL' && e.seasonId === 2026),
    ).toBe(true);
    expect((await get(`/espn-fan/apis/v2/fans/${swid}`, { cookie: undefined })).statusCode).toBe(401);
    expect((await get(`/espn-fan/apis/v2/fans/${swid}`, { cookie: cookieOf('bench') })).statusCode).toBe(401);
    const unknown = await get(
      `/espn-fan/apis/v2/fans/${encodeURIComponent('{00000000-0000-0000-0000-000000000000}')}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'fan not found' });
    const bench = await get(`/espn-fan/apis/v2/fans/${encodeURIComponent(DEMO_ACCOUNTS.bench.espn.swid)}`, {
      cookie: cookieOf('bench'),
    });
    expect(bench.json().preferences).toHaveLength(20);
  });
});

describe('ESPN through the service hooks', () => {
  it('takes faults, an expired cookie and a rate limit like the other services', async () => {
    const l = demo.find((x) => !x.isPublic)!;
    try {
      control.addFault({ service: 'espn', kind: '500', match: l.id });
      expect((await get(leagueUrl(l.id, '?view=mTeam'))).statusCode).toBe(500);
      expect((await get(leagueUrl(l.id, '?view=mTeam'))).statusCode).toBe(200);
      control.addFault({ service: 'espn', kind: 'expired-cookie' });
      expect((await get(leagueUrl(l.id, '?view=mTeam'))).statusCode).toBe(401);
      control.addFault({ service: 'espn', kind: '429', match: '/espn-fan/' });
      expect(
        (await get(`/espn-fan/apis/v2/fans/${encodeURIComponent(DEMO_ACCOUNTS.demo.espn.swid)}`)).statusCode,
      ).toBe(429);
      control.setRateLimit('espn', 1, 60_000);
      expect((await get(leagueUrl(l.id))).statusCode).toBe(200);
      expect((await get(leagueUrl(l.id))).statusCode).toBe(429);
      expect((await get('/sleeper/v1/state/nfl')).statusCode).toBe(200);
    } finally {
      control.reset();
    }
  });

  it("lists the demo's ESPN leagues in the world summary", async () => {
    const summary = control.summary('sim.test');
    expect(summary.baseUrls.espn).toBe('http://sim.test/espn');
    expect(summary.baseUrls.espnFan).toBe('http://sim.test/espn-fan');
    expect(summary.leagues.demo.espn.map((l) => l.league_id)).toEqual(demo.map((l) => l.id));
    expect(summary.leagues.demo.espn.filter((l) => l.is_public)).toHaveLength(1);
    expect(summary.accounts.demo.espn.swid).toBe(DEMO_ACCOUNTS.demo.espn.swid);
  });
});
