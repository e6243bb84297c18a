/**
 * Rookie ADP discovery: a fresh app discovers and ingests 1,000 leagues (ADP_BENCH_LEAGUES) of the
 * simulator's public population through MFL's league search and Sleeper's user graph, against real
 * latency (150 ms) and each service's rate limit. Prints the wall time, the floor the background
 * budget allows (the requests sent at half of each service's rate), the ratio, and the visitor-facing
 * rostership time (the simulator's bench user, 60 leagues) during the crawl against the same without it.
 *
 *   node --import tsx bench/adp-discovery.ts
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { LEAGUE_STREAM_TYPE } from '#common/league-chunks.ts';
import type { League, LeagueType } from '#common/leagues.ts';
import { rostershipLineSchema } from '#common/rostership.ts';
import { queryRows } from '#server/db/query.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { buildSimulator } from '#simulator/app.ts';
import {
  buildBenchApp,
  connectBenchUser,
  latencyMs,
  serviceLimits,
  services,
  sleep,
  tunedLimits,
} from './lib/league-app.ts';

const target = Number(process.env.ADP_BENCH_LEAGUES ?? 1000);
const share = 0.5;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const sim = await buildSimulator();
  await sim.app.listen({ port: 0, host: '127.0.0.1' });
  const simBase = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;
  sim.control.setLatency(latencyMs);
  for (const s of services) sim.control.setRateLimit(s, serviceLimits[s].limit, serviceLimits[s].windowMs);
  let refused = 0;
  // Every request to the simulator, and the site's own (the rest are the crawl's).
  const sent = { mfl: 0, sleeper: 0 };
  const site = { mfl: 0, sleeper: 0 };
  const kindOf = (url: string) =>
    url.includes('/sleeper/') ? 'sleeper' : url.includes('/mfl/') ? 'mfl' : undefined;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const k = url.startsWith(simBase) ? kindOf(url) : undefined;
    if (k) sent[k]++;
    return realFetch(input, init);
  };

  async function startApp(discovery: boolean) {
    const counting: typeof fetch = async (input, init) => {
      const k = kindOf(String(input instanceof Request ? input.url : input));
      if (k) site[k]++;
      const res = await fetch(input, init);
      if (res.status === 429) refused++;
      return res;
    };
    const { app, database, cache } = await buildBenchApp(simBase, {
      env: {
        // The simulator stands in for MFL here, so its league search may load MFL as the real crawl
        // would on a deployment with MFL's permission.
        ADP_SLEEPER_WALK: discovery ? '1' : '0',
        ADP_MFL_LEAGUE_SEARCH_WITH_MFL_PERMISSION: discovery ? '1' : '0',
        ADP_SLEEPER_USERS: DEMO_ACCOUNTS.demo.sleeper.username,
        ADP_BACKGROUND_SHARE: String(share),
        ADP_RUN_REQUESTS: '1000000',
      },
      fetch: counting,
      limits: tunedLimits(),
      deps: { serviceLimits: tunedLimits() },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    return { app, database, cache, base };
  }

  /** The rostership page's flow for the bench user: chunks of 5, six requests in flight. */
  async function rostership(base: string): Promise<number> {
    const { cookie, leagues } = await connectBenchUser(base);
    const plan: { s: LeagueType; c: League[] }[] = [];
    for (const s of services) {
      const mine = leagues.filter((l) => l.type === s);
      for (let i = 0; i < mine.length; i += 5) plan.push({ s, c: mine.slice(i, i + 5) });
    }
    const ref = (l: League) =>
      l.type === 'mfl'
        ? { league_id: l.league_id, franchise_id: l.franchise_id, url: l.url }
        : l.type === 'flea'
          ? { league_id: l.league_id, team_id: l.team_id }
          : { league_id: l.league_id };
    await sleep(2_100);
    const t0 = performance.now();
    let next = 0;
    let failed = 0;
    const reasons = new Map<string, number>();
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < plan.length) {
          const { s, c } = plan[next++];
          const res = await fetch(`${base}/${s}/rostership`, {
            method: 'POST',
            // Streamed, as the page asks for it.
            headers: { 'content-type': 'application/json', accept: LEAGUE_STREAM_TYPE, cookie },
            body: JSON.stringify({ leagues: c.map(ref) }),
          });
          if (!res.ok) {
            failed += c.length;
            reasons.set(`HTTP ${res.status}`, (reasons.get(`HTTP ${res.status}`) ?? 0) + c.length);
            continue;
          }
          const lines = (await res.text())
            .split('\n')
            .filter((t) => t.trim())
            .map((t) => rostershipLineSchema.parse(JSON.parse(t)));
          for (const f of lines.flatMap((l) => (l.kind === 'league' ? l.failed : []))) {
            failed += 1;
            const why = `${f.type}: ${f.error}`;
            reasons.set(why, (reasons.get(why) ?? 0) + 1);
          }
        }
      }),
    );
    if (failed)
      console.log(
        `  (rostership: ${failed} leagues failed: ${[...reasons].map(([why, n]) => `${n}× ${why}`).join('; ')})`,
      );
    return performance.now() - t0;
  }

  // 1. Rostership on an app without the crawl.
  const quiet = await startApp(false);
  const without = await rostership(quiet.base);
  await quiet.app.close();
  await quiet.database.close();
  await sleep(2_100);

  // 2. The crawl on a fresh app; rostership measured once it is well under way.
  const sentBefore = { ...sent };
  const siteBefore = { ...site };
  const t0 = performance.now();
  const crawl = await startApp(true);
  const db = crawl.database.db;
  const count = async () => {
    const [r] = await queryRows<{ read: number; found: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE last_success_at IS NOT NULL)::int AS read, count(*)::int AS found FROM rookie_adp_leagues`,
    );
    return r;
  };
  while ((await count()).read < Math.min(150, target / 4)) await sleep(500);
  const during = await rostership(crawl.base);
  let last = 0;
  for (;;) {
    const c = await count();
    if (c.read >= target) break;
    if (performance.now() - last > 30_000) {
      last = performance.now();
      console.log(`  ${seconds(performance.now() - t0)}: ${c.read} leagues read, ${c.found} known`);
    }
    await sleep(250);
  }
  const wall = performance.now() - t0;
  const final = await count();
  const [drafts] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM rookie_adp_drafts`);
  const [bySvc] = await queryRows<{ mfl: number; sleeper: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE service = 'mfl' AND last_success_at IS NOT NULL)::int AS mfl,
               count(*) FILTER (WHERE service = 'sleeper' AND last_success_at IS NOT NULL)::int AS sleeper
        FROM rookie_adp_leagues`,
  );
  // The background requests: everything sent to the simulator since the crawl began, less the site's own.
  const requests = {
    mfl: sent.mfl - sentBefore.mfl - (site.mfl - siteBefore.mfl),
    sleeper: sent.sleeper - sentBefore.sleeper - (site.sleeper - siteBefore.sleeper),
  };
  await crawl.app.close();
  await crawl.database.close();
  await sim.app.close();

  const limits = tunedLimits();
  const rate = (s: 'mfl' | 'sleeper') => limits[s]!.requestsPerSecond! * share;
  const floorOf = (s: 'mfl' | 'sleeper') => (requests[s] / rate(s)) * 1000 + latencyMs;
  const floor = Math.max(floorOf('mfl'), floorOf('sleeper'));
  const ratio = wall / floor;
  const slowdown = during / without;
  console.log(
    [
      `Rookie ADP discovery — ${final.read} leagues read (mfl ${bySvc.mfl}, sleeper ${bySvc.sleeper}), ${final.found} known, ${drafts.n} drafts stored`,
      `Simulator: latency ${latencyMs} ms; limits ${services.map((s) => `${s} ${serviceLimits[s].limit}/${serviceLimits[s].windowMs} ms`).join(', ')}; background share ${share} → mfl ${rate('mfl').toFixed(2)}/s, sleeper ${rate('sleeper').toFixed(2)}/s`,
      `Background requests: mfl ${requests.mfl}, sleeper ${requests.sleeper}; 429s seen by the site ${refused}`,
      `Wall time to ${target} leagues: ${seconds(wall)} (from the app's start)`,
      `Floor from the budget: ${seconds(floor)} (mfl ${seconds(floorOf('mfl'))}, sleeper ${seconds(floorOf('sleeper'))})`,
      `Wall / floor: ${ratio.toFixed(2)} (target ≤ 1.3) ${ratio <= 1.3 ? 'OK' : 'OVER TARGET'}`,
      `Rostership (bench user, 60 leagues): ${seconds(without)} without the crawl, ${seconds(during)} during it: ${slowdown.toFixed(2)}× (target ≤ 1.2) ${slowdown <= 1.2 ? 'OK' : 'OVER TARGET'}`,
    ].join('\n'),
  );
  if (ratio > 1.3 || slowdown > 1.2) process.exitCode = 1;
}

await main();
