import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { League, LeaguePlayer, LeagueType } from '#common/leagues.ts';
import type { LineupInfo } from '#common/lineup.ts';
import type { MyWeekAnswer } from '#common/my-week.ts';
import type { LeagueStatus } from '#common/player-status.ts';
import type { RostershipAnswer } from '#common/rostership.ts';
import { ingestLeagues } from '#server/adp-data/ingest.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { buildSimulator, type SimControl, type World } from '#simulator/app.ts';
import type { FaultKind } from '#simulator/control.ts';
import { makeTestApp } from '#test/app.ts';
import { openTestDatabase } from '#test/database.ts';
import { createLoader, memoryCache } from '../cache.ts';
import type { Database } from '../db/client.ts';
import type { HttpLimits } from '../leagues/limits.ts';
import { createPlayerDirectory } from '../leagues/player-directory.ts';
import type { LeagueServices } from '../leagues/services.ts';
import { leagueServicesFor } from '../runtime.ts';

/*
 * The fault matrix: each tool, through the app's routes, while one service is down, slow past the
 * timeout, answering 429, 500 or garbage, and the other two answer. The tool must give every league
 * of the answering services and say what it left out. Each case runs on a fresh app and cache, so
 * nothing read before the fault hides it.
 */

const quick: Partial<HttpLimits> = {
  requestsPerSecond: 1000,
  burst: 100,
  concurrency: 16,
  // Short, yet long enough for the simulator, which shares this process and its CPU.
  timeoutMs: 1500,
  attempts: 2,
  backoffMs: 5,
  maxBackoffMs: 10,
  // A 429's Retry-After is not waited for: the league says "try again shortly" at once.
  maxRetryAfterMs: 0,
};

const services: LeagueType[] = ['mfl', 'sleeper', 'flea'];
const faults: { name: string; kind: FaultKind }[] = [
  { name: 'down', kind: 'down' },
  { name: 'slow past the timeout', kind: 'timeout' },
  { name: '429', kind: '429' },
  { name: '500', kind: '500' },
  { name: 'garbage', kind: 'malformed' },
];

let sim: FastifyInstance;
let control: SimControl;
let world: World;
let simBase: string;
let database: Database;
let cookie: string;
let player: LeaguePlayer;
const leagues = {} as Record<LeagueType, League[]>;

interface Bed {
  app: FastifyInstance;
  services: LeagueServices;
  post(url: string, payload: unknown): Promise<{ status: number; body: unknown; ms: number }>;
}

/** The fault breakService set: a service slow past the timeout is asked once, not twice. */
let broken: { service: LeagueType; kind: FaultKind } | undefined;

async function freshApp(mflLimits: Partial<HttpLimits> = quick): Promise<Bed> {
  // Each wait for a timeout is 1.5 s: one attempt at the slow service shows the same as two.
  const once = (service: LeagueType, limits: Partial<HttpLimits>) =>
    broken?.kind === 'timeout' && broken.service === service ? { ...limits, attempts: 1 } : limits;
  const mfl = once('mfl', mflLimits);
  const t = await makeTestApp(
    {
      MFL_API_URL: `${simBase}/mfl/api`,
      SLEEPER_API_URL: `${simBase}/sleeper/v1`,
      FLEA_API_URL: `${simBase}/flea/api`,
      ESPN_API_URL: `${simBase}/espn`,
      ESPN_FAN_API_URL: `${simBase}/espn-fan`,
    },
    {
      database,
      services: (config, cache) => {
        const built = leagueServicesFor(config, cache, {
          limits: { mfl, sleeper: once('sleeper', quick), flea: once('flea', quick) },
        });
        // The tools wait this long for the merged player list before answering without it.
        return {
          ...built,
          players: createPlayerDirectory({ ...built, load: createLoader(cache), waitMs: 300 }),
        };
      },
    },
  );
  const { app, services: svc } = t;
  return {
    app,
    services: svc,
    async post(url, payload) {
      const t = performance.now();
      const res = await app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
      return { status: res.statusCode, body: res.json(), ms: performance.now() - t };
    },
  };
}

const refOf = (l: League) =>
  l.type === 'mfl'
    ? { league_id: l.league_id, franchise_id: l.franchise_id, url: l.url }
    : l.type === 'flea'
      ? { league_id: l.league_id, team_id: l.team_id }
      : { league_id: l.league_id };

