import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { openTestDatabase } from '#test/database.ts';
import { leagueError } from './errors.ts';
import type { FleaClient } from './flea/client.ts';
import type { MflClient } from './mfl/client.ts';
import type { PlayerDirectory } from './player-directory.ts';
import type { LeagueServices } from './services.ts';
import type { SleeperClient } from './sleeper/client.ts';
import { maskEmail } from './visitor-accounts.ts';

type Stubs = {
  mfl?: Partial<MflClient>;
  sleeper?: Partial<SleeperClient>;
  flea?: Partial<FleaClient>;
  players?: Partial<PlayerDirectory>;
};

// One database serves every app here: the league routes keep nothing in it.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The app on stub league services; with secureCookies, served only over HTTPS (cookies always Secure). */
async function build(stubs: Stubs, secureCookies = false): Promise<FastifyInstance> {
  const services = {
    mfl: { seasonYear: () => 2025, ...stubs.mfl },
    sleeper: stubs.sleeper ?? {},
    flea: stubs.flea ?? {},
    players: stubs.players ?? {},
  } as unknown as LeagueServices;
  await t?.close();
  t = await makeTestApp(
    secureCookies ? { NODE_ENV: 'production', PUBLIC_URL: 'https://dynasty.example' } : {},
    { services, database },
  );
  return t.app;
}

const setCookies = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []) as string[];
};

