import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/query.ts';
import { demoEnv } from '#server/demo-config.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { cookiesOf, makeTestApp, type TestApp } from '#test/app.ts';
import { eventually, publicMflLeagues } from '#test/rookie-adp.ts';
import { type Sim, startSim } from '#test/simulator.ts';

/*
 * MFL's terms forbid harvesting league data: a plain start and `npm run demo` never ask MFL's
 * league search. Each start runs as an operator would run it (NODE_ENV production, no ADP settings)
 * against a simulator that counts the searches it is asked; a start with the search explicitly
 * permitted shows the count would see them.
 */

let sim: Sim;
let searches = 0;

beforeAll(async () => {
  sim = await startSim({
    onRequest: ({ url }) => {
      if (url.startsWith('/mfl/') && /[?&]TYPE=leagueSearch\b/i.test(url)) searches += 1;
    },
  });
});
afterAll(async () => {
  await sim?.close();
});

const count = async (t: TestApp, query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(t.database.db, query))[0]?.n ?? 0);
const finishedRuns = (t: TestApp) =>
  count(t, sql`SELECT count(*)::int AS n FROM adp_runs WHERE status <> 'running'`);
const sleeperDrafts = (t: TestApp) =>
  count(t, sql`SELECT count(*)::int AS n FROM rookie_adp_drafts WHERE service = 'sleeper'`);

/** The discovery settings left unset, as `npm start` and `npm run demo` leave them. */
const plainStart = { ADP_SLEEPER_WALK: undefined, ADP_MFL_LEAGUE_SEARCH_WITH_MFL_PERMISSION: undefined };

const demoWorld = () => ({
  simBase: sim.base,
  sleeperUser: DEMO_ACCOUNTS.demo.sleeper.username,
  testLeagues: () => publicMflLeagues(sim.world).map((l) => l.id),
});

/** An MFL visitor (who did not tick the box) uses Rookie ADP, as on the site. */
async function visitorUsesRookieAdp(t: TestApp) {
  const login = await t.post('/api/mfl/login', DEMO_ACCOUNTS.demo.mfl);
  expect(login.statusCode).toBe(200);
  const today = new Date().toISOString().slice(0, 10);
  const adp = await t.request({
    method: 'POST',
    url: '/api/mfl/adp',
    cookie: cookiesOf(login).join('; '),
    payload: {
      service: 'mfl',
      ppr: 0,
      idp: 0,
      sizes: [10, 12, 14],
      types: ['1QB', 'SF', '2QB'],
      startDate: '2020-01-01',
      endDate: today,
    },
  });
  expect(adp.statusCode).toBe(200);
}

describe("MFL's league search is never asked without MFL's permission", { timeout: 90_000 }, () => {
  it('a plain start against the simulator: 0 searches', async () => {
    searches = 0;
    // Nothing set, as a deployment's plain start (the test servers' own default walks nothing).
    const t = await makeTestApp({ ...sim.env, NODE_ENV: 'production', ...plainStart }, { sim });
    try {
      expect(t.config.adpSleeperWalk).toBe(true);
      expect(t.config.adpMflLeagueSearch).toBe(false);
      await visitorUsesRookieAdp(t);
      // The crawl's first run (the Sleeper walk has no start user on a simulator) is over.
      await eventually(async () => (await finishedRuns(t)) > 0, 30_000);
      expect(searches).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("`npm run demo`'s configuration: 0 searches while the Sleeper walk fills Sleeper ADP", async () => {
    searches = 0;
    const t = await makeTestApp(
      { ...demoEnv(demoWorld(), { NODE_ENV: 'production', LOG_LEVEL: 'silent' }), ...plainStart },
      {
        sim,
      },
    );
    try {
      await visitorUsesRookieAdp(t);
      await eventually(async () => (await sleeperDrafts(t)) > 0, 60_000);
      expect(searches).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('the same start with the search permitted does search (so the count above would see it)', async () => {
    searches = 0;
    const t = await makeTestApp(
      demoEnv(demoWorld(), {
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        ADP_MFL_LEAGUE_SEARCH_WITH_MFL_PERMISSION: '1',
      }),
      { sim },
    );
    try {
      await eventually(async () => searches > 0, 30_000);
    } finally {
      await t.close();
    }
  });
});