beforeAll(async () => {
  const built = await buildSimulator();
  sim = built.app;
  control = built.control;
  world = built.world;
  control.setClock({ week: 5, phase: 'during' });
  await sim.listen({ port: 0, host: '127.0.0.1' });
  simBase = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  database = await openTestDatabase();
  const bed = await freshApp();
  const acct = DEMO_ACCOUNTS.demo;
  const answers = await Promise.all([
    bed.app.inject({ method: 'POST', url: '/api/mfl/login', payload: acct.mfl }),
    bed.app.inject({
      method: 'POST',
      url: '/api/sleeper/connect',
      payload: { username: acct.sleeper.username },
    }),
    bed.app.inject({ method: 'POST', url: '/api/flea/connect', payload: acct.flea }),
  ]);
  cookie = answers
    .flatMap((a) => {
      const raw = a.headers['set-cookie'];
      return (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => String(c).split(';')[0]);
    })
    .join('; ');
  for (const s of services) {
    const res = await bed.app.inject({ method: 'GET', url: `/api/${s}/leagues`, headers: { cookie } });
    leagues[s] = (res.json() as League[]).slice(0, s === 'mfl' ? 2 : 2);
  }
  // A player on the demo MFL team in the first league, as the page's player list shows him.
  const mflLeague = world.league('mfl', leagues.mfl[0].league_id)!;
  const first = world.players[world.teamOf(mflLeague, world.demo.mfl)!.players[0]];
  const list = await bed.app.inject({ method: 'GET', url: '/api/players', headers: { cookie } });
  player = (list.json() as { players: LeaguePlayer[] }).players.find((p) => p.mfl_id === first.mflId)!;
  await bed.app.close();
}, 60_000);

afterAll(async () => {
  await sim?.close();
  await database?.close();
});

function breakService(service: LeagueType, kind: FaultKind, match = '') {
  broken = { service, kind };
  control.reset();
  control.setClock({ week: 5, phase: 'during' });
  control.addFault({ service, kind, count: 100_000, match });
}

describe.each(services)('%s failing', (failing) => {
  const answering = services.filter((s) => s !== failing);

  it.each(faults)('$name: Rostership gives every league of the other services', async ({ kind }) => {
    breakService(failing, kind);
    const bed = await freshApp();
    try {
      for (const s of answering) {
        const { status, body, ms } = await bed.post(`/api/${s}/rostership`, {
          leagues: leagues[s].map(refOf),
        });
        const answer = body as RostershipAnswer;
        expect(status, s).toBe(200);
        expect(answer.failed, s).toEqual([]);
        expect(answer.leagues, s).toBe(leagues[s].length);
        expect(answer.players.length, s).toBeGreaterThan(10);
        expect(
          answer.players.filter((p) => p.position === '?'),
          s,
        ).toEqual([]);
        // A service the merged list needs is failing: the answer says players are not matched.
        if (failing !== 'flea') expect(answer.missing, s).toContain('identities');
        expect(ms, s).toBeLessThan(5000);
      }
      const own = await bed.post(`/api/${failing}/rostership`, { leagues: leagues[failing].map(refOf) });
      const answer = own.body as RostershipAnswer;
      expect(own.status).toBe(200);
      expect(answer.leagues).toBe(0);
      expect(answer.failed.map((f) => f.league_id)).toEqual(leagues[failing].map((l) => l.league_id));
      for (const f of answer.failed) expect(f.error).toMatch(/MFL|Sleeper|Fleaflicker/);
    } finally {
      await bed.app.close();
    }
  });

  it.each(faults)(
    '$name: the Status Checker answers every league of the other services',
    async ({ kind }) => {
      breakService(failing, kind);
      const bed = await freshApp();
      try {
        const refs = [...leagues.mfl.slice(0, 1), ...leagues.sleeper, ...leagues.flea].map((l) => ({
          type: l.type,
          name: l.name,
          ...refOf(l),
        }));
        const known = {
          name: player.name,
          position: player.position,
          team: player.team,
          mfl_id: player.mfl_id,
          sleeper_id: player.sleeper_id,
          flea_id: player.flea_id,
        };
        const { status, body } = await bed.post('/api/players/status', {
          player: player.id,
          known,
          leagues: refs,
        });
        expect(status).toBe(200);
        expect(body).toHaveLength(refs.length);
        for (const row of body as LeagueStatus[]) {
          if (row.type === failing) expect(row.error, row.name).toMatch(/MFL|Sleeper|Fleaflicker/);
          else {
            expect(row.error, row.name).toBeUndefined();
            expect(row.playerStatus?.status, row.name).toMatch(/./);
            expect(row.playerStatus?.status, row.name).not.toBe('NL');
          }
        }
      } finally {
        await bed.app.close();
      }
    },
  );

  it.each(faults)('$name: My week gives every league of the other services', async ({ kind }) => {
    breakService(failing, kind);
    const bed = await freshApp();
    try {
      for (const s of answering) {
        const refs = leagues[s].slice(0, 5).map(refOf);
        const { status, body } = await bed.post(`/api/${s}/my-week`, { leagues: refs });
        expect(status, s).toBe(200);
        const lines = (body as MyWeekAnswer).leagues;
        expect(lines.map((l) => l.league_id).sort(), s).toEqual(refs.map((r) => r.league_id).sort());
        for (const line of lines) {
          expect(line.error, `${s} ${line.league_id}`).toBeUndefined();
          expect(line.starters, `${s} ${line.league_id}`).toBeGreaterThan(0);
          // Byes come from MFL's schedule: with MFL failing they are unknown, and said so.
          expect(line.byesKnown, s).toBe(failing !== 'mfl');
          if (failing === 'mfl') expect(line.missing, s).toContain('byes');
        }
      }
      const own = await bed.post(`/api/${failing}/my-week`, {
        leagues: leagues[failing].slice(0, 5).map(refOf),
      });
      expect(own.status).toBe(200);
      const lines = (own.body as MyWeekAnswer).leagues;
      expect(lines).toHaveLength(Math.min(5, leagues[failing].length));
      for (const line of lines) expect(line.error).toMatch(/MFL|Sleeper|Fleaflicker/);
    } finally {
      await bed.app.close();
    }
  });

  it.each(faults)('$name: Lineup reads MFL whatever the others do', async ({ kind }) => {
    breakService(failing, kind);
    const bed = await freshApp();
    try {
      const { status, body } = await bed.post('/api/mfl/lineup', { league: refOf(leagues.mfl[0]) });
      if (failing === 'mfl') {
        expect(status).toBeGreaterThanOrEqual(400);
        expect((body as { error: string }).error).toMatch(/MFL/);
      } else {
        expect(status).toBe(200);
        expect((body as LineupInfo).missing).toEqual([]);
      }
    } finally {
      await bed.app.close();
    }
  });

  it.each(faults)('$name: Rookie ADP reads the leagues of the other service', async ({ kind }) => {
    breakService(failing, kind);
    const bed = await freshApp();
    try {
      const sleeperLeague = world.leagues.find((l) => l.service === 'sleeper' && l.draft.picks.length > 0)!;
      const mflLeague = world.leagues.find(
        (l) => l.service === 'mfl' && l.isPublic && l.draft.picks.length > 0,
      )!;
      const summary = await ingestLeagues({ db: database.db, services: bed.services, cache: memoryCache() }, [
        { service: 'mfl', leagueId: mflLeague.id },
        { service: 'sleeper', leagueId: sleeperLeague.id },
      ]);
      // Rookie ADP reads MFL and Sleeper only: Fleaflicker failing costs it nothing.
      expect(summary).toMatchObject(
        failing === 'flea' ? { leagues: 2, ok: 2, failed: 0 } : { leagues: 2, ok: 1, failed: 1 },
      );
    } finally {
      await bed.app.close();
    }
  });
});

