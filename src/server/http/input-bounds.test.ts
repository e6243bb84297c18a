import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, uniqueEmail } from '#test/accounts.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';
import { publicMflLeagues } from '#test/rookie-adp.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { issueResetToken } from '../accounts/password-resets.ts';
import { apiRoutes } from './route-list.ts';
import { PLAIN_WORDS } from './validation-message.ts';

/*
 * Every API route, with a request it accepts, then the same request with a NUL character in each
 * text it carries and each number pushed past PostgreSQL's 32-bit integer: the schema refuses those
 * with a 400 in words (never a 500 from the database), and the route's own request still works.
 */

interface Probe {
  /** The path with its parameters filled in; `query` and `body` as the route takes them. */
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  cookie?: string;
}

type Leaf = { path: (string | number)[]; value: string | number };

/** Every string and number in a JSON value, with its path. */
function leaves(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (typeof value === 'string' || typeof value === 'number') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [];
}

function replaced(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaced(copy[head], rest, next);
  return copy;
}

const NUMBERS_PAST_INT32 = [2_147_483_648, -2_147_483_649, 1e300];
const withNul = (s: string) => (s.length > 1 ? `${s.slice(0, 1)}\u0000${s.slice(1)}` : `${s}\u0000`);

describe(`NUL characters and out-of-range numbers on every route (${testDbKind})`, () => {
  let sim: Sim;
  let t: TestApp;
  let superCookie: string;
  let userCookie: string;
  const leagueCookies = 'MFL_USER_ID=abc; SLEEPER_USER_ID=123; FLEAFLICKER_EMAIL=demo@dynasty.test';

  beforeAll(async () => {
    sim = await startSim();
    t = await makeTestApp(sim.env, { sim });
    superCookie = (await t.userWithRole('superuser')).cookie;
    userCookie = (await t.userWithRole('user')).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const article = { title: 'A title', description: 'Words', body: 'Body', tags: [{ name: 'tag' }] };
  const profile = {
    name: 'A Name',
    position: 'QB',
    school: 'State',
    year: 2027,
    height: '6\'1"',
    weight: '200',
  };
  const freshArticle = async () => (await t.post('/api/articles', article, superCookie)).json().id as number;
  const freshProfile = async () => (await t.post('/api/profiles', profile, superCookie)).json().id as number;
  // A board of one site prospect (no league service needed to check it).
  const ranking = async () => ({
    title: 'A board',
    description: 'Words',
    kind: 'position',
    position: 'QB',
    qbFormat: 'SF',
    ppr: true,
    tePremium: false,
    entries: [{ playerId: `profile:${await freshProfile()}`, tier: 1, note: 'A note' }],
  });
  const freshRanking = async () =>
    (await t.post('/api/rankings', { ...(await ranking()), isVisible: true }, superCookie)).json()
      .shortname as string;
  const freshUser = async () => t.userWithRole('user');
  /** A league account saved on the user's site account (connected again after each removal). */
  const freshLeagueAccount = async () => {
    await t.post('/api/sleeper/connect', { username: 'dynastydemo' }, userCookie);
    return (await t.get('/api/league-accounts', userCookie)).json().accounts[0].id as string;
  };
  const mflRef = {
    league_id: '12345',
    franchise_id: '0001',
    url: 'https://www44.myfantasyleague.com/2025/home/12345',
  };

  /** A request each route accepts (it may still fail for its own reasons, never with a 400). */
  const probes: Record<string, () => Probe | Promise<Probe>> = {
    'GET /api/health': () => ({ url: '/api/health' }),
    'GET /api/ready': () => ({ url: '/api/ready' }),
    'POST /api/ops/backup': () => ({ url: '/api/ops/backup' }),
    'POST /api/login': () => ({
      url: '/api/login',
      body: { username: 'someone@example.test', password: 'a password' },
    }),
    'POST /api/signup': () => ({
      url: '/api/signup',
      body: { name: 'New Person', username: uniqueEmail('nul'), password: 'correct horse battery staple' },
    }),
    'POST /api/logout': () => ({ url: '/api/logout' }),
    'GET /api/users/currentUser': () => ({ url: '/api/users/currentUser', cookie: userCookie }),
    'POST /api/users/currentUser/password': async () => ({
      url: '/api/users/currentUser/password',
      body: { currentPassword: 'password123', newPassword: 'quiet meadow lantern 4821' },
      cookie: (await freshUser()).cookie,
    }),
    'DELETE /api/users/currentUser': async () => ({
      url: '/api/users/currentUser',
      body: { password: 'password123' },
      cookie: (await freshUser()).cookie,
    }),
    'GET /api/password-reset': () => ({ url: '/api/password-reset' }),
    'POST /api/password-reset/request': () => ({
      url: '/api/password-reset/request',
      body: { email: uniqueEmail('reset') },
    }),
    'POST /api/password-reset/check': async () => ({
      url: '/api/password-reset/check',
      body: { token: (await issueResetToken(t.database.db, (await freshUser()).user.id)).token },
    }),
    'POST /api/password-reset': async () => ({
      url: '/api/password-reset',
      body: {
        token: (await issueResetToken(t.database.db, (await freshUser()).user.id)).token,
        newPassword: 'quiet meadow lantern 4821',
      },
    }),
    'POST /api/users/:id/password-reset': async () => ({
      url: `/api/users/${(await freshUser()).user.id}/password-reset`,
      cookie: superCookie,
    }),
    'GET /api/users': () => ({
      url: '/api/users',
      query: { isAdmin: 'true', page: '1', limit: '10' },
      cookie: superCookie,
    }),
    'POST /api/users': () => ({
      url: '/api/users',
      body: {
        name: 'Added',
        email: uniqueEmail('added'),
        twitter: 'handle',
        password: 'quiet meadow lantern 4821',
      },
      cookie: superCookie,
    }),
    'GET /api/users/:id': async () => ({
      url: `/api/users/${(await freshUser()).user.id}`,
      cookie: superCookie,
    }),
    'POST /api/users/:id': async () => ({
      url: `/api/users/${(await freshUser()).user.id}`,
      body: { name: 'Renamed', email: uniqueEmail('renamed'), twitter: 'other' },
      cookie: superCookie,
    }),
    'DELETE /api/users/:id': async () => ({
      url: `/api/users/${(await freshUser()).user.id}`,
      query: { contentTo: String((await t.userWithRole('contributor')).user.id) },
      cookie: superCookie,
    }),
    'GET /api/articles': () => ({ url: '/api/articles', query: { search: 'rookie', page: '1', limit: '5' } }),
    'GET /api/articles/:id': () => ({ url: '/api/articles/some-article' }),
    'POST /api/articles': () => ({ url: '/api/articles', body: article, cookie: superCookie }),
    'POST /api/articles/:id': async () => ({
      url: `/api/articles/${await freshArticle()}`,
      body: { ...article, contributorId: (await t.userWithRole('contributor')).user.id },
      cookie: superCookie,
    }),
    'DELETE /api/articles/:id': async () => ({
      url: `/api/articles/${await freshArticle()}`,
      cookie: superCookie,
    }),
    'GET /api/profiles': () => ({
      url: '/api/profiles',
      query: { search: 'qb', position: 'QB', year: '2027' },
    }),
    'GET /api/profiles/:id': () => ({ url: '/api/profiles/some-profile' }),
    'POST /api/profiles': () => ({ url: '/api/profiles', body: profile, cookie: superCookie }),
    'POST /api/profiles/:id': async () => ({
      url: `/api/profiles/${await freshProfile()}`,
      body: profile,
      cookie: superCookie,
    }),
    'DELETE /api/profiles/:id': async () => ({
      url: `/api/profiles/${await freshProfile()}`,
      cookie: superCookie,
    }),
    'GET /api/rankings': () => ({
      url: '/api/rankings',
      query: { search: 'board', kind: 'rookie', qbFormat: 'SF', ppr: 'true', writer: '1', page: '1' },
    }),
    'GET /api/rankings/:id': () => ({ url: '/api/rankings/some-ranking' }),
    'POST /api/rankings': async () => ({ url: '/api/rankings', body: await ranking(), cookie: superCookie }),
    'POST /api/rankings/:id': async () => ({
      url: `/api/rankings/${await freshRanking()}`,
      body: await ranking(),
      cookie: superCookie,
    }),
    'DELETE /api/rankings/:id': async () => ({
      url: `/api/rankings/${await freshRanking()}`,
      cookie: superCookie,
    }),
    'GET /api/rankings/:id/versions': async () => ({ url: `/api/rankings/${await freshRanking()}/versions` }),
    'GET /api/rankings/:id/market': async () => ({ url: `/api/rankings/${await freshRanking()}/market` }),
    'GET /api/rankings/consensus': () => ({
      url: '/api/rankings/consensus',
      query: { kind: 'position', position: 'QB', qbFormat: '1QB', ppr: 'false', tePremium: 'true' },
    }),
    'GET /api/profile-filters': () => ({ url: '/api/profile-filters' }),
    'GET /api/values': () => ({ url: '/api/values', query: { format: '12-sf-ppr1-te0' } }),
    'GET /api/values/league-format': () => ({
      url: '/api/values/league-format',
      // Sleeper's league ids are long numbers by right: not a 32-bit probe.
      query: { type: 'sleeper', league_id: 'x1' },
    }),
    'GET /api/values/trades': () => ({
      url: '/api/values/trades',
      query: { player: 'sleeper:4046', from: '2026-01-01', to: '2026-11-01' },
    }),
    'GET /api/search': () => ({ url: '/api/search', query: { search: 'rookie', page: '1' } }),
    'POST /api/mfl/login': () => ({
      url: '/api/mfl/login',
      body: { username: 'demo', password: 'demo1234' },
    }),
    'POST /api/mfl/logout': () => ({ url: '/api/mfl/logout', body: {} }),
    'GET /api/mfl/leagues': () => ({ url: '/api/mfl/leagues', cookie: leagueCookies }),
    'POST /api/sleeper/connect': () => ({ url: '/api/sleeper/connect', body: { username: 'dynastydemo' } }),
    'POST /api/sleeper/logout': () => ({ url: '/api/sleeper/logout', body: {} }),
    'GET /api/sleeper/leagues': () => ({ url: '/api/sleeper/leagues', cookie: leagueCookies }),
    'POST /api/flea/connect': () => ({ url: '/api/flea/connect', body: { email: 'demo@dynasty.test' } }),
    'POST /api/flea/logout': () => ({ url: '/api/flea/logout', body: {} }),
    'GET /api/flea/leagues': () => ({ url: '/api/flea/leagues', cookie: leagueCookies }),
    'POST /api/espn/connect': () => ({
      url: '/api/espn/connect',
      body: {
        leagues: ['902814', 'https://fantasy.espn.com/football/team?leagueId=1&teamId=2'],
        swid: '{0A1B2C3D-1111-2222-3333-444455556666}',
        espnS2: 'AEB0123456789abcdefghij',
      },
    }),
    'POST /api/espn/logout': () => ({ url: '/api/espn/logout', body: {} }),
    'GET /api/espn/leagues': () => ({ url: '/api/espn/leagues', cookie: leagueCookies }),
    'GET /api/connections': () => ({ url: '/api/connections' }),
    'GET /api/players': () => ({ url: '/api/players' }),
    'GET /api/players/find': () => ({ url: '/api/players/find', query: { search: 'smith' } }),
    'POST /api/mfl/rostership': () => ({
      url: '/api/mfl/rostership',
      body: { leagues: [mflRef] },
      cookie: leagueCookies,
    }),
    'POST /api/sleeper/rostership': () => ({
      url: '/api/sleeper/rostership',
      body: { leagues: [{ league_id: '123456' }, { league_id: '123457', account: '1' }] },
      cookie: leagueCookies,
    }),
    'POST /api/flea/rostership': () => ({
      url: '/api/flea/rostership',
      body: { leagues: [{ league_id: '123', team_id: '456' }] },
      cookie: leagueCookies,
    }),
    'POST /api/espn/rostership': () => ({
      url: '/api/espn/rostership',
      body: { leagues: [{ league_id: '123', team_id: '4' }] },
      cookie: leagueCookies,
    }),
    'POST /api/mfl/my-week': () => ({
      url: '/api/mfl/my-week',
      body: { leagues: [mflRef], week: 3 },
      cookie: leagueCookies,
    }),
    'POST /api/sleeper/my-week': () => ({
      url: '/api/sleeper/my-week',
      body: { leagues: [{ league_id: '123456' }] },
      cookie: leagueCookies,
    }),
    'POST /api/flea/my-week': () => ({
      url: '/api/flea/my-week',
      body: { leagues: [{ league_id: '123', team_id: '456' }] },
      cookie: leagueCookies,
    }),
    'POST /api/espn/my-week': () => ({
      url: '/api/espn/my-week',
      body: { leagues: [{ league_id: '123', team_id: '4' }] },
      cookie: leagueCookies,
    }),
    'POST /api/players/status': () => ({
      url: '/api/players/status',
      body: {
        player: '13604',
        known: {
          name: 'A Player',
          position: 'QB',
          team: 'KC',
          mfl_id: '13604',
          sleeper_id: '4046',
          flea_id: '123',
          espn_id: '3068267',
        },
        leagues: [
          { type: 'sleeper', league_id: '123456', name: 'A league' },
          { type: 'espn', league_id: '123', team_id: '4', name: 'An ESPN league' },
        ],
      },
      cookie: leagueCookies,
    }),
    'POST /api/mfl/lineup': () => ({
      url: '/api/mfl/lineup',
      body: { league: mflRef, week: 3 },
      cookie: leagueCookies,
    }),
    'POST /api/mfl/lineup/set': () => ({
      url: '/api/mfl/lineup/set',
      body: { league: mflRef, starters: ['13604'], week: 3 },
      cookie: leagueCookies,
    }),
    'POST /api/mfl/adp': () => ({
      url: '/api/mfl/adp',
      body: {
        idp: 0,
        ppr: 1,
        sizes: [12],
        types: ['SF'],
        startDate: '2025-01-01',
        endDate: '2025-06-01',
        service: 'mfl',
        minShare: 5,
      },
    }),
    'POST /api/mfl/adp/months': () => ({
      url: '/api/mfl/adp/months',
      body: {
        idp: 0,
        ppr: 1,
        sizes: [12],
        types: ['SF'],
        startDate: '2025-01-01',
        endDate: '2025-06-01',
        service: 'sleeper',
        player: '13604',
      },
    }),
    'POST /api/mfl/adp/startup': () => ({
      url: '/api/mfl/adp/startup',
      body: {
        idp: 0,
        ppr: 1,
        sizes: [12],
        types: ['SF'],
        startDate: '2025-01-01',
        endDate: '2025-06-01',
        service: 'sleeper',
        minShare: 5,
        kind: 'auction',
      },
    }),
    'GET /api/mfl/adp/status': () => ({ url: '/api/mfl/adp/status' }),
    'GET /api/admin/adp': () => ({ url: '/api/admin/adp', cookie: superCookie }),
    'GET /api/admin/adp/leagues': () => ({ url: '/api/admin/adp/leagues', cookie: superCookie }),
    'POST /api/admin/adp/leagues': () => ({
      url: '/api/admin/adp/leagues',
      // A league the simulator has: the page reads a league before it lists it.
      body: { league: publicMflLeagues(sim.world)[0].id, commissionerPermission: true },
      cookie: superCookie,
    }),
    'POST /api/admin/adp/leagues/remove': () => ({
      url: '/api/admin/adp/leagues/remove',
      body: { service: 'mfl', leagueId: '12345' },
      cookie: superCookie,
    }),
    'POST /api/mfl/sharing': () => ({ url: '/api/mfl/sharing', body: { share: false } }),
    'GET /api/league-accounts': () => ({ url: '/api/league-accounts', cookie: userCookie }),
    'POST /api/league-accounts/:id': async () => ({
      url: `/api/league-accounts/${await freshLeagueAccount()}`,
      body: { active: false },
      cookie: userCookie,
    }),
    'DELETE /api/league-accounts/:id': async () => ({
      url: `/api/league-accounts/${await freshLeagueAccount()}`,
      cookie: userCookie,
    }),
    'POST /api/admin/adp/discovery': () => ({
      url: '/api/admin/adp/discovery',
      body: { action: 'pause' },
      cookie: superCookie,
    }),
  };

  const send = (method: string, probe: Probe) => {
    const qs = probe.query ? `?${new URLSearchParams(probe.query)}` : '';
    return t.request({
      method: method as 'GET',
      url: `${probe.url}${qs}`,
      payload: probe.body as object | undefined,
      cookie: probe.cookie,
      remoteAddress: freshAddress(),
    });
  };

  it('has a probe for every API route', () => {
    expect(apiRoutes(t.app).filter((r) => !(r in probes))).toEqual([]);
  });

  it('accepts each probe as it is', { timeout: 120_000 }, async () => {
    const refused: string[] = [];
    for (const [route, probe] of Object.entries(probes)) {
      const res = await send(route.split(' ')[0], await probe());
      if (
        res.statusCode === 400 ||
        (res.statusCode >= 500 && res.statusCode !== 502 && res.statusCode !== 503)
      )
        refused.push(`${route} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(refused).toEqual([]);
  });

  it('refuses a NUL character in any text, and any number past 32 bits, with a 400 in words', {
    timeout: 300_000,
  }, async () => {
    const wrong: string[] = [];
    let variants = 0;
    for (const [route, probe] of Object.entries(probes)) {
      const method = route.split(' ')[0];
      const base = await probe();
      const tries: { label: string; probe: () => Promise<Probe> }[] = [];
      for (const leaf of leaves(base.body)) {
        const values = typeof leaf.value === 'string' ? [withNul(leaf.value)] : NUMBERS_PAST_INT32;
        for (const v of values)
          tries.push({
            label: `body ${leaf.path.join('.')} = ${JSON.stringify(v)}`,
            probe: async () => {
              const fresh = await probe();
              return { ...fresh, body: replaced(fresh.body, leaf.path, v) };
            },
          });
      }
      for (const key of Object.keys(base.query ?? {})) {
        const values = [
          withNul(base.query![key]),
          ...(/^\d+$/.test(base.query![key]) ? ['2147483648', '99999999999999999999'] : []),
        ];
        for (const v of values)
          tries.push({
            label: `query ${key} = ${JSON.stringify(v)}`,
            probe: async () => {
              const fresh = await probe();
              return { ...fresh, query: { ...fresh.query, [key]: v } };
            },
          });
      }
      if (route.includes('/:')) {
        // The parameter's segment is replaced, wherever it sits in the address.
        const at = route
          .split(' ')[1]
          .split('/')
          .findIndex((s) => s.startsWith(':'));
        for (const v of ['a\u0000b', '2147483648', '99999999999999999999'])
          tries.push({
            label: `path parameter = ${JSON.stringify(v)}`,
            probe: async () => {
              const fresh = await probe();
              const segments = fresh.url.split('/');
              segments[at] = encodeURIComponent(v);
              return { ...fresh, url: segments.join('/') };
            },
          });
      }
      for (const attempt of tries) {
        variants += 1;
        const res = await send(method, await attempt.probe());
        const error = (res.json() as { error?: string }).error ?? '';
        // Out-of-range ids, and NUL characters, in the address are simply not found; everything
        // else is a 400 in words.
        const ok = attempt.label.startsWith('path')
          ? res.statusCode === 400 || res.statusCode === 404
          : res.statusCode === 400 && PLAIN_WORDS.test(error);
        if (!ok) wrong.push(`${route} ${attempt.label} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(variants).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('names the NUL character where a visitor types free text', async () => {
    const cases: [string, Probe][] = [
      ['POST', { url: '/api/login', body: { username: 'a\u0000@b.c', password: 'a password' } }],
      ['POST', { url: '/api/login', body: { username: 'a@b.c', password: 'pass\u0000word' } }],
      [
        'POST',
        {
          url: '/api/signup',
          body: { name: 'N\u0000', username: uniqueEmail(), password: 'correct horse battery staple' },
        },
      ],
      ['GET', { url: '/api/search', query: { search: '\u0000abc' } }],
      ['GET', { url: '/api/articles', query: { search: 'a\u0000' } }],
      ['POST', { url: '/api/articles', body: { ...article, title: 'Ti\u0000tle' }, cookie: superCookie }],
      ['POST', { url: '/api/articles', body: { ...article, body: 'text\u0000' }, cookie: superCookie }],
    ];
    for (const [method, probe] of cases) {
      const res = await send(method, probe);
      expect(res.statusCode, probe.url).toBe(400);
      expect(res.json().error, probe.url).toMatch(/NUL character/);
    }
  });
});
