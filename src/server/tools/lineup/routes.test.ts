import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { League } from '#common/leagues.ts';
import {
  isLocked,
  type LineupInfo,
  type LineupPlayer,
  parseLimit,
  starterIds,
  toggle,
} from '#common/lineup.ts';
import type { Database } from '#server/db/client.ts';
import { PLAIN_WORDS } from '#server/http/validation-message.ts';
import type { SimControl } from '#simulator/app.ts';
import type { Phase } from '#simulator/control.ts';
import { cookiesOf, makeTestApp } from '#test/app.ts';
import { openTestDatabase } from '#test/database.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { FIXED_NOW, TEST_SEED } from '#test/simulator-world.ts';

/*
 * The lineup routes on the whole app, talking to the league simulator over HTTP. The simulator's
 * clock is moved to a week with byes, before, during and after its games; each clock gets a fresh
 * app so no cached week from another clock leaks in.
 */

const WEEK = 7;
let sim: Sim;
let control: SimControl;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  sim = await startSim({ seed: TEST_SEED, now: () => FIXED_NOW });
  control = sim.control;
});
afterAll(async () => {
  await sim.close();
  await database.close();
});

interface Session {
  app: FastifyInstance;
  cookie: string;
  leagues: League[];
  close(): Promise<void>;
}

/** The real app on a fresh cache (one database serves them all), pointed at the simulator with its rate limits relaxed for speed. */
async function openApp(): Promise<Omit<Session, 'cookie' | 'leagues'>> {
  const t = await makeTestApp({}, { sim, database });
  return { app: t.app, close: () => t.close() };
}

async function logIn(phase: Phase): Promise<Session> {
  control.reset();
  control.setClock({ week: WEEK, phase });
  const opened = await openApp();
  const login = await opened.app.inject({
    method: 'POST',
    url: '/api/mfl/login',
    payload: { username: 'demo', password: 'demo1234' },
  });
  expect(login.statusCode).toBe(200);
  const cookie = cookiesOf(login).find((c) => c.startsWith('MFL_USER_ID='))!;
  const leagues = (
    await opened.app.inject({ method: 'GET', url: '/api/mfl/leagues', headers: { cookie } })
  ).json();
  return { ...opened, cookie, leagues };
}

const KINDS = {
  normal: 'Demo Dynasty 1QB PPR',
  superflex: 'Demo Superflex Dynasty',
  idp: 'Demo IDP Dynasty',
  bestball: 'Demo Best Ball SF',
} as const;

const leagueOf = (s: Session, kind: keyof typeof KINDS) => s.leagues.find((l) => l.name === KINDS[kind])!;
const ref = (l: League) => ({ league_id: l.league_id, franchise_id: l.franchise_id!, url: l.url });

