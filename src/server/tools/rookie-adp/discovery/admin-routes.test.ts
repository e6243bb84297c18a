import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('the Rookie ADP data page API', () => {
  it('adds a league by address, keeps it once, and counts it under its source', async () => {
    const add = (league: string) =>
      t.request({ method: 'POST', url: '/api/admin/adp/leagues', cookie, payload: { league } });
    const first = await add('https://www57.myfantasyleague.com/2026/home/37920');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ service: 'mfl', leagueId: '37920', added: true });
    expect((await add('mfl:37920')).json().added).toBe(false);
    const [row] = await queryRows<{ source: string; url: string }>(
      t.database.db,
      sql`SELECT source, url FROM rookie_adp_leagues WHERE league_id = '37920'`,
    );
    expect(row).toEqual({ source: 'admin', url: 'https://www57.myfantasyleague.com/2026/home/37920' });
    const bad = await add('https://example.com/league/1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/not an MFL or Sleeper league/);

    const data = (await t.request({ method: 'GET', url: '/api/admin/adp', cookie })).json();
    expect(data.sources).toContainEqual({ source: 'admin', leagues: 1, drafts: expect.any(Number) });
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
