import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { League } from '#common/leagues.ts';
import { leagueServicesFor } from '#server/runtime.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { cookiesOf, makeTestApp, type TestApp } from '#test/app.ts';
import { eventually, publicMflLeagues } from '#test/rookie-adp.ts';
import { quickLimits, type Sim, startSim } from '#test/simulator.ts';

/*
 * Every call to a league service names the site: USER_AGENT to Sleeper and Fleaflicker, and
 * MFL_USER_AGENT (the client registered with MFL) to MFL, whether a visitor's tool asks or the
 * Rookie ADP crawl reads in the background. The clients are made as the running site makes them
 * (leagueServicesFor, startDiscovery), from the configuration.
 */

const SITE = 'DynastyForgeTest/9.9 (+https://dynasty.example.org)';
const MFL = 'DynastyForgeTest-MFL/9.9 (+https://dynasty.example.org)';

let sim: Sim;
let t: TestApp;
const seen: { service: string; url: string; agent: string | undefined }[] = [];

beforeAll(async () => {
  sim = await startSim({
    onRequest: ({ url, headers }) => {
      const service = /^\/(mfl|sleeper|flea)\//.exec(url)?.[1];
      if (service) seen.push({ service, url, agent: headers['user-agent'] });
    },
  });
  const quick = { mfl: quickLimits, sleeper: quickLimits, flea: quickLimits };
  const sleeperLeague = sim.world.leagues.find((l) => l.service === 'sleeper')!;
  t = await makeTestApp(
    {
      ...sim.env,
      USER_AGENT: SITE,
      MFL_USER_AGENT: MFL,
      // The crawl's background clients read these.
      ADP_LEAGUE_IDS: `${publicMflLeagues(sim.world)[0].id},sleeper:${sleeperLeague.id}`,
    },
    {
      services: (config, cache) => leagueServicesFor(config, cache, { limits: quick }),
      serviceLimits: quick,
    },
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('the User-Agent of league calls', () => {
  it('is MFL_USER_AGENT on every MFL call and USER_AGENT on every Sleeper and Fleaflicker call', async () => {
    const { demo } = DEMO_ACCOUNTS;
    // A visitor connects all three services, lists the leagues and uses a tool on each.
    const connects = await Promise.all([
      t.post('/api/mfl/login', demo.mfl),
      t.post('/api/sleeper/connect', { username: demo.sleeper.username }),
      t.post('/api/flea/connect', demo.flea),
    ]);
    for (const c of connects) expect(c.statusCode).toBe(200);
    const cookie = connects.flatMap(cookiesOf).join('; ');
    for (const service of ['mfl', 'sleeper', 'flea'] as const) {
      const leagues = (await t.get(`/api/${service}/leagues`, cookie)).json() as League[];
      expect(leagues.length).toBeGreaterThan(0);
      const l = leagues[0];
      const ref =
        service === 'mfl'
          ? { league_id: l.league_id, franchise_id: l.franchise_id, url: l.url }
          : service === 'flea'
            ? { league_id: l.league_id, team_id: l.team_id }
            : { league_id: l.league_id };
      const res = await t.post(`/api/${service}/rostership`, { leagues: [ref] }, cookie);
      expect(res.statusCode).toBe(200);
    }
    // The crawl (background clients) reads the configured MFL and Sleeper leagues.
    await eventually(
      async () =>
        seen.some((s) => s.service === 'mfl' && /TYPE=draftResults/.test(s.url)) &&
        seen.some((s) => s.service === 'sleeper' && /\/drafts$/.test(s.url)),
      30_000,
    );

    for (const service of ['mfl', 'sleeper', 'flea']) {
      const calls = seen.filter((s) => s.service === service);
      expect(calls.length, service).toBeGreaterThan(2);
      const agents = new Set(calls.map((c) => c.agent));
      expect([...agents], service).toEqual([service === 'mfl' ? MFL : SITE]);
    }
    // MFL's log-in and the league hosts' calls are among them.
    expect(seen.some((s) => s.service === 'mfl' && /\/login/.test(s.url))).toBe(true);
  });
});
