import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leagueServicesFor } from '#server/runtime.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { eventually, publicMflLeagues } from '#test/rookie-adp.ts';
import { quickLimits, type Sim, startSim } from '#test/simulator.ts';

/*
 * Every call the process makes to a league service is in /metrics, by service and lane: the
 * visitors' tools (visitor) and the Rookie ADP crawl's own clients (background). The app is built as
 * the running site builds it (leagueServicesFor, startDiscovery), from the configuration.
 */

let sim: Sim;
let t: TestApp;
const crawled: string[] = [];

beforeAll(async () => {
  sim = await startSim({
    onRequest: ({ url }) => {
      if (/TYPE=draftResults|\/drafts$/.test(url)) crawled.push(url);
    },
  });
  const quick = { mfl: quickLimits, sleeper: quickLimits, flea: quickLimits };
  const sleeperLeague = sim.world.leagues.find((l) => l.service === 'sleeper')!;
  t = await makeTestApp(
    {
      ...sim.env,
      // Only the crawl's clients read these: no visitor asks for them.
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

/** The number of calls /metrics shows for the service and lane, every outcome summed. */
async function calls(service: string, lane: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  let sum = 0;
  for (const line of res.body.split('\n')) {
    const m = /^dynasty_league_call_duration_seconds_count\{(.*)\} (\S+)$/.exec(line);
    if (!m) continue;
    const labels = m[1].split(',');
    if (labels.includes(`service="${service}"`) && labels.includes(`lane="${lane}"`)) sum += Number(m[2]);
  }
  return sum;
}

describe('league calls in /metrics', () => {
  it("counts the crawl's calls in the background lane and a visitor's in the visitor lane", async () => {
    // The crawl reads the configured leagues' drafts in the background.
    await eventually(
      async () =>
        crawled.some((u) => u.includes('TYPE=draftResults')) && crawled.some((u) => u.endsWith('/drafts')),
      30_000,
    );
    await eventually(
      async () => (await calls('mfl', 'background')) > 0 && (await calls('sleeper', 'background')) > 0,
    );

    const before = await calls('sleeper', 'visitor');
    const connect = await t.post('/api/sleeper/connect', { username: DEMO_ACCOUNTS.demo.sleeper.username });
    expect(connect.statusCode).toBe(200);
    expect(await calls('sleeper', 'visitor')).toBeGreaterThan(before);
  });
});
