import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { knownBrowserCookie } from '#test/accounts.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { MFL_LOGIN_FAILURES, MFL_LOGIN_FAILURES_PER_USER } from './connect/mfl-login-limit.ts';

/*
 * The league services as the app uses them, with their production limits, against the simulator:
 * one visitor cannot starve the others, and MFL's login cannot be used to guess passwords.
 */

describe('league services through the app', () => {
  let sim: Sim;
  let t: TestApp;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    sim = await startSim();
    // The league services the config names: the simulator's, with the production limits.
    t = await makeTestApp(sim.env);
    app = t.app;
    const connected = await app.inject({
      method: 'POST',
      url: '/api/sleeper/connect',
      payload: { username: DEMO_ACCOUNTS.bench.sleeper.username },
      remoteAddress: '10.1.0.1',
    });
    cookie = String(connected.headers['set-cookie']).split(';')[0];
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('a flood of forged requests from one address does not hold up another visitor', async () => {
    const leagues = await app.inject({ method: 'GET', url: '/api/sleeper/leagues', headers: { cookie } });
    const mine = (leagues.json() as { league_id: string }[])
      .slice(0, 5)
      .map((l) => ({ league_id: l.league_id }));
    // The merged player list is loaded once a day, not per look at the leagues.
    expect((await app.inject({ method: 'GET', url: '/api/players' })).statusCode).toBe(200);
    sim.control.setLatency(50);
    const rostership = (leagues: { league_id: string }[], cookieHeader: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/sleeper/rostership',
        payload: { leagues },
        headers: { cookie: cookieHeader },
        remoteAddress,
      });
    // Sixty requests, a forged cookie, random league ids: 300 calls to Sleeper that no cache answers.
    const flood = Array.from({ length: 60 }, (_, i) =>
      rostership(
        Array.from({ length: 5 }, (_, j) => ({ league_id: String(800_000_000 + i * 10 + j) })),
        'SLEEPER_USER_ID=1',
        '10.6.6.6',
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    const res = await rostership(mine, cookie, '10.1.0.1');
    const waited = performance.now() - started;
    const answers = await Promise.all(flood);
    sim.control.setLatency(0);
    expect(res.statusCode).toBe(200);
    expect(res.json().leagues).toBe(5);
    // Before the queue was fair this took 18-20 s (Sleeper's 15 calls a second, 300 calls ahead).
    // (A bound with room for a loaded machine: alone the call takes under a second.)
    expect(waited).toBeLessThan(5_000);
    // The flood is answered too: its leagues fail, some at once because the queue is full.
    const failures = answers.flatMap((a) => a.json().failed as { error: string }[]);
    expect(failures.some((f) => f.error === 'Sleeper is busy right now, try again shortly')).toBe(true);
  });

  it('a request that would wait too long for its turn gets 503 with Retry-After at once', async () => {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        app.inject({
          method: 'GET',
          url: '/api/sleeper/leagues',
          headers: { cookie: `SLEEPER_USER_ID=${700_000_000 + i}` },
          remoteAddress: '10.6.6.7',
        }),
      ),
    );
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy.length).toBeGreaterThan(20);
    expect(busy[0].json()).toEqual({ error: 'Sleeper is busy right now, try again shortly' });
    expect(Number(busy[0].headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Nobody waited past the queue's bound plus one call.
    expect(performance.now() - started).toBeLessThan(9_000);
  });

  it('limits wrong MFL passwords per address: 25 in a row end in 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/mfl/login',
        // A user name each: only the per-address count is in play.
        payload: { username: `someone-${i}`, password: `wrong-${i}` },
        remoteAddress: '10.7.7.7',
      });
      statuses.push(res.statusCode);
    }
    // MFL refuses each (401, its own words) until the address has used up its wrong passwords.
    expect(statuses.slice(0, MFL_LOGIN_FAILURES)).toEqual(Array(MFL_LOGIN_FAILURES).fill(401));
    expect(statuses.slice(MFL_LOGIN_FAILURES).every((s) => s === 429)).toBe(true);
    // Another address still gets through, and the right password works there.
    const other = await app.inject({
      method: 'POST',
      url: '/api/mfl/login',
      payload: DEMO_ACCOUNTS.demo.mfl,
      remoteAddress: '10.7.7.8',
    });
    expect(other.statusCode).toBe(200);
  });

  const mflLogin = (
    password: string,
    remoteAddress: string,
    username: string = DEMO_ACCOUNTS.demo.mfl.username,
    cookie?: string,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/mfl/login',
      payload: { username, password },
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });

  it('counts wrong MFL passwords per IPv6 /64: rotating addresses inside it buys no more tries', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push(
        (await mflLogin(`wrong-${i}`, `2001:db8:77:7::${(i + 1).toString(16)}`, `nobody${i}`)).statusCode,
      );
    expect(statuses.slice(0, MFL_LOGIN_FAILURES)).toEqual(Array(MFL_LOGIN_FAILURES).fill(401));
    expect(statuses.slice(MFL_LOGIN_FAILURES).filter((s) => s !== 429)).toEqual([]);
    // The next /64 is someone else, and logs in.
    expect((await mflLogin(DEMO_ACCOUNTS.demo.mfl.password, '2001:db8:77:8::1')).statusCode).toBe(200);
  });

  it(`counts wrong passwords per MFL user name: networks guessing at one get ${MFL_LOGIN_FAILURES_PER_USER} tries in all, the owner's browser still gets in`, async () => {
    const { username, password } = DEMO_ACCOUNTS.bench.mfl;
    // The owner has logged in to MFL through the site from this browser before.
    const browser = knownBrowserCookie(await mflLogin(password, '10.8.200.1', username));
    const networks = Array.from({ length: MFL_LOGIN_FAILURES_PER_USER + 3 }, (_, i) => `10.8.${i}.1`);
    const statuses = [];
    for (const [i, address] of networks.entries())
      statuses.push((await mflLogin(`wrong-${i}`, address, username)).statusCode);
    // Each network's first try at it, and still no more than the user name's failures in all.
    expect(statuses).toEqual([...Array(MFL_LOGIN_FAILURES_PER_USER).fill(401), 429, 429, 429]);
    const refused = await mflLogin(password, '10.8.99.1', username);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many wrong passwords for this MFL user name/);
    // Those networks may still try other user names, and the owner's browser gets in from anywhere.
    expect((await mflLogin('wrong-again', networks[0])).statusCode).toBe(401);
    expect((await mflLogin(password, networks[1], username, browser)).statusCode).toBe(200);
  });
});
