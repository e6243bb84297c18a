import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLoader, memoryCache } from '#server/cache.ts';
import { type Handler, sendJson, startTestServer, type TestServer } from '#test/http-server.ts';
import { fixtureText } from '#test/league-fixtures.ts';
import { LeagueServiceError } from '../errors.ts';
import { createServiceHttp } from '../http.ts';
import { createMflClient, type MflClient } from './client.ts';

const ffscrapr = 'dynastyprocess__ffscrapr-tests/mfl/2020';
const cookie = 'bh1s2MuUvrXmhFT4fBCBI21QQORzzHT/+w==';

let server: TestServer;
let routes: Record<string, Handler>;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const key = `${req.method} ${req.path}${req.query.get('TYPE') ? `?${req.query.get('TYPE')}` : ''}`;
    const handler = routes[key];
    if (handler) return handler(req, res);
    res.statusCode = 404;
    res.end('no route');
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
  routes = {};
});

function client(now = Date.UTC(2020, 9, 1)): MflClient {
  const http = createServiceHttp({
    service: 'mfl',
    userAgent: 'dynasty-test/1.0',
    limits: { requestsPerSecond: 1000, burst: 100, backoffMs: 5, maxBackoffMs: 10 },
  });
  return createMflClient({
    http,
    apiUrl: `${server.url}/api`,
    load: createLoader(memoryCache()),
    now: () => now,
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

const league = () => ({ league_id: '54040', url: `${server.url}/www61/2020/home/54040` });

describe('MFL login', () => {
  it('posts the form and answers the cookie value from the XML attribute', async () => {
    routes['POST /api/2020/login'] = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'set-cookie': `MFL_USER_ID=${encodeURIComponent(cookie)}; domain=.x; path=/`,
      });
      res.end(fixtureText('mfl', `${ffscrapr}/login-8aa81d-POST.xml`).replace('REDACTED', cookie));
    };
    expect(await client().login('demo', 's3cret pass')).toBe(cookie);
    const sent = server.seen[0];
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      USERNAME: 'demo',
      PASSWORD: 's3cret pass',
      XML: '1',
    });
    expect(sent.url).not.toContain('s3cret');
  });

  it('passes MFL reason through as a 401, never echoing the password', async () => {
    routes['POST /api/2020/login'] = (_req, res) =>
      res.end('<?xml version="1.0"?>\n<error>Invalid Password</error>');
    const e = await rejection(client().login('demo', 'wrong-pw'));
    expect(e).toBeInstanceOf(LeagueServiceError);
    expect(e).toMatchObject({ statusCode: 401, message: 'Invalid Password' });
    expect(JSON.stringify(e)).not.toContain('wrong-pw');
  });

  it('uses the previous season in January', async () => {
    routes['POST /api/2025/login'] = (_req, res) => res.end(`<status MFL_USER_ID="${cookie}">OK</status>`);
    expect(await client(Date.UTC(2026, 0, 10)).login('demo', 'x')).toBe(cookie);
  });
});

