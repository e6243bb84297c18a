import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTED_FLEA_LEAGUES, MAX_LISTED_MFL_LEAGUES } from '#common/adp-data.ts';
import { queryRows } from '#server/db/query.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { publicMflLeagues } from '#test/rookie-adp.ts';
import { type Sim, startSim } from '#test/simulator.ts';

let t: TestApp;
let sim: Sim;
let cookie: string;
type League = Sim['world']['leagues'][number];
/** Leagues the simulator has: public MFL ones, Sleeper ones, and a private MFL one. */
let mfl: League[];
let sleeper: League[];
let privateMfl: League;

beforeAll(async () => {
  sim = await startSim();
  t = await makeTestApp({ ADP_SLEEPER_WALK: '0' }, { sim });
  cookie = (await t.userWithRole('superuser')).cookie;
  mfl = publicMflLeagues(sim.world);
  sleeper = sim.world.leagues.filter((l) => l.service === 'sleeper');
  privateMfl = sim.world.leagues.find((l) => l.service === 'mfl' && !l.isPublic)!;
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
    const id = mfl[0].id;
    const address = `https://www57.myfantasyleague.com/${sim.world.season}/home/${id}`;
    // An MFL league needs its commissioner's permission: the form asks, the API insists.
    const unconfirmed = await add(address);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error).toMatch(/commissioner's permission/);
    const first = await add(address, true);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ service: 'mfl', leagueId: id, added: true });
    expect((await add(`mfl:${id}`, true)).json().added).toBe(false);
    // A Sleeper league is public: no permission asked.
    expect((await add(`sleeper:${sleeper[0].id}`)).statusCode).toBe(200);
    const [row] = await queryRows<{ source: string; url: string }>(
      t.database.db,
      sql`SELECT source, url FROM rookie_adp_leagues WHERE service = 'mfl' AND league_id = ${id}`,
    );
    expect(row).toEqual({ source: 'admin', url: address });
    const bad = await add('https://example.com/league/1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: expect.stringMatching(/not an MFL, Sleeper or Fleaflicker league/),
      field: 'league',
    });

    const data = (await t.request({ method: 'GET', url: '/api/admin/adp', cookie })).json();
    expect(data.sources).toContainEqual({ source: 'admin', leagues: 2, drafts: expect.any(Number) });
    expect(data.discovery.enabled).toBe(false);
  });

  it('lists only a league its service shows: one it does not have or keeps private is refused beside the field', async () => {
    const add = (league: string, commissionerPermission?: boolean) =>
      post('/api/admin/adp/leagues', { league, commissionerPermission });
    const season = sim.world.season;
    const refusals = [
      [
        await add('sleeper:123456789012345678'),
        'Sleeper has no league 123456789012345678: check the id or the address.',
      ],
      [
        await add('mfl:99', true),
        `MFL has no league 99 in ${season}: check the id, or paste the league's address (it names its season).`,
      ],
      // A league that exists, but not in the season its address names.
      [
        await add(`https://www57.myfantasyleague.com/2019/home/${mfl[1].id}`, true),
        `MFL has no league ${mfl[1].id} in 2019: check the id, or paste the league's address (it names its season).`,
      ],
      [
        await add(`mfl:${privateMfl.id}`, true),
        `MFL league ${privateMfl.id} is private: only its members may read it, so its drafts cannot be read for Rookie ADP.`,
      ],
    ] as const;
    for (const [res, error] of refusals) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error, field: 'league' });
    }
    const listed = await queryRows<{ league_id: string }>(
      t.database.db,
      sql`SELECT league_id FROM rookie_adp_leagues
          WHERE league_id IN ('123456789012345678', '99', ${mfl[1].id}, ${privateMfl.id})`,
    );
    expect(listed).toEqual([]);
  });

  it('says when the service cannot be reached, apart from a league that does not exist, and lists nothing', async () => {
    const id = sleeper[1].id;
    // Every try the client makes finds Sleeper gone (the connection drops unanswered).
    sim.control.addFault({ service: 'sleeper', kind: 'down', count: 3, match: `/league/${id}` });
    const down = await post('/api/admin/adp/leagues', { league: `sleeper:${id}` });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({
      error: `Could not check Sleeper league ${id}, so it was not listed: Sleeper is not available right now, try again later.`,
    });
    const listed = async () =>
      queryRows(t.database.db, sql`SELECT 1 FROM rookie_adp_leagues WHERE league_id = ${id}`);
    expect(await listed()).toHaveLength(0);
    // Once Sleeper answers again, the same league is listed.
    const again = await post('/api/admin/adp/leagues', { league: `sleeper:${id}` });
    expect(again.statusCode).toBe(200);
    expect(await listed()).toHaveLength(1);
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
      league: `mfl:${mfl[2].id}`,
      commissionerPermission: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `At most ${MAX_LISTED_MFL_LEAGUES} MFL leagues can be listed here, each with its commissioner's permission; ${MAX_LISTED_MFL_LEAGUES} are. Remove one first.`,
    );
    // One already listed may be listed again (it is read again soon).
    expect(
      (await post('/api/admin/adp/leagues', { league: `mfl:${mfl[0].id}`, commissionerPermission: true }))
        .statusCode,
    ).toBe(200);
    // Sleeper leagues are not counted.
    expect((await post('/api/admin/adp/leagues', { league: `sleeper:${sleeper[2].id}` })).statusCode).toBe(
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
    const added = await post('/api/admin/adp/leagues', {
      league: `mfl:${mfl[2].id}`,
      commissionerPermission: true,
    });
    expect(added.statusCode).toBe(200);
  });
});

