import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/query.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { cookiesOf } from '#test/app.ts';
import { type AdpTestApp, eventually, startAdpApp } from '#test/rookie-adp.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { contributorKey, MFL_SHARE_COOKIE, withdrawnByChoice } from './consent.ts';

/*
 * Consent for MFL drafts from visitors' leagues: asked on MFL's log-in form, kept in a cookie for
 * visitors and on the account for signed-in users; opting out deletes what only that visitor shared.
 * API tests through the real app against the simulator, on PGlite (and PostgreSQL when set).
 */

describe('contributor keys', () => {
  it('are keyed hashes: stable per MFL account (case and spaces ignored), never the id, unusable without the secret', () => {
    const secret = 'a'.repeat(64);
    const key = contributorKey(secret, { mflUser: 'DemoUser' });
    expect(key).toMatch(/^[\w-]{32}$/);
    expect(contributorKey(secret, { mflUser: ' demouser ' })).toBe(key);
    expect(key.toLowerCase()).not.toContain('demouser');
    expect(contributorKey('b'.repeat(64), { mflUser: 'DemoUser' })).not.toBe(key);
    expect(contributorKey(secret, { mflUser: 'otheruser' })).not.toBe(key);
    // A site user's key never equals an MFL user's, whatever the names.
    expect(contributorKey(secret, { siteUser: 7 })).not.toBe(contributorKey(secret, { mflUser: '7' }));
  });

  it('a new choice withdraws the one before unless it shares under the same key', () => {
    expect(withdrawnByChoice(undefined, 'k1')).toEqual([]);
    expect(withdrawnByChoice('k1', 'k1')).toEqual([]);
    expect(withdrawnByChoice('k1', undefined)).toEqual(['k1']);
    expect(withdrawnByChoice('k1', 'k2')).toEqual(['k1']);
    expect(withdrawnByChoice(undefined, undefined)).toEqual([]);
  });
});

let sim: Sim;
let t: AdpTestApp;
const mflCalls: string[] = [];

beforeAll(async () => {
  sim = await startSim({
    onRequest: ({ url }) => {
      if (url.startsWith('/mfl/')) mflCalls.push(url);
    },
  });
  t = await startAdpApp(sim);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const demoMflLeagues = () =>
  sim.world.leagues.filter((l) => l.service === 'mfl' && l.teams.some((x) => x.ownerKey === 'mfl:demo'));
const ids = () => demoMflLeagues().map((l) => l.id);
const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);
const inDemo = () =>
  sql.join(
    ids().map((id) => sql`${id}`),
    sql`, `,
  );
const storedLeagues = async () =>
  (
    await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM rookie_adp_leagues WHERE service = 'mfl' AND league_id IN (${inDemo()})`,
    )
  )[0].n;
const storedDrafts = async () =>
  (
    await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM rookie_adp_drafts WHERE service = 'mfl' AND league_id IN (${inDemo()})`,
    )
  )[0].n;
const contributions = () =>
  rows<{ league_id: string; contributor: string }>(
    sql`SELECT league_id, contributor FROM rookie_adp_contributions ORDER BY league_id, contributor`,
  );

const jar = (...answers: LightMyRequestResponse[]) => answers.flatMap(cookiesOf).join('; ');
const cookieValue = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

async function mflLogin(shareDrafts: boolean | undefined, session?: string, who: 'demo' | 'bench' = 'demo') {
  const res = await t.request({
    method: 'POST',
    url: '/api/mfl/login',
    cookie: session,
    payload: { ...DEMO_ACCOUNTS[who].mfl, ...(shareDrafts === undefined ? {} : { shareDrafts }) },
  });
  expect(res.statusCode).toBe(200);
  return res;
}
const askAdp = (cookie: string) =>
  t.request({
    method: 'POST',
    url: '/api/mfl/adp',
    cookie,
    payload: {
      sizes: [10, 12, 14],
      types: ['1QB', 'SF', '2QB'],
      startDate: '2000-01-01',
      endDate: '2100-01-01',
    },
  });