describe('MFL league calls', () => {
  it('go straight to the league host with the cookie, URL-encoded as MFL sets it', async () => {
    routes['GET /www61/2020/export?rosters'] = (_req, res) =>
      res.end(fixtureText('mfl', `${ffscrapr}/export-ccd01d.json`));
    const rosters = await client().rosters(league(), { cookie });
    expect(rosters[0].id).toBe('0001');
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0].query.get('L')).toBe('54040');
    expect(server.seen[0].query.get('JSON')).toBe('1');
    expect(server.seen[0].headers.cookie).toBe(`MFL_USER_ID=${encodeURIComponent(cookie)}`);
  });

  it('follow a 302 from the api host by hand, keeping the cookie on MFL hosts', async () => {
    routes['GET /api/2020/export?league'] = (req, res) => {
      res.writeHead(302, { location: `${server.url}/www57/2020/export?${req.query}` });
      res.end();
    };
    routes['GET /www57/2020/export?league'] = (_req, res) =>
      res.end(fixtureText('mfl', `${ffscrapr}/export-d4f576.json`));
    const settings = await client().league({ league_id: '37920' }, { cookie });
    expect(settings.name).toBeTruthy();
    expect(server.seen.map((s) => s.path)).toEqual(['/api/2020/export', '/www57/2020/export']);
    expect(server.seen[1].headers.cookie).toBe(`MFL_USER_ID=${encodeURIComponent(cookie)}`);
  });

  it('never send the cookie to a url that is not MFL', async () => {
    routes['GET /api/2020/export?rosters'] = (_req, res) =>
      res.end(fixtureText('mfl', `${ffscrapr}/export-ccd01d.json`));
    await client().rosters(
      { league_id: '54040', url: 'https://evil.example.com/2020/home/54040' },
      { cookie },
    );
    // The visitor-supplied url was ignored; the api host answered.
    expect(server.seen[0].path).toBe('/api/2020/export');
  });

  it('never follow a redirect to a host that is not MFL, with or without the cookie', async () => {
    for (const where of [
      `${server.otherHostUrl}/www57/2020/export`,
      'http://169.254.169.254/latest/meta-data',
    ]) {
      server.seen.length = 0;
      routes['GET /api/2020/export?league'] = (req, res) => {
        res.writeHead(302, { location: `${where}?${req.query}` });
        res.end();
      };
      routes['GET /www57/2020/export?league'] = (_req, res) =>
        res.end(fixtureText('mfl', `${ffscrapr}/export-d4f576.json`));
      const e = await rejection(client().league({ league_id: '37920' }, { cookie }));
      expect(e).toMatchObject({ service: 'mfl', statusCode: 502 });
      // Only the api host was asked.
      expect(server.seen.map((r) => r.headers.host)).toEqual([new URL(server.url).host]);
    }
    routes['POST /api/2020/login'] = (_req, res) => {
      res.writeHead(307, { location: `${server.otherHostUrl}/steal` });
      res.end();
    };
    server.seen.length = 0;
    await expect(client().login('demo', 'secret')).rejects.toMatchObject({ service: 'mfl' });
    expect(server.seen).toHaveLength(1);
  });

  it('throw MFL error text, and "not logged in" as a 401', async () => {
    routes['GET /www61/2020/export?league'] = (_req, res) =>
      res.end(fixtureText('mfl', 'danabrey__mfl-api/tests/_data/league/1qb_without_api_key_private.json'));
    const e = await rejection(client().league(league()));
    expect(e).toMatchObject({ kind: 'not-logged-in', statusCode: 401 });
    expect(e.message).toMatch(/^API requires logged in user in league ID 11747/);
  });

  it('keep MFL words on a 404 for an unknown league', async () => {
    routes['GET /www61/2020/export?league'] = (_req, res) =>
      sendJson(res, { version: '1.0', error: { $t: 'Invalid league ID 54040' } }, 404);
    const e = await rejection(client().league(league()));
    expect(e).toMatchObject({ kind: 'not-found', statusCode: 404, message: 'Invalid league ID 54040' });
    expect(server.seen).toHaveLength(1);
  });

  it('read an XML error even when JSON was asked for', async () => {
    routes['GET /www61/2020/export?freeAgents'] = (_req, res) => res.end('<error>Invalid league ID</error>');
    await expect(client().freeAgents(league())).rejects.toThrow('Invalid league ID');
  });

  it('cache per visitor: another cookie is another cache entry', async () => {
    routes['GET /www61/2020/export?rosters'] = (_req, res) =>
      res.end(fixtureText('mfl', `${ffscrapr}/export-ccd01d.json`));
    const mfl = client();
    await mfl.rosters(league(), { cookie });
    await mfl.rosters(league(), { cookie });
    expect(server.seen).toHaveLength(1);
    await mfl.rosters(league(), { cookie: 'someone-else' });
    expect(server.seen).toHaveLength(2);
  });

  it('ask for many player statuses in chunks and join the answers', async () => {
    routes['GET /www61/2020/export?playerStatus'] = (req, res) => {
      const ids = (req.query.get('P') ?? '').split(',');
      sendJson(res, { playerStatuses: { playerStatus: ids.map((id) => ({ id, status: 'Free Agent' })) } });
    };
    const ids = Array.from({ length: 120 }, (_, i) => String(10000 + i));
    const statuses = await client().playerStatus(league(), [...ids, 'not-an-id'], { cookie });
    expect(statuses).toHaveLength(120);
    expect(server.seen).toHaveLength(3);
  });
});

describe("MFL's clock", () => {
  it("follows the Date of its answers, ignoring the header's one-second grain", async () => {
    const ours = Date.UTC(2020, 9, 1, 12, 0, 0);
    let theirs = ours + 3 * 3_600_000;
    routes['GET /api/2020/export?nflSchedule'] = (_req, res) => {
      res.setHeader('date', new Date(theirs).toUTCString());
      sendJson(res, { nflSchedule: { week: '4' } });
    };
    const mfl = client(ours);
    expect(mfl.now()).toBe(ours);
    await mfl.nflSchedule(4);
    expect(mfl.now()).toBe(theirs + 500);
    theirs = ours + 1000;
    await mfl.nflSchedule(5);
    expect(mfl.now()).toBe(ours);
  });
});

