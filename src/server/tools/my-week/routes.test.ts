import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEAGUE_STREAM_TYPE } from '#common/league-chunks.ts';
import type { League } from '#common/leagues.ts';
import { type MyWeekLeagueLine, myWeekAnswerSchema, myWeekLeagueLineSchema } from '#common/my-week.ts';
import { readNdjson } from '#common/ndjson.ts';
import { PLAIN_WORDS } from '#server/http/validation-message.ts';
import { normaliseTeam } from '#server/leagues/player-names.ts';
import { startToolsTestBed, type ToolsTestBed } from '#test/tools.ts';

/* POST /api/{mfl,sleeper,flea}/my-week through the real app against the simulator. */

let bed: ToolsTestBed;
let cookie: string;
const leagues: Record<'mfl' | 'sleeper' | 'flea', League[]> = { mfl: [], sleeper: [], flea: [] };

const refOf = (l: League) =>
  l.type === 'mfl'
    ? { league_id: l.league_id, franchise_id: l.franchise_id, url: l.url }
    : l.type === 'flea'
      ? { league_id: l.league_id, team_id: l.team_id }
      : { league_id: l.league_id };

async function myWeek(service: string, refs: unknown[], week?: number) {
  const res = await bed.post(`/api/${service}/my-week`, { leagues: refs, week }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return myWeekAnswerSchema.parse(res.json()).leagues;
}

/** The simulator's own answer, read raw (not through the app's clients). */
async function simJson(path: string) {
  const res = await fetch(`${bed.simBase}${path}`);
  expect(res.ok, path).toBe(true);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Teams that play in a week, from the simulator's raw MFL nflSchedule. */
async function playingTeams(week: number) {
  const year = bed.services.mfl.seasonYear();
  const body = (await simJson(`/mfl/api/${year}/export?TYPE=nflSchedule&W=${week}&JSON=1`)) as {
    nflSchedule: { matchup: { team: { id: string }[] }[] };
  };
  return new Set(body.nflSchedule.matchup.flatMap((m) => m.team.map((t) => normaliseTeam(t.id))));
}

beforeAll(async () => {
  bed = await startToolsTestBed();
  bed.control.setClock({ week: 5, phase: 'before' });
  cookie = await bed.connect('demo');
  for (const service of ['mfl', 'sleeper', 'flea'] as const)
    leagues[service] = (await bed.get(`/api/${service}/leagues`, cookie)).json();
}, 60_000);
afterAll(() => bed.close());
beforeEach(() => {
  bed.control.reset();
  bed.control.setClock({ week: 5, phase: 'before' });
});

describe('my week: access and input', () => {
  it('answers 401 for a service that is not connected', async () => {
    for (const [service, ref] of [
      ['mfl', { league_id: '1', franchise_id: '0001', url: 'x' }],
      ['sleeper', { league_id: '1' }],
      ['flea', { league_id: '1', team_id: '1' }],
    ] as const) {
      const res = await bed.post(`/api/${service}/my-week`, { leagues: [ref] }, '');
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/MFL|Sleeper|Fleaflicker/);
    }
  });

  it('refuses malformed refs, more than 5 leagues and weeks outside 1–18 with 400 in plain words', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ league_id: String(i + 1) }));
    const cases: [string, unknown][] = [
      ['mfl', { leagues: [{ league_id: '123' }] }],
      ['sleeper', { leagues: [{ league_id: 'DROP TABLE' }] }],
      ['flea', { leagues: [] }],
      ['sleeper', { leagues: six }],
      ['sleeper', { leagues: [{ league_id: '1' }], week: 0 }],
      ['sleeper', { leagues: [{ league_id: '1' }], week: 19 }],
      ['sleeper', { leagues: [{ league_id: '1' }], week: 'soon' }],
    ];
    for (const [service, body] of cases) {
      const res = await bed.post(`/api/${service}/my-week`, body, cookie);
      expect(res.statusCode, `${service} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error).toMatch(PLAIN_WORDS);
    }
  });
});

describe('my week: each service', () => {
  it('MFL: one line per league with the week’s starters, byes checked against the NFL schedule', async () => {
    const refs = leagues.mfl.slice(0, 5).map(refOf);
    const lines = await myWeek('mfl', refs, 5);
    expect(lines.map((l) => l.league_id).sort()).toEqual(refs.map((r) => r.league_id).sort());
    const playing = await playingTeams(5);
    const world = bed.world;
    for (const line of lines) {
      expect(line.error).toBeUndefined();
      expect(line.week).toBe(5);
      expect(line.account).toBe('demo');
      expect(line.fixUrl).toBe(`/tools/lineup/${line.league_id}`);
      expect(line.byesKnown).toBe(true);
      const team = world.teamOf(world.league('mfl', line.league_id)!, world.demo.mfl)!;
      const view = bed.control.lineup(line.league_id, team.id, 5)!;
      expect(line.starters).toBe(view.starters.filter((s) => s !== '0').length);
    }
    const byes = lines.flatMap((l) => l.problems.filter((p) => p.kind === 'bye'));
    expect(byes.length).toBeGreaterThan(0);
    for (const p of byes) expect(playing.has(p.player!.team), p.player!.name).toBe(false);
  });

  it('MFL: injured starters are problems with the service’s word; best available lists free agents only', async () => {
    const lines = await myWeek('mfl', leagues.mfl.slice(0, 5).map(refOf), 5);
    const injured = lines.flatMap((l) =>
      l.problems.filter((p) => ['out', 'doubtful', 'ir'].includes(p.kind)),
    );
    expect(injured.length).toBeGreaterThan(0);
    for (const p of injured) expect(p.status).toMatch(/^(Out|Doubtful|IR|Suspended|PUP|NFI|COVID|Inactive)$/);
    const line = lines[0];
    expect(line.best.length).toBeGreaterThan(0);
    const mflCookie = /MFL_USER_ID=([^;]+)/.exec(cookie)![1];
    const rosters = await bed.services.mfl.rosters(leagues.mfl[0], { cookie: mflCookie });
    const rostered = new Set(rosters.flatMap((f) => f.players.map((p) => p.id)));
    expect(rostered.size).toBeGreaterThan(0);
    for (const p of line.best) expect(rostered.has(p.mfl_id!), p.name).toBe(false);
    expect(new Set(line.best.map((p) => p.position))).toEqual(new Set(['QB', 'RB', 'WR', 'TE']));
  });

  it('Sleeper: empty slots are the starters Sleeper holds as "0"; the account is the Sleeper name', async () => {
    const refs = leagues.sleeper.slice(0, 5).map(refOf);
    const lines = await myWeek('sleeper', refs);
    expect(lines).toHaveLength(refs.length);
    const userId = (await simJson('/sleeper/v1/user/dynastydemo')).user_id as string;
    for (const line of lines) {
      expect(line.error).toBeUndefined();
      expect(line.account).toBe('dynastydemo');
      expect(line.fixUrl).toBe(`https://sleeper.com/leagues/${line.league_id}/team`);
      const rosters = (await simJson(`/sleeper/v1/league/${line.league_id}/rosters`)) as unknown as {
        owner_id: string;
        starters: string[];
      }[];
      const mine = rosters.find((r) => r.owner_id === userId)!;
      const empty = mine.starters.filter((s) => !s || s === '0').length;
      // A best-ball league's lineup is Sleeper's to set: no empty slot is a problem there.
      expect(line.problems.filter((p) => p.kind === 'empty')).toHaveLength(line.bestBall ? 0 : empty);
      expect(line.starters).toBe(mine.starters.length - empty);
      for (const p of line.best) expect(rosters.some((r) => r.starters.includes(p.sleeper_id!))).toBe(false);
    }
  });

  it('a best-ball league (MFL, Sleeper) says so and has no problems: the service sets its lineup', async () => {
    for (const service of ['mfl', 'sleeper'] as const) {
      const isBall = (l: League) => bed.world.league(service, l.league_id)?.format.bestBall === true;
      const ball = leagues[service].filter(isBall);
      expect(ball.length, service).toBeGreaterThan(0);
      for (const line of await myWeek(service, ball.slice(0, 5).map(refOf), 5)) {
        expect(line.error).toBeUndefined();
        expect(line.bestBall, service).toBe(true);
        expect(line.problems).toEqual([]);
      }
      const [plain] = await myWeek(service, [refOf(leagues[service].find((l) => !isBall(l))!)], 5);
      expect(plain.error).toBeUndefined();
      expect(plain.bestBall).toBeUndefined();
    }
  });

  it('Fleaflicker: the START group’s starters, masked account, fix link to the team', async () => {
    const refs = leagues.flea.slice(0, 5).map(refOf);
    const lines = await myWeek('flea', refs, 5);
    expect(lines).toHaveLength(refs.length);
    for (const line of lines) {
      const ref = refs.find((r) => r.league_id === line.league_id) as { team_id: string };
      expect(line.error).toBeUndefined();
      expect(line.account).toMatch(/^d\*+@dynasty\.test$/);
      expect(line.fixUrl).toBe(
        `https://www.fleaflicker.com/nfl/leagues/${line.league_id}/teams/${ref.team_id}`,
      );
      expect(line.starters).toBeGreaterThan(0);
    }
  });

  it('streams one line per league when asked for NDJSON', async () => {
    const refs = leagues.sleeper.slice(0, 3).map(refOf);
    const res = await bed.app.inject({
      method: 'POST',
      url: '/api/sleeper/my-week',
      headers: { cookie, accept: LEAGUE_STREAM_TYPE },
      payload: { leagues: refs },
    });
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines: MyWeekLeagueLine[] = [];
    for await (const value of readNdjson(new Response(res.payload).body!))
      lines.push(myWeekLeagueLineSchema.parse(value));
    expect(lines.map((l) => l.league_id).sort()).toEqual(refs.map((r) => r.league_id).sort());
  });

  it('a league that fails says why; the others of the chunk are read', async () => {
    const refs = [...leagues.flea.slice(0, 2).map(refOf), { league_id: '999999', team_id: '1' }];
    const lines = await myWeek('flea', refs, 5);
    const bad = lines.find((l) => l.league_id === '999999')!;
    expect(bad.error).toBe('Fleaflicker has no such team in this league');
    expect(bad.problems).toEqual([]);
    expect(lines.filter((l) => !l.error)).toHaveLength(2);
  });
});

