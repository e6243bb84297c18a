import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, get, mflCookie, startFixedSim } from '#test/simulator-world.ts';
import { buildSimulator } from './app.ts';
import type { SimControl } from './control.ts';
import type { World } from './world/world.ts';

let app: FastifyInstance;
let world: World;
let control: SimControl;
let cookie: string;

beforeAll(async () => {
  ({ app, world, control } = await startFixedSim());
  cookie = await mflCookie(app);
});
afterEach(() => control.reset());

const post = (url: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { host: 'sim.test', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('/_sim controls', () => {
  it('summarises the world: season, week, accounts and leagues', async () => {
    const s = (await get(app, '/_sim/world')).json();
    expect(s).toMatchObject({ season: 2026, currentWeek: 11, baseUrls: { mfl: 'http://sim.test/mfl/api' } });
    expect(s.accounts.demo.mfl.username).toBe('demo');
    expect([s.leagues.demo.mfl.length, s.leagues.demo.sleeper.length, s.leagues.demo.flea.length]).toEqual([
      8, 6, 5,
    ]);
    expect(s.leagues.bench.flea).toHaveLength(20);
    expect(s.leagues.demo.mfl[0].url).toMatch(/^http:\/\/sim\.test\/mfl\/www\d\d\/2026\/home\/\d+$/);
    expect(s.publicRookieDraftLeagues).toHaveLength(200);
  });

  it('moves the clock to a moment or to a phase of a week', async () => {
    const res = await post('/_sim/clock', { week: 5, phase: 'during' });
    expect(res.json().currentWeek).toBe(5);
    expect((await get(app, '/sleeper/v1/state/nfl')).json().week).toBe(5);
    await post('/_sim/clock', { now: FIXED_NOW + 7 * 86_400_000 });
    expect((await get(app, '/sleeper/v1/state/nfl')).json().week).toBe(12);
    expect((await post('/_sim/clock', { week: 40, phase: 'during' })).statusCode).toBe(400);
    await post('/_sim/reset', {});
    expect(control.now()).toBe(FIXED_NOW);
  });

  it('dates service answers on the simulated clock', async () => {
    await post('/_sim/clock', { week: 5, phase: 'during' });
    const res = await get(app, '/mfl/api/2026/export?TYPE=nflSchedule&JSON=1');
    expect(Math.abs(Date.parse(String(res.headers.date)) - control.now())).toBeLessThan(2000);
  });

  it('adds latency to service requests', async () => {
    await post('/_sim/latency', { ms: 120 });
    const t0 = performance.now();
    await get(app, '/sleeper/v1/state/nfl');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110);
  });

  it('enforces a rate limit per service with 429 and Retry-After', async () => {
    await post('/_sim/rate-limit', { service: 'sleeper', limit: 2, windowMs: 60_000 });
    expect((await get(app, '/sleeper/v1/state/nfl')).statusCode).toBe(200);
    expect((await get(app, '/sleeper/v1/state/nfl')).statusCode).toBe(200);
    const limited = await get(app, '/sleeper/v1/state/nfl');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(app, '/flea/api/FetchUserLeagues?email=demo@dynasty.test')).statusCode).toBe(200);
    expect((await get(app, '/_sim/world')).statusCode).toBe(200);
    await post('/_sim/rate-limit', { service: 'sleeper', limit: 0 });
    expect((await get(app, '/sleeper/v1/state/nfl')).statusCode).toBe(200);
  });

  it('injects 500s, 429s and malformed bodies into the next matching requests', async () => {
    await post('/_sim/faults', { service: 'sleeper', kind: '500', count: 2, match: '/state/' });
    expect((await get(app, '/sleeper/v1/user/dynastydemo')).statusCode).toBe(200);
    expect((await get(app, '/sleeper/v1/state/nfl')).statusCode).toBe(500);
    expect((await get(app, '/sleeper/v1/state/nfl')).statusCode).toBe(500);
    expect((await get(app, '/sleeper/v1/state/nfl')).statusCode).toBe(200);
    control.addFault({ service: 'flea', kind: '429' });
    const limited = await get(app, '/flea/api/FetchUserLeagues?email=demo@dynasty.test');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    control.addFault({ service: 'mfl', kind: 'malformed', match: 'TYPE=players' });
    const bad = await get(app, '/mfl/api/2026/export?TYPE=players&JSON=1');
    expect(bad.statusCode).toBe(200);
    expect(() => JSON.parse(bad.body)).toThrow();
    const good = await get(app, '/mfl/api/2026/export?TYPE=players&JSON=1');
    expect(() => JSON.parse(good.body)).not.toThrow();
  });

  it('expires the MFL cookie for the next matching request', async () => {
    const l = world.leaguesOf(world.demo.mfl)[0];
    const url = `/mfl/${l.host}/2026/export?TYPE=rosters&L=${l.id}&JSON=1`;
    await post('/_sim/faults', { service: 'mfl', kind: 'expired-cookie' });
    expect((await get(app, url, cookie)).json().error.$t).toContain('API requires logged in user');
    expect((await get(app, url, cookie)).json().rosters).toBeDefined();
  });

  it('shows the starters of any service through /_sim/lineup', async () => {
    for (const service of ['mfl', 'sleeper', 'flea'] as const) {
      const l = world.leaguesOf(world.demo[service])[0];
      const team = world.teamOf(l, world.demo[service])!;
      const view = (await get(app, `/_sim/lineup?league=${l.id}&franchise=${team.id}&week=3`)).json();
      expect(view).toMatchObject({ service, league: l.id, franchise: team.id, week: 3 });
      expect(view.starters.length).toBeGreaterThan(8);
    }
    expect((await get(app, '/_sim/lineup?league=1&franchise=0001')).statusCode).toBe(404);
  });
});

describe('timeout fault', () => {
  it('never answers, and does not keep the app from closing', async () => {
    const sim = await buildSimulator({ seed: 3, now: () => FIXED_NOW });
    const address = await sim.app.listen({ port: 0, host: '127.0.0.1' });
    sim.control.addFault({ service: 'sleeper', kind: 'timeout' });
    await expect(
      fetch(`${address}/sleeper/v1/state/nfl`, { signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    sim.control.addFault({ service: 'sleeper', kind: 'timeout' });
    const pending = fetch(`${address}/sleeper/v1/state/nfl`).catch(() => 'closed');
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    await sim.app.close();
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(await pending).toBe('closed');
  });
});