async function lineup(s: Session, kind: keyof typeof KINDS): Promise<LineupInfo> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/mfl/lineup',
    headers: { cookie: s.cookie },
    payload: { league: ref(leagueOf(s, kind)) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function submit(s: Session, league: League, starters: string[], week = WEEK) {
  return s.app.inject({
    method: 'POST',
    url: '/api/mfl/lineup/set',
    headers: { cookie: s.cookie },
    payload: { league: ref(league), starters, week },
  });
}

const everyone = (l: LineupInfo) => Object.values(l.positions).flatMap((g) => g.players);
const simStarters = (l: League) => new Set(control.lineup(l.league_id, l.franchise_id!, WEEK)!.starters);

/** What holds in every phase: groups as the league defines them, MFL's starters, byes and outs. */
function checkShape(info: LineupInfo, league: League) {
  expect(info).toMatchObject({ name: 'Demo Dynasty', week: WEEK });
  expect(info.url).toBe(
    `${new URL(league.url).origin}${new URL(league.url).pathname.replace(/\/\d{4}\/home\/\d+$/, '')}/2026/options?L=${league.league_id}&F=${league.franchise_id}&O=01`,
  );
  expect(new Set(starterIds(info))).toEqual(simStarters(league));
  for (const [key, group] of Object.entries(info.positions)) {
    for (const p of group.players) expect(key.split('+')).toContain(p.position);
    expect(group.players.filter((p) => p.starter).length).toBeLessThanOrEqual(parseLimit(group.limit).max);
  }
  for (const p of everyone(info)) {
    expect(p.isBye).toBe(p.scheduleInfo === null && p.team !== 'FA');
    if (p.isOut) expect(p.injuryStatus?.tag).toMatch(/^(O|IR)$/);
    expect(p.name).not.toContain(',');
  }
}

describe('POST /api/mfl/lineup before kickoff', () => {
  let s: Session;
  beforeAll(async () => {
    s = await logIn('before');
  });
  afterAll(() => s.close());

  it('reads a 1QB league: groups, limits, starters and nothing locked or scored', async () => {
    const info = await lineup(s, 'normal');
    checkShape(info, leagueOf(s, 'normal'));
    expect(info.bestball).toBe(false);
    expect(info.starters).toBe(10);
    expect(Object.fromEntries(Object.entries(info.positions).map(([k, g]) => [k, g.limit]))).toEqual({
      QB: 1,
      RB: '2-3',
      WR: '3-4',
      TE: '1-2',
      PK: 1,
      Def: 1,
    });
    for (const p of everyone(info)) {
      expect(isLocked(p, info.now)).toBe(false);
      expect(p.score).toBeNull();
    }
    expect(Math.abs(info.now - control.now())).toBeLessThan(3000);
  });

  it('reads a superflex league with ranged limits', async () => {
    const info = await lineup(s, 'superflex');
    checkShape(info, leagueOf(s, 'superflex'));
    expect(info.positions.QB.limit).toBe('1-2');
    expect(info.positions.QB.players.length).toBeGreaterThanOrEqual(2);
  });

  it('reads an IDP league with combined groups keyed as the league defines them', async () => {
    const info = await lineup(s, 'idp');
    checkShape(info, leagueOf(s, 'idp'));
    expect(Object.keys(info.positions)).toEqual(['QB', 'RB', 'WR', 'TE', 'PK', 'DT+DE', 'LB', 'CB+S']);
    const positionsIn = (key: string) => new Set(info.positions[key].players.map((p) => p.position));
    expect([...positionsIn('DT+DE')].sort()).toEqual(['DE', 'DT']);
    expect([...positionsIn('CB+S')].every((p) => p === 'CB' || p === 'S')).toBe(true);
  });

  it('reads a best ball league as best ball', async () => {
    const info = await lineup(s, 'bestball');
    checkShape(info, leagueOf(s, 'bestball'));
    expect(info.bestball).toBe(true);
  });

  it('marks byes, outs and injuries across the demo leagues', async () => {
    const all = (
      await Promise.all((Object.keys(KINDS) as (keyof typeof KINDS)[]).map((k) => lineup(s, k)))
    ).flatMap(everyone);
    expect(all.some((p) => p.isBye)).toBe(true);
    expect(all.some((p) => p.isOut)).toBe(true);
    expect(all.some((p) => p.injuryStatus && !p.isOut)).toBe(true);
    expect(all.every((p) => p.projectedScore === null || typeof p.projectedScore === 'number')).toBe(true);
  });

  it('sets a valid lineup: MFL takes it, the simulator shows it, and the lineup reads it back', async () => {
    const league = leagueOf(s, 'normal');
    const info = await lineup(s, 'normal');
    const bench = info.positions.RB.players.find((p) => !p.starter)!;
    const benched = info.positions.RB.players.find((p) => p.starter)!;
    const next = toggle(toggle(info, benched.id), bench.id);
    const res = await submit(s, league, starterIds(next));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(simStarters(league)).toEqual(new Set(starterIds(next)));
    const again = await lineup(s, 'normal');
    expect(new Set(starterIds(again))).toEqual(new Set(starterIds(next)));
  });

  it('reads and sets a later week, and refuses a week already over or after the season', async () => {
    const league = leagueOf(s, 'normal');
    const current = await lineup(s, 'normal');
    expect(current).toMatchObject({ week: WEEK, currentWeek: WEEK });
    expect(current.lastWeek).toBeGreaterThan(WEEK);
    const read = (week: number) =>
      s.app.inject({
        method: 'POST',
        url: '/api/mfl/lineup',
        headers: { cookie: s.cookie },
        payload: { league: ref(league), week },
      });
    const next = await read(WEEK + 1);
    expect(next.statusCode, next.body).toBe(200);
    const later = next.json() as LineupInfo;
    expect(later).toMatchObject({ week: WEEK + 1, currentWeek: WEEK, lastWeek: current.lastWeek });
    // The later week is set on MFL (the simulator keeps it apart from this week's).
    const rb = later.positions.RB.players;
    const changed = toggle(toggle(later, rb.find((p) => p.starter)!.id), rb.find((p) => !p.starter)!.id);
    const res = await submit(s, league, starterIds(changed), WEEK + 1);
    expect(res.json()).toEqual({ ok: true });
    expect(new Set(control.lineup(league.league_id, league.franchise_id!, WEEK + 1)!.starters)).toEqual(
      new Set(starterIds(changed)),
    );
    if (WEEK > 1) {
      const past = await read(WEEK - 1);
      expect(past.statusCode).toBe(400);
      expect(past.json().error).toBe(`Week ${WEEK - 1} is over; choose week ${WEEK} or later.`);
    }
    const after = await read(current.lastWeek + 1);
    expect(after.statusCode).toBe(400);
    expect(after.json().error).toBe(`This league's season ends in week ${current.lastWeek}.`);
  });

  it("answers MFL's refusal of an invalid lineup in MFL's words, changing nothing", async () => {
    const league = leagueOf(s, 'normal');
    const before = simStarters(league);
    const info = await lineup(s, 'normal');
    const extraQb = info.positions.QB.players.find((p) => !p.starter)!;
    const res = await submit(s, league, [...starterIds(info), extraQb.id]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(false);
    expect(body.error).toMatch(/^Too many starters/);
    expect(simStarters(league)).toEqual(before);
  });

  it("passes on MFL's refusal of any lineup in best ball", async () => {
    const league = leagueOf(s, 'bestball');
    const res = await submit(s, league, [...simStarters(league)]);
    expect(res.json()).toEqual({ ok: false, error: expect.stringMatching(/best lineup/i) });
  });

  it("refuses a league that is not one of the visitor's (404), whatever franchise is claimed", async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/mfl/lineup',
      headers: { cookie: s.cookie },
      payload: {
        league: { league_id: '99999', franchise_id: '0001', url: `${sim.base}/mfl/www41/2026/home/99999` },
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/not one of your MFL leagues/);
  });

  it('answers 401 and forgets the cookie when MFL says the login expired', async () => {
    const league = leagueOf(s, 'superflex');
    control.addFault({ service: 'mfl', kind: 'expired-cookie', match: 'TYPE=lineup' });
    const res = await submit(s, league, [...simStarters(league)]);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/log in to MFL again/);
    expect(String(res.headers['set-cookie'])).toMatch(/^MFL_USER_ID=;/);
  });
});