describe('my week: the schedule unreadable', () => {
  it('byes are unknown and said so; injuries and empty slots still show', async () => {
    // Sleeper's player list (the injuries) read beforehand, so that on a loaded machine it is not
    // what runs out of time: the schedule alone is missing here.
    await bed.services.sleeper.players();
    bed.control.addFault({ service: 'mfl', kind: 'down', count: 100_000, match: 'TYPE=nflSchedule' });
    // Chunks of five leagues, service after service and week after week, until one shows a problem
    // (an injury, an empty slot): the simulated world is built from the day the tests run, so which
    // league and week hold one varies (Sleeper's lineups are this week's whatever the week asked;
    // Fleaflicker's follow the week).
    const lines: MyWeekLeagueLine[] = [];
    const found = () => lines.some((l) => l.problems.length > 0);
    for (let week = 9; week <= 18 && !found(); week++)
      for (const service of ['sleeper', 'flea'] as const)
        for (let i = 0; i < leagues[service].length && !found(); i += 5)
          lines.push(...(await myWeek(service, leagues[service].slice(i, i + 5).map(refOf), week)));
    for (const line of lines) {
      expect(line.error).toBeUndefined();
      expect(line.byesKnown).toBe(false);
      expect(line.kickoff).toBeNull();
      expect(line.missing).toContain('byes');
      expect(line.problems.some((p) => p.kind === 'bye')).toBe(false);
    }
    expect(
      lines.flatMap((l) => l.problems).length,
      JSON.stringify(lines.map((l) => l.missing)),
    ).toBeGreaterThan(0);
  });
});
