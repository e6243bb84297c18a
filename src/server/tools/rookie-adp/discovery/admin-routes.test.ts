import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTED_MFL_LEAGUES } from '#common/adp-data.ts';
import { queryRows } from '#server/db/query.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { type Sim, startSim } from '#test/simulator.ts';

let t: TestApp;
let sim: Sim;
let cookie: string;

beforeAll(async () => {
  sim = await startSim();
  t = await makeTestApp({ ...sim.env, ADP_SLEEPER_WALK: '0' });
  cookie = (await t.userWithRole('superuser')).cookie;
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const post = (url: string, payload: object, as = cookie) =>
  t.request({ method: 'POST', url, cookie: as, payload });

describe('the Rookie ADP data page API', () => {
  it('adds a league by address, keeps it once, and counts it under its source', async () => {
    const add = (league: string, commissionerPermission?: boolean) =>
      t.request({
        method: 'POST',
        url: '/api/admin/adp/leagues',
        cookie,
        payload: { league, commissionerPermission },
      });
    // An MFL league needs its commissioner's permission: the form asks, the API insists.
    const unconfirmed = await add('https://www57.myfantasyleague.com/2026/home/37920');
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error).toMatch(/commissioner's permission/);
    const first = await add('https://www57.myfantasyleague.com/2026/home/37920', true);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ service: 'mfl', leagueId: '37920', added: true });
    expect((await add('mfl:37920', true)).json().added).toBe(false);
    // A Sleeper league is public: no permission asked.
    expect((await add('sleeper:123456789012345678')).statusCode).toBe(200);
    const [row] = await queryRows<{ source: string; url: string }>(
      t.database.db,
      sql`SELECT source, url FROM rookie_adp_leagues WHERE league_id = '37920'`,
    );
    expect(row).toEqual({ source: 'admin', url: 'https://www57.myfantasyleague.com/2026/home/37920' });
    const bad = await add('https://example.com/league/1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/not an MFL or Sleeper league/);

    const data = (await t.request({ method: 'GET', url: '/api/admin/adp', cookie })).json();
    expect(data.sources).toContainEqual({ source: 'admin', leagues: 2, drafts: expect.any(Number) });
    expect(data.discovery.enabled).toBe(false);
  });

  it('pauses and resumes discovery; run now is refused while paused', async () => {
    const act = (action: string) =>
      t.request({ method: 'POST', url: '/api/admin/adp/discovery', cookie, payload: { action } });
    expect((await act('pause')).json().discovery.paused).toBe(true);
    const refused = await act('run');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/paused/);
    expect((await act('resume')).json().discovery.paused).toBe(false);
    const run = await act('run');
    expect(run.statusCode).toBe(200);
  });
});

describe('listed MFL leagues: capped, each with its commissioner permission', () => {
  it(`refuses the ${MAX_LISTED_MFL_LEAGUES + 1}st MFL league, lists and removes them; only super users may`, async () => {
    const listed = async () =>
      (await t.request({ method: 'GET', url: '/api/admin/adp/leagues', cookie })).json();
    const mflCount = async () =>
      (await listed()).leagues.filter((l: { service: string }) => l.service === 'mfl').length;
    // Fill the list up to the cap.
    const have = await mflCount();
    await t.database.db.execute(sql`
      INSERT INTO rookie_adp_leagues (service, league_id, source, users_listed_at)
      SELECT 'mfl', (800000 + n)::text, 'admin', now()
      FROM generate_series(1, ${MAX_LISTED_MFL_LEAGUES - have}) AS n`);
    expect(await mflCount()).toBe(MAX_LISTED_MFL_LEAGUES);
    expect((await listed()).mflLimit).toBe(MAX_LISTED_MFL_LEAGUES);

    const refused = await post('/api/admin/adp/leagues', {
      league: 'mfl:70001',
      commissionerPermission: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `At most ${MAX_LISTED_MFL_LEAGUES} MFL leagues can be listed here, each with its commissioner's permission; ${MAX_LISTED_MFL_LEAGUES} are. Remove one first.`,
    );
    // One already listed may be listed again (it is read again soon).
    expect(
      (await post('/api/admin/adp/leagues', { league: 'mfl:800001', commissionerPermission: true }))
        .statusCode,
    ).toBe(200);
    // Sleeper leagues are not counted.
    expect((await post('/api/admin/adp/leagues', { league: 'sleeper:223456789012345678' })).statusCode).toBe(
      200,
    );

    // Removing one makes room. A plain user or contributor may do neither.
    for (const role of ['user', 'contributor'] as const) {
      const other = (await t.userWithRole(role)).cookie;
      expect(
        (await post('/api/admin/adp/leagues/remove', { service: 'mfl', leagueId: '800002' }, other))
          .statusCode,
      ).toBe(403);
      expect(
        (await t.request({ method: 'GET', url: '/api/admin/adp/leagues', cookie: other })).statusCode,
      ).toBe(403);
    }
    const removed = await post('/api/admin/adp/leagues/remove', { service: 'mfl', leagueId: '800002' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: true, drafts: 0 });
    expect(await mflCount()).toBe(MAX_LISTED_MFL_LEAGUES - 1);
    expect(
      (await post('/api/admin/adp/leagues/remove', { service: 'mfl', leagueId: '800002' })).statusCode,
    ).toBe(404);
    const added = await post('/api/admin/adp/leagues', { league: 'mfl:70001', commissionerPermission: true });
    expect(added.statusCode).toBe(200);
  });
});