describe('MFL api-host exports', () => {
  it('players with details, cached for the day', async () => {
    routes['GET /api/2020/export?players'] = (_req, res) =>
      res.end(fixtureText('mfl', `${ffscrapr}/export-e54ca1.json`));
    const mfl = client();
    expect(await mfl.players()).toHaveLength(2716);
    expect(await mfl.players()).toHaveLength(2716);
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0].query.get('DETAILS')).toBe('1');
  });

  it('the current week, and the whole season with W=ALL', async () => {
    routes['GET /api/2020/export?nflSchedule'] = (req, res) =>
      req.query.get('W') === 'ALL'
        ? sendJson(res, {
            fullNflSchedule: {
              nflSchedule: [
                {
                  week: '1',
                  matchup: {
                    kickoff: '1599696000',
                    gameSecondsRemaining: '3600',
                    team: [
                      { id: 'KCC', isHome: '1', score: '' },
                      { id: 'HOU', isHome: '0', score: '' },
                    ],
                  },
                },
                { week: '2', matchup: [] },
              ],
            },
          })
        : res.end(
            fixtureText(
              'mfl',
              'tiltedwindmills__mfl-api/src/test/resources/exports/nflSchedule/no-week-provided.json',
            ),
          );
    const mfl = client();
    expect(await mfl.currentWeek()).toBe(0);
    const season = await mfl.fullNflSchedule();
    expect(season).toHaveLength(2);
    expect(season[0].games[0]).toMatchObject({ kickoff: 1599696000, gameSecondsRemaining: 3600 });
    expect(season[0].games[0].teams[0]).toMatchObject({ id: 'KCC', isHome: true, score: null });
  });

  it('ADP with its filters', async () => {
    routes['GET /api/2020/export?adp'] = (_req, res) =>
      sendJson(res, {
        adp: {
          timestamp: '1771737100',
          totalDrafts: '6227',
          totalPicks: '1304',
          player: {
            id: '15281',
            rank: '1',
            averagePick: '2.63',
            minPick: '1',
            maxPick: '9',
            draftsSelectedIn: '2193',
            draftSelPct: '35',
          },
        },
      });
    const adp = await client().adp({ isKeeper: 'R', isPpr: 1, fcount: 12, cutoff: 5 });
    expect(adp).toMatchObject({ totalDrafts: 6227, players: [{ id: '15281', averagePick: 2.63 }] });
    expect(Object.fromEntries(server.seen[0].query)).toMatchObject({
      IS_KEEPER: 'R',
      IS_PPR: '1',
      FCOUNT: '12',
      CUTOFF: '5',
    });
  });
});

describe('MFL lineup import', () => {
  const lineup = { week: 5, starters: ['13604', '0512'] };

  it('posts W and STARTERS to the league host and accepts OK', async () => {
    routes['POST /www61/2020/import?lineup'] = (_req, res) => res.end('<status>OK</status>');
    await client().importLineup(league(), cookie, lineup);
    const sent = server.seen[0];
    expect(sent.query.get('L')).toBe('54040');
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({ W: '5', STARTERS: '13604,0512' });
    expect(sent.headers.cookie).toBe(`MFL_USER_ID=${encodeURIComponent(cookie)}`);
  });

  it('passes MFL refusal through as a 400', async () => {
    routes['POST /www61/2020/import?lineup'] = (_req, res) => res.end('<error>Player 0512 is locked</error>');
    await expect(client().importLineup(league(), cookie, lineup)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Player 0512 is locked',
    });
  });

  it('an HTML page means the login is gone (401)', async () => {
    routes['POST /www61/2020/import?lineup'] = (_req, res) =>
      res.end('<!DOCTYPE html><html><body>Login</body></html>');
    await expect(client().importLineup(league(), cookie, lineup)).rejects.toMatchObject({
      statusCode: 401,
      kind: 'not-logged-in',
    });
  });

  it('forgets the cached week so the read-back shows the new lineup', async () => {
    let calls = 0;
    routes['GET /www61/2020/export?weeklyResults'] = (_req, res) => {
      calls++;
      res.end(fixtureText('mfl', `${ffscrapr}/export-d275ab.json`));
    };
    routes['POST /www61/2020/import?lineup'] = (_req, res) => res.end('<status>OK</status>');
    const mfl = client();
    await mfl.weeklyResults(league(), 5, { cookie });
    await mfl.weeklyResults(league(), 5, { cookie });
    expect(calls).toBe(1);
    await mfl.importLineup(league(), cookie, lineup);
    await mfl.weeklyResults(league(), 5, { cookie });
    expect(calls).toBe(2);
  });
});