describe('MFL routes', () => {
  it('logs in and sets MFL_USER_ID: HttpOnly, Lax, Path=/, 30 days, Secure when asked', async () => {
    const value = 'bh1s2M/+w==';
    let seen: string | undefined;
    const a = await build(
      {
        mfl: {
          login: async () => value,
          myLeagues: async (c) => {
            seen = c;
            return [];
          },
        },
      },
      true,
    );
    const res = await a.inject({
      method: 'POST',
      url: '/api/mfl/login',
      payload: { username: 'demo', password: 'demo1234' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const c = setCookies(res).find((v) => v.startsWith('MFL_USER_ID=')) ?? '';
    expect(c).toMatch(/^MFL_USER_ID=/);
    expect(c).toMatch(/HttpOnly/);
    expect(c).toMatch(/SameSite=Lax/);
    expect(c).toMatch(/Path=\//);
    expect(c).toMatch(/Max-Age=2592000/);
    expect(c).toMatch(/Secure/);
    expect(res.body).not.toContain('demo1234');
    // The account's name is kept beside it, so the page can say which MFL account is connected.
    expect(setCookies(res).find((x) => x.startsWith('MFL_USER_NAME='))).toMatch(
      /^MFL_USER_NAME=demo;.*HttpOnly/,
    );
    // What the browser sends back is the value MFL gave, unchanged.
    const sentBack = c.split(';')[0];
    await a.inject({ method: 'GET', url: '/api/mfl/leagues', headers: { cookie: sentBack } });
    expect(seen).toBe(value);
  });

  it('passes MFL refusal text through, setting no cookie', async () => {
    const a = await build({
      mfl: {
        login: async () => {
          throw leagueError('mfl', 'rejected', 'Invalid Password', { statusCode: 401 });
        },
      },
    });
    const res = await a.inject({
      method: 'POST',
      url: '/api/mfl/login',
      payload: { username: 'demo', password: 'nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid Password' });
    expect(setCookies(res)).toEqual([]);
  });

  it('refuses a body without a password (400) and never calls MFL', async () => {
    let called = false;
    const a = await build({
      mfl: {
        login: async () => {
          called = true;
          return 'x';
        },
      },
    });
    const res = await a.inject({ method: 'POST', url: '/api/mfl/login', payload: { username: 'demo' } });
    expect(res.statusCode).toBe(400);
    expect(called).toBe(false);
  });

  it('answers 502 when MFL is slow and 503 with Retry-After when it rate limits', async () => {
    const slow = await build({
      mfl: {
        login: async () => {
          throw leagueError('mfl', 'timeout');
        },
      },
    });
    const res = await slow.inject({
      method: 'POST',
      url: '/api/mfl/login',
      payload: { username: 'a', password: 'b' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/^MFL did not answer in time/);

    const limited = await build({
      mfl: {
        login: async () => {
          throw leagueError('mfl', 'rate-limited', undefined, { retryAfterMs: 30_000 });
        },
      },
    });
    const res2 = await limited.inject({
      method: 'POST',
      url: '/api/mfl/login',
      payload: { username: 'a', password: 'b' },
    });
    expect(res2.statusCode).toBe(503);
    expect(res2.headers['retry-after']).toBe('30');
    expect(res2.json()).toEqual({ error: 'MFL is rate limiting us, try again shortly' });
  });

  it('turns an unforeseen failure into a 502, never a 500', async () => {
    const a = await build({
      mfl: {
        myLeagues: async () => {
          throw new TypeError("Cannot read properties of undefined (reading 'league')");
        },
      },
    });
    const res = await a.inject({ method: 'GET', url: '/api/mfl/leagues', cookies: { MFL_USER_ID: 'c' } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'MFL sent an answer we could not read' });
  });

  it('lists leagues (401 when not logged in), falling back to last season before renewal', async () => {
    const years: number[] = [];
    const a = await build({
      mfl: {
        myLeagues: async (c, year) => {
          years.push(year ?? 0);
          expect(c).toBe('cookie/+=');
          return year === 2025
            ? []
            : [
                {
                  league_id: '21499',
                  name: 'testestest',
                  url: 'https://www70.myfantasyleague.com/2024/home/21499',
                  franchise_id: '0001',
                },
              ];
        },
      },
    });
    const anonymous = await a.inject({ method: 'GET', url: '/api/mfl/leagues' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toMatch(/MFL/);

    const res = await a.inject({
      method: 'GET',
      url: '/api/mfl/leagues',
      cookies: { MFL_USER_ID: 'cookie/+=' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        league_id: '21499',
        name: 'testestest',
        url: 'https://www70.myfantasyleague.com/2024/home/21499',
        type: 'mfl',
        franchise_id: '0001',
      },
    ]);
    expect(years).toEqual([2025, 2024]);
  });

  it('clears an expired MFL login and says so (401)', async () => {
    const a = await build({
      mfl: {
        myLeagues: async () => {
          throw leagueError('mfl', 'not-logged-in', 'API requires logged in user');
        },
      },
    });
    const res = await a.inject({ method: 'GET', url: '/api/mfl/leagues', cookies: { MFL_USER_ID: 'old' } });
    expect(res.statusCode).toBe(401);
    expect(setCookies(res)[0]).toMatch(/^MFL_USER_ID=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('logs out by clearing the cookie', async () => {
    const a = await build({});
    const res = await a.inject({ method: 'POST', url: '/api/mfl/logout', cookies: { MFL_USER_ID: 'x' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(setCookies(res)[0]).toMatch(/^MFL_USER_ID=;.*Path=\//);
    expect(
      setCookies(res)
        .map((c) => c.split('=')[0])
        .sort(),
    ).toEqual(['MFL_USER_ID', 'MFL_USER_NAME']);
  });
});

describe('Sleeper routes', () => {
  const user = { user_id: '738119346722246656', username: 'dynastydemo', display_name: 'DynastyDemo' };

  it('connects by user name, setting SLEEPER_USER_ID and SLEEPER_USER_NAME', async () => {
    const a = await build({ sleeper: { user: async () => user } });
    const res = await a.inject({
      method: 'POST',
      url: '/api/sleeper/connect',
      payload: { username: ' DynastyDemo ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, username: 'dynastydemo' });
    const cookies = setCookies(res);
    expect(cookies.find((c) => c.startsWith('SLEEPER_USER_ID='))).toMatch(
      /^SLEEPER_USER_ID=738119346722246656;.*HttpOnly/,
    );
    expect(cookies.find((c) => c.startsWith('SLEEPER_USER_NAME='))).toMatch(
      /^SLEEPER_USER_NAME=dynastydemo;/,
    );
  });

  it('an unknown user name is a 404 with Sleeper own answer', async () => {
    const a = await build({
      sleeper: {
        user: async () => {
          throw leagueError('sleeper', 'not-found', 'Sleeper user not found');
        },
      },
    });
    const res = await a.inject({
      method: 'POST',
      url: '/api/sleeper/connect',
      payload: { username: 'nobody' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Sleeper user not found' });
  });

  it('lists the leagues of the season Sleeper says leagues are in', async () => {
    const a = await build({
      sleeper: {
        state: async () => ({ week: 1, season: '2025', league_season: '2026' }) as never,
        userLeagues: async (id, season) => {
          expect(id).toBe(user.user_id);
          expect(season).toBe('2026');
          return [{ league_id: '1264686617134628864', name: 'Best Ball' }] as never;
        },
      },
    });
    expect((await a.inject({ method: 'GET', url: '/api/sleeper/leagues' })).statusCode).toBe(401);
    const res = await a.inject({
      method: 'GET',
      url: '/api/sleeper/leagues',
      cookies: { SLEEPER_USER_ID: user.user_id },
    });
    expect(res.json()).toEqual([
      {
        league_id: '1264686617134628864',
        name: 'Best Ball',
        url: 'https://sleeper.com/leagues/1264686617134628864',
        type: 'sleeper',
      },
    ]);
  });

  it('logs out by clearing both cookies', async () => {
    const res = await (await build({})).inject({ method: 'POST', url: '/api/sleeper/logout' });
    expect(res.statusCode).toBe(200);
    expect(
      setCookies(res)
        .map((c) => c.split('=')[0])
        .sort(),
    ).toEqual(['SLEEPER_USER_ID', 'SLEEPER_USER_NAME']);
  });
});

describe('Fleaflicker routes', () => {
  const leagues = [
    { id: 206154, name: 'Jackpot Dynasty League', ownedTeam: { id: 1373475 } },
    { id: 312861, name: 'No team here' },
  ];

  it('connects an e-mail that has leagues', async () => {
    const a = await build({ flea: { userLeagues: async () => leagues as never } });
    const res = await a.inject({
      method: 'POST',
      url: '/api/flea/connect',
      payload: { email: 'Demo@Dynasty.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(setCookies(res)[0]).toMatch(/^FLEAFLICKER_EMAIL=demo(@|%40)dynasty.test;.*HttpOnly/);
  });

  it('refuses an e-mail without leagues (404) and a malformed one (400)', async () => {
    const a = await build({ flea: { userLeagues: async () => [] } });
    const none = await a.inject({
      method: 'POST',
      url: '/api/flea/connect',
      payload: { email: 'nobody@dynasty.test' },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toMatch(/Fleaflicker has no leagues/);
    const bad = await a.inject({
      method: 'POST',
      url: '/api/flea/connect',
      payload: { email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Enter the e-mail address of your Fleaflicker account.');
  });

  it('lists leagues with the owned team id', async () => {
    const a = await build({ flea: { userLeagues: async () => leagues as never } });
    const res = await a.inject({
      method: 'GET',
      url: '/api/flea/leagues',
      cookies: { FLEAFLICKER_EMAIL: 'demo@dynasty.test' },
    });
    expect(res.json()).toEqual([
      {
        league_id: '206154',
        name: 'Jackpot Dynasty League',
        url: 'https://www.fleaflicker.com/nfl/leagues/206154',
        type: 'flea',
        team_id: '1373475',
      },
      {
        league_id: '312861',
        name: 'No team here',
        url: 'https://www.fleaflicker.com/nfl/leagues/312861',
        type: 'flea',
      },
    ]);
    expect((await a.inject({ method: 'GET', url: '/api/flea/leagues' })).statusCode).toBe(401);
  });
});

describe('connections and players', () => {
  it('says what is connected without echoing a credential', async () => {
    const a = await build({});
    const none = await a.inject({ method: 'GET', url: '/api/connections' });
    expect(none.json()).toEqual({
      mfl: { connected: false, sharesDrafts: false },
      sleeper: { connected: false },
      flea: { connected: false },
      espn: { connected: false },
    });
    const res = await a.inject({
      method: 'GET',
      url: '/api/connections',
      cookies: {
        MFL_USER_ID: 'secret-cookie',
        MFL_USER_NAME: 'demo',
        SLEEPER_USER_ID: '1',
        SLEEPER_USER_NAME: 'dynastydemo',
        FLEAFLICKER_EMAIL: 'demo@dynasty.test',
        ESPN_CONNECTION: JSON.stringify({
          s: '{SECRET-SWID}',
          k: 'secret-espn-s2',
          l: [['902814', '4']],
          n: 'Demo (1 league)',
        }),
      },
    });
    expect(res.json()).toEqual({
      mfl: { connected: true, sharesDrafts: false, username: 'demo' },
      sleeper: { connected: true, username: 'dynastydemo' },
      flea: { connected: true, email: 'd***@dynasty.test' },
      espn: { connected: true, label: 'Demo (1 league)' },
    });
    for (const secret of ['secret-cookie', 'SECRET-SWID', 'secret-espn-s2'])
      expect(res.body).not.toContain(secret);
    expect(maskEmail('x')).toBe('***');
  });

  it('serves the merged player list with an ETag, and 304 when unchanged', async () => {
    const list = [
      { id: '13604', mfl_id: '13604', name: 'John Doe', position: 'WR', team: 'KC', sleeper_id: '100' },
    ];
    const a = await build({ players: { listing: async () => ({ players: list, missing: [] }) } });
    const res = await a.inject({ method: 'GET', url: '/api/players' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.json()).toEqual({ players: list, missing: [] });
    const again = await a.inject({
      method: 'GET',
      url: '/api/players',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 502 when the player databases cannot be had', async () => {
    const a = await build({
      players: {
        listing: async () => {
          throw leagueError('mfl', 'unavailable');
        },
      },
    });
    const res = await a.inject({ method: 'GET', url: '/api/players' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/^MFL is not available/);
  });
});