describe('listed Fleaflicker leagues: for trade values only, each with its commissioner permission', () => {
  it('lists one by address only with the permission, never for ADP, caps them, and removes one', async () => {
    const flea = sim.world.leagues.filter((l) => l.service === 'flea');
    const add = (league: string, commissionerPermission?: boolean) =>
      post('/api/admin/adp/leagues', { league, commissionerPermission });
    const address = `https://www.fleaflicker.com/nfl/leagues/${flea[0].id}`;
    const unconfirmed = await add(address);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toEqual({
      error:
        "A Fleaflicker league is read only with its commissioner's permission: tick the box to confirm you have it.",
      field: 'commissionerPermission',
    });
    const first = await add(address, true);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ service: 'flea', leagueId: flea[0].id, added: true });
    expect((await add(`flea:${flea[0].id}`, true)).json().added).toBe(false);

    // One Fleaflicker does not have is refused beside the field, and nothing is listed.
    const unknown = await add('flea:999999', true);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'Fleaflicker has no league 999999: check the id or the address.',
      field: 'league',
    });

    // Trades only: the crawl never takes it up (no next read) and ADP's figures do not count it.
    await t.request({ method: 'POST', url: '/api/admin/adp/discovery', cookie, payload: { action: 'run' } });
    const [row] = await queryRows<{ source: string; next_read_at: unknown; last_success_at: unknown }>(
      t.database.db,
      sql`SELECT source, next_read_at, last_success_at FROM rookie_adp_leagues
          WHERE service = 'flea' AND league_id = ${flea[0].id}`,
    );
    expect(row).toEqual({ source: 'admin', next_read_at: null, last_success_at: null });
    const data = (await t.request({ method: 'GET', url: '/api/admin/adp', cookie })).json();
    expect(data.byService.map((s: { service: string }) => s.service)).not.toContain('flea');
    const listed = async () =>
      (await t.request({ method: 'GET', url: '/api/admin/adp/leagues', cookie })).json();
    const list = await listed();
    expect(list.fleaLimit).toBe(MAX_LISTED_FLEA_LEAGUES);
    expect(list.leagues).toContainEqual({
      service: 'flea',
      leagueId: flea[0].id,
      url: null,
      feeds: 'trades',
      drafts: 0,
      trades: 0,
      knownSince: expect.any(String),
    });

    // The cap, counted apart from MFL's.
    await t.database.db.execute(sql`
      INSERT INTO rookie_adp_leagues (service, league_id, source, users_listed_at)
      SELECT 'flea', (900000 + n)::text, 'admin', now()
      FROM generate_series(1, ${MAX_LISTED_FLEA_LEAGUES - 1}) AS n`);
    const full = await add(`flea:${flea[1].id}`, true);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(
      `At most ${MAX_LISTED_FLEA_LEAGUES} Fleaflicker leagues can be listed here, each with its commissioner's permission; ${MAX_LISTED_FLEA_LEAGUES} are. Remove one first.`,
    );

    const removed = await post('/api/admin/adp/leagues/remove', { service: 'flea', leagueId: flea[0].id });
    expect(removed.json()).toEqual({ removed: true, drafts: 0 });
    expect(
      (await post('/api/admin/adp/leagues/remove', { service: 'flea', leagueId: flea[0].id })).statusCode,
    ).toBe(404);
    expect((await add(`flea:${flea[1].id}`, true)).statusCode).toBe(200);
    // A plain user may not list one.
    const user = (await t.userWithRole('user')).cookie;
    expect(
      (await post('/api/admin/adp/leagues', { league: address, commissionerPermission: true }, user))
        .statusCode,
    ).toBe(403);
  });
});
