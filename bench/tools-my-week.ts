/**
 * My week across 60 leagues (the simulator's `bench` user: 20 MFL, 20 Sleeper, 20 Fleaflicker)
 * through the app's own routes, against the league-services simulator with real latency and each
 * service's rate limit. Prints the wall time to the last league for the page's flow (MFL's chunks
 * first, chunks of 5, streamed, six requests in flight like a browser: planLeagueChunks with MFL first), the floor those limits
 * allow, the ratio (target ≤ 1.1), and a second run within the cache window.
 *
 *   node --import tsx bench/tools-my-week.ts
 */
import type { AddressInfo } from 'node:net';
import { LEAGUE_STREAM_TYPE, planLeagueChunks } from '#common/league-chunks.ts';
import type { LeagueType } from '#common/leagues.ts';
import { type MyWeekLeagueLine, myWeekLeagueLineSchema } from '#common/my-week.ts';
import { readNdjson } from '#common/ndjson.ts';
import {
  buildBenchApp,
  connectBenchUser,
  countingFetch,
  latencyMs,
  pool,
  refOf,
  seconds,
  serviceLimits,
  services,
  sleep,
  startSimulator,
  tunedLimits,
} from './lib/league-app.ts';

/**
 * Requests of one league that must follow each other. Every chunk first learns the week (MFL's
 * current week, then that week's schedule); then MFL reads its league's exports at once and names
 * the players it needs by id (a third round), Sleeper and Fleaflicker read theirs at once, and ESPN
 * reads the league's rosters and then its free agents.
 */
const depth: Record<LeagueType, number> = { mfl: 4, sleeper: 3, flea: 3, espn: 4 };
const TARGET = 1.1;

/** The floor: no service can answer its last request sooner than its window and latency allow. */
function floorMs(requests: Record<LeagueType, number>, leagues: Record<LeagueType, number>) {
  let worst = 0;
  let why = '';
  for (const s of services) {
    if (leagues[s] === 0) continue;
    const { limit, windowMs } = serviceLimits[s];
    const byRate = latencyMs + Math.max(0, Math.ceil(requests[s] / limit) - 1) * windowMs;
    const byDepth = depth[s] * latencyMs;
    const t = Math.max(byRate, byDepth);
    if (t > worst) {
      worst = t;
      why = `${s}: ${requests[s]} requests at ${limit} per ${windowMs} ms, ${latencyMs} ms latency`;
    }
  }
  return { ms: worst, why };
}

async function main() {
  const { sim, base: simBase } = await startSimulator();
  const { fetch: counting, snapshot, since } = countingFetch();

  const { app, close } = await buildBenchApp(simBase, { fetch: counting, limits: tunedLimits() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const { cookie, leagues } = await connectBenchUser(base);
  await sleep(Math.max(...services.map((s) => serviceLimits[s].windowMs)) + 100);
  sim.control.setLatency(latencyMs);
  for (const s of services) sim.control.setRateLimit(s, serviceLimits[s].limit, serviceLimits[s].windowMs);

  interface Run {
    ms: number;
    firstMs: number;
    read: number;
    failed: number;
    problems: number;
    best: number;
    noByes: number;
  }

  /** The page's flow: chunks of every service interleaved, at most six in flight, each streamed. */
  async function pageFlow(): Promise<Run> {
    const plan = planLeagueChunks(leagues, { first: 'mfl' }).map((c) => ({ s: c.service, c: c.leagues }));
    const run: Run = { ms: 0, firstMs: 0, read: 0, failed: 0, problems: 0, best: 0, noByes: 0 };
    const t0 = performance.now();
    await pool(
      plan.map(({ s, c }) => async () => {
        const res = await fetch(`${base}/${s}/my-week`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, accept: LEAGUE_STREAM_TYPE },
          body: JSON.stringify({ leagues: c.map(refOf) }),
        });
        if (!res.ok) throw new Error(`${s} my-week: ${res.status} ${await res.text()}`);
        for await (const value of readNdjson(res.body!)) {
          const line: MyWeekLeagueLine = myWeekLeagueLineSchema.parse(value);
          const t = performance.now() - t0;
          if (!run.firstMs) run.firstMs = t;
          run.ms = t;
          if (line.error) {
            run.failed++;
            if (process.env.BENCH_VERBOSE) console.error(s, line.league_id, line.error);
          } else run.read++;
          run.problems += line.problems.length;
          run.best += line.best.length;
          if (!line.error && !line.byesKnown) run.noByes++;
        }
      }),
    );
    return run;
  }

  const perService = Object.fromEntries(
    services.map((s) => [s, leagues.filter((l) => l.type === s).length]),
  ) as Record<LeagueType, number>;
  let before = snapshot();
  const cold = await pageFlow();
  const coldCounts = since(before);
  before = snapshot();
  const again = await pageFlow();
  const againCounts = since(before);
  await close();
  await sim.app.close();

  const needed = Object.fromEntries(
    services.map((s) => [s, coldCounts.sent[s] - coldCounts.refused[s]]),
  ) as Record<LeagueType, number>;
  const floor = floorMs(needed, perService);
  const ratio = cold.ms / floor.ms;
  const describe = (label: string, run: Run, counts: ReturnType<typeof since>) =>
    `${label.padEnd(30)} ${seconds(run.ms).padStart(8)} to the last league (first after ${seconds(run.firstMs)}); ` +
    `${run.read} read, ${run.failed} failed, ${run.problems} problems, ${run.best} free agents, ${run.noByes} without byes; requests ${services.map((s) => `${s} ${counts.sent[s]}`).join(', ')}; ` +
    `429s ${services.reduce((n, s) => n + counts.refused[s], 0)}`;
  console.log(
    [
      `My week benchmark — bench user, ${leagues.length} leagues (${services.map((s) => `${s} ${perService[s]}`).join(', ')}), chunks of 5`,
      `Simulator: latency ${latencyMs} ms; limits ${services.map((s) => `${s} ${serviceLimits[s].limit}/${serviceLimits[s].windowMs} ms`).join(', ')}`,
      '',
      describe('Page flow, cold caches:', cold, coldCounts),
      describe('Page flow, second run:', again, againCounts),
      '',
      `Floor from the limits and latency: ${seconds(floor.ms)} (${floor.why})`,
      `Page flow / floor: ${ratio.toFixed(3)} (target ≤ ${TARGET}) ${ratio <= TARGET ? 'OK' : 'OVER TARGET'}`,
    ].join('\n'),
  );
  if (cold.failed + again.failed + cold.noByes + again.noByes > 0 || ratio > TARGET) process.exitCode = 1;
}

await main();