describe('POST /api/mfl/lineup during the games', () => {
  let s: Session;
  beforeAll(async () => {
    s = await logIn('during');
  });
  afterAll(() => s.close());

  it('locks the players whose games kicked off, scores them, and shows games in progress', async () => {
    for (const kind of Object.keys(KINDS) as (keyof typeof KINDS)[]) {
      const info = await lineup(s, kind);
      checkShape(info, leagueOf(s, kind));
      const players = everyone(info).filter((p) => p.scheduleInfo);
      const locked = players.filter((p) => isLocked(p, info.now));
      expect(locked.length, kind).toBeGreaterThan(0);
      expect(locked.length, kind).toBeLessThan(players.length);
      for (const p of locked) expect(p.score).toEqual(expect.any(Number));
      for (const p of players.filter((x) => !isLocked(x, info.now))) expect(p.score).toBeNull();
      const live = (p: LineupPlayer) => p.scheduleInfo!.secondsRemaining > 0 && isLocked(p, info.now);
      expect(players.some(live), kind).toBe(true);
    }
  });

  it("passes on MFL's refusal to move a player whose game has started", async () => {
    const league = leagueOf(s, 'normal');
    const info = await lineup(s, 'normal');
    const locked = everyone(info).find((p) => p.starter && isLocked(p, info.now))!;
    const res = await submit(
      s,
      league,
      starterIds(info).filter((id) => id !== locked.id),
    );
    expect(res.json()).toEqual({ ok: false, error: expect.stringMatching(/game has already started/) });
  });
});