describe('extras that fail leave the league in and are named', () => {
  it('Rostership: MFL starter flags and injuries; Sleeper player map', async () => {
    broken = undefined;
    control.reset();
    control.setClock({ week: 5, phase: 'during' });
    for (const match of ['TYPE=playerStatus', 'TYPE=liveScoring', 'TYPE=injuries'])
      control.addFault({ service: 'mfl', kind: '500', count: 100_000, match });
    control.addFault({ service: 'sleeper', kind: 'malformed', count: 100_000, match: '/players/nfl' });
    const bed = await freshApp();
    try {
      const mfl = (await bed.post('/api/mfl/rostership', { leagues: leagues.mfl.map(refOf) }))
        .body as RostershipAnswer;
      expect(mfl.failed).toEqual([]);
      expect(mfl.leagues).toBe(leagues.mfl.length);
      expect(mfl.missing).toEqual(['starters', 'injuries', 'identities']);
      const sleeper = (await bed.post('/api/sleeper/rostership', { leagues: leagues.sleeper.map(refOf) }))
        .body as RostershipAnswer;
      expect(sleeper.failed).toEqual([]);
      // Without Sleeper's player map (and so without a whole merged list) its players keep their ids.
      expect(sleeper.missing).toEqual(['injuries', 'player-details', 'identities']);
    } finally {
      await bed.app.close();
    }
  });

  it('Lineup: injuries, projections, starters and live scores, the week’s games', async () => {
    broken = undefined;
    control.reset();
    control.setClock({ week: 5, phase: 'during' });
    for (const match of [
      'TYPE=injuries',
      'TYPE=projectedScores',
      'TYPE=liveScoring',
      'TYPE=nflSchedule&W=',
      'TYPE=players&DETAILS=1',
    ])
      control.addFault({ service: 'mfl', kind: '500', count: 100_000, match });
    // Five failing extras in a row would open MFL's circuit breaker, which is not what this case is about.
    const bed = await freshApp({ ...quick, breakAfter: 100 });
    try {
      const { status, body } = await bed.post('/api/mfl/lineup', { league: refOf(leagues.mfl[0]) });
      expect(status).toBe(200);
      const info = body as LineupInfo;
      expect(info.missing).toEqual(['starters', 'injuries', 'live-scores', 'projections', 'byes']);
      // The players are still there, named by MFL through their ids.
      const players = Object.values(info.positions).flatMap((g) => g.players);
      expect(players.length).toBeGreaterThan(5);
      expect(players.every((p) => p.name && !p.projectedScore && !p.injuryStatus)).toBe(true);
    } finally {
      await bed.app.close();
    }
  });
});