const sharesDrafts = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/connections', cookie })).json().mfl.sharesDrafts;
const stopSharing = (cookie: string, share: unknown = false) =>
  t.request({ method: 'POST', url: '/api/mfl/sharing', cookie, payload: { share } });

describe("a visitor's MFL leagues feed Rookie ADP only when they say so", { timeout: 90_000 }, () => {
  it('without the box ticked: their MFL leagues are neither listed nor read; Sleeper is read as before', async () => {
    const login = await mflLogin(undefined);
    expect(cookieValue(login, MFL_SHARE_COOKIE)).toBeUndefined();
    const sleeper = await t.post('/api/sleeper/connect', { username: DEMO_ACCOUNTS.demo.sleeper.username });
    const cookie = jar(login, sleeper);
    expect(await sharesDrafts(cookie)).toBe(false);
    mflCalls.length = 0;
    expect((await askAdp(cookie)).statusCode).toBe(200);
    // Sleeper's public leagues of the visitor are read in the background…
    await eventually(
      async () =>
        (
          await rows<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM rookie_adp_leagues WHERE service = 'sleeper' AND last_success_at IS NOT NULL`,
          )
        )[0].n === 6,
    );
    // …and MFL is not asked for the visitor's leagues at all.
    expect(mflCalls.filter((u) => /TYPE=(myleagues|league|draftResults)\b/.test(u))).toEqual([]);
    expect(await storedLeagues()).toBe(0);
  });

  it('with the box ticked: the leagues are read and marked with a keyed hash, never with a name', async () => {
    const login = await mflLogin(true);
    const share = cookieValue(login, MFL_SHARE_COOKIE);
    expect(share).toMatchObject({ httpOnly: true, path: '/' });
    expect(share?.maxAge).toBeGreaterThan(300 * 24 * 3600);
    const cookie = jar(login);
    expect(await sharesDrafts(cookie)).toBe(true);
    expect((await askAdp(cookie)).statusCode).toBe(200);
    await eventually(async () => (await contributions()).length === ids().length);
    const marks = await contributions();
    expect(new Set(marks.map((m) => m.league_id))).toEqual(new Set(ids()));
    expect(new Set(marks.map((m) => m.contributor)).size).toBe(1);
    expect(marks[0].contributor).not.toContain(DEMO_ACCOUNTS.demo.mfl.username);
    expect(await storedDrafts()).toBeGreaterThan(0);

    // What is stored carries no team or owner names, and no MFL credential or username.
    const stored = JSON.stringify(
      await Promise.all(
        [
          'rookie_adp_leagues',
          'rookie_adp_drafts',
          'rookie_adp_picks',
          'rookie_adp_players',
          'rookie_adp_contributions',
        ].map((table) => rows<object>(sql`SELECT * FROM ${sql.identifier(table)}`)),
      ),
    ).toLowerCase();
    const names = new Set<string>();
    for (const league of demoMflLeagues()) {
      names.add(league.name);
      for (const team of league.teams) {
        names.add(team.name);
        const owner = sim.world.account('mfl', team.ownerKey.slice('mfl:'.length));
        if (owner) names.add(owner.displayName);
      }
    }
    const found = [...names].filter((n) => n.length >= 4 && stored.includes(n.toLowerCase()));
    expect(found).toEqual([]);
    expect(stored).not.toContain(cookieValue(login, 'MFL_USER_ID')!.value.toLowerCase());
  });

  it('a draft shared by two visitors stays while either still consents; an admin-listed league always stays', async () => {
    const visitor = jar(await mflLogin(true));
    // A signed-in user of the site, in the same leagues, shares too: the choice goes on the account.
    const { user, cookie: session } = await t.userWithRole('user');
    const login = await mflLogin(true, session);
    expect(cookieValue(login, MFL_SHARE_COOKIE)).toBeUndefined();
    const [setting] = await rows<{ share_mfl_drafts: boolean }>(
      sql`SELECT share_mfl_drafts FROM users WHERE id = ${user.id}`,
    );
    expect(setting.share_mfl_drafts).toBe(true);
    const member = `${session}; ${jar(login)}`;
    expect(await sharesDrafts(member)).toBe(true);
    expect((await askAdp(member)).statusCode).toBe(200);
    await eventually(async () => (await contributions()).length === 2 * ids().length);

    // An admin lists one of the leagues: its commissioner agreed, and opened it to the public (the
    // admin page lists only a league anyone may read, as the crawl reads it).
    const listed = ids()[0];
    const league = sim.world.league('mfl', listed)!;
    league.isPublic = true;
    const admin = (await t.userWithRole('superuser')).cookie;
    const add = await t.request({
      method: 'POST',
      url: '/api/admin/adp/leagues',
      cookie: admin,
      payload: { league: `mfl:${listed}`, commissionerPermission: true },
    });
    expect(add.statusCode).toBe(200);

    const drafts = await storedDrafts();
    // The first visitor stops: the signed-in user still shares every league, so nothing goes.
    const first = await stopSharing(visitor);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ sharesDrafts: false, removedDrafts: 0 });
    expect(cookieValue(first, MFL_SHARE_COOKIE)?.value).toBe('');
    expect(await storedDrafts()).toBe(drafts);
    expect((await contributions()).length).toBe(ids().length);

    // The user stops too: the leagues only visitors shared go with their drafts; the listed one stays.
    const listedDrafts = (
      await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM rookie_adp_drafts WHERE service = 'mfl' AND league_id = ${listed}`,
      )
    )[0].n;
    const second = await stopSharing(member);
    expect(second.json()).toEqual({ sharesDrafts: false, removedDrafts: drafts - listedDrafts });
    expect(await sharesDrafts(member)).toBe(false);
    expect(await contributions()).toEqual([]);
    expect(await storedDrafts()).toBe(listedDrafts);
    expect(await storedLeagues()).toBe(1);
    // The monthly totals count exactly the picks left.
    const [mismatch] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (
            SELECT month, size, qb_format, idp, ppr, player_id, picks, pick_sum FROM rookie_adp_months WHERE service = 'mfl'
            EXCEPT
            SELECT date_trunc('month', started_at AT TIME ZONE 'UTC')::date, size, qb_format, idp, ppr, player_id,
                   count(*)::int, sum(overall)::int
            FROM rookie_adp_picks WHERE service = 'mfl' GROUP BY 1, 2, 3, 4, 5, 6) x`,
    );
    expect(mismatch.n).toBe(0);

    // The admin removes the listed league (its commissioner withdrew): no one shares it, so it goes.
    const removed = await t.request({
      method: 'POST',
      url: '/api/admin/adp/leagues/remove',
      cookie: admin,
      payload: { service: 'mfl', leagueId: listed },
    });
    expect(removed.json()).toEqual({ removed: true, drafts: listedDrafts });
    expect(await storedLeagues()).toBe(0);
    league.isPublic = false;
  });

  it('logging in again with the box unticked withdraws this browser’s earlier consent', async () => {
    // Another MFL account (the demo's leagues were read a moment ago and are not due again yet).
    const first = await mflLogin(true, undefined, 'bench');
    const cookie = jar(first);
    expect((await askAdp(cookie)).statusCode).toBe(200);
    await eventually(async () => (await contributions()).length > 0);
    const again = await mflLogin(false, cookie, 'bench');
    expect(cookieValue(again, MFL_SHARE_COOKIE)?.value).toBe('');
    expect(await contributions()).toEqual([]);
    expect(await sharesDrafts(jar(again))).toBe(false);
  });

  it('asks nothing but to stop: sharing cannot be turned on outside the log-in form', async () => {
    const res = await stopSharing('', true);
    expect(res.statusCode).toBe(400);
    // Stopping with nothing shared is harmless.
    expect((await stopSharing('')).json()).toEqual({ sharesDrafts: false, removedDrafts: 0 });
  });
});