describe('POST /api/mfl/lineup after the games', () => {
  let s: Session;
  beforeAll(async () => {
    s = await logIn('after');
  });
  afterAll(() => s.close());

  it('shows every game final and every player with a game scored and locked', async () => {
    for (const kind of Object.keys(KINDS) as (keyof typeof KINDS)[]) {
      const info = await lineup(s, kind);
      checkShape(info, leagueOf(s, kind));
      for (const p of everyone(info).filter((x) => x.scheduleInfo)) {
        expect(p.scheduleInfo!.secondsRemaining).toBe(0);
        expect(isLocked(p, info.now)).toBe(true);
        expect(p.score).toEqual(expect.any(Number));
        expect(p.scheduleInfo!.homeScore).toEqual(expect.any(Number));
      }
    }
  });
});

describe('lineup routes refuse what they cannot take', () => {
  let s: Session;
  beforeAll(async () => {
    s = await logIn('before');
  });
  afterAll(() => s.close());

  it('answers 401 without an MFL login', async () => {
    const league = ref(leagueOf(s, 'normal'));
    const read = await s.app.inject({ method: 'POST', url: '/api/mfl/lineup', payload: { league } });
    expect(read.statusCode).toBe(401);
    expect(read.json()).toEqual({ error: 'Log in to MFL first.' });
    const set = await s.app.inject({
      method: 'POST',
      url: '/api/mfl/lineup/set',
      payload: { league, starters: ['12345'], week: WEEK },
    });
    expect(set.statusCode).toBe(401);
  });

  const good = () => ref(leagueOf(s, 'normal'));
  it.each([
    ['no league', '/api/mfl/lineup', () => ({})],
    [
      "a league id that is not MFL's",
      '/api/mfl/lineup',
      () => ({ league: { ...good(), league_id: '12ab' } }),
    ],
    ['a short franchise id', '/api/mfl/lineup', () => ({ league: { ...good(), franchise_id: '1' } })],
    [
      'starters that are not a list',
      '/api/mfl/lineup/set',
      () => ({ league: good(), starters: '1,2', week: 7 }),
    ],
    [
      'a player id with letters',
      '/api/mfl/lineup/set',
      () => ({ league: good(), starters: ['12a'], week: 7 }),
    ],
    ['a player twice', '/api/mfl/lineup/set', () => ({ league: good(), starters: ['1', '1'], week: 7 })],
    [
      'too many starters',
      '/api/mfl/lineup/set',
      () => ({ league: good(), starters: Array.from({ length: 61 }, (_, i) => String(i + 1)), week: 7 }),
    ],
    ['week 0', '/api/mfl/lineup/set', () => ({ league: good(), starters: [], week: 0 })],
    ['no week', '/api/mfl/lineup/set', () => ({ league: good(), starters: [] })],
  ])('answers 400 for %s', async (_label, url, body) => {
    const res = await s.app.inject({ method: 'POST', url, headers: { cookie: s.cookie }, payload: body() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(PLAIN_WORDS);
  });
});
