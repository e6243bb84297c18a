/**
 * Rostership across 60 leagues (the simulator's `bench` user: 20 MFL, 20 Sleeper, 20 Fleaflicker)
 * through the app's own routes, against the league-services simulator with real latency and each
 * service's rate limit. Prints the wall time to the last league for the page's flow (services in
 * parallel, chunks of 5, six requests in flight like a browser), the floor those limits allow, the
 * ratio (target ≤ 1.05), the spec's sequential flow (MFL, then Sleeper, then Fleaflicker, one chunk
 * at a time), and a second run within the cache window.
 *
 *   node --import tsx bench/tools-rostership.ts
 */
import type { AddressInfo } from 'node:net';
import { LEAGUE_STREAM_TYPE } from '#common/league-chunks.ts';
import type { League, LeagueType } from '#common/leagues.ts';
import { readNdjson } from '#common/ndjson.ts';
import {
  type RostershipAnswer,
  type RostershipLeagueLine,
  rostershipLineSchema,
} from '#common/rostership.ts';
import { chunkAnswerOf } from '#common/rostership-rows.ts';
import { buildSimulator } from '#simulator/app.ts';
import {
  buildBenchApp,
  connectBenchUser,
  countingFetch,
  latencyMs,
  refOf,
  seconds,
  serviceLimits,
  services,
  sleep,
  tunedLimits,
} from './lib/league-app.ts';

/** Requests of one league that must follow each other (MFL: rosters, then the team's statuses). */
const depth: Record<LeagueType, number> = { mfl: 2, sleeper: 1, flea: 1, espn: 1 };
const chunkSize = 5;
/** The page flow against its floor (issue 47). */
const TARGET = 1.05;
const browserConnections = 6;

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
  const sim = await buildSimulator();
  await sim.app.listen({ port: 0, host: '127.0.0.1' });
  const simBase = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;
  sim.control.setClock({ week: 5, phase: 'during' });

  // Requests the simulator received per service (and how many it refused with 429).
  const { fetch: counting, snapshot, since } = countingFetch();

  /** A fresh app (empty cache) on a real port, the bench user connected, leagues listed. */
  async function startApp() {
    const { app, close } = await buildBenchApp(simBase, { fetch: counting, limits: tunedLimits() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const { cookie, leagues } = await connectBenchUser(base);
    // Let every service's window empty before the clock starts.
    await sleep(Math.max(...services.map((s) => serviceLimits[s].windowMs)) + 100);
    return {
      base,
      cookie,
      leagues,
      close,
    };
  }

  const chunksOf = (leagues: League[], s: LeagueType) => {
    const mine = leagues.filter((l) => l.type === s);
    const out: League[][] = [];
    for (let i = 0; i < mine.length; i += chunkSize) out.push(mine.slice(i, i + chunkSize));
    return out;
  };

  interface Run {
    ms: number;
    firstMs: number;
    read: number;
    failed: number;
    players: number;
  }

  /**
   * One chunk. Streamed (as the page asks): each league's line as it is read, gathered here into the
   * chunk's answer; otherwise the one JSON answer.
   */
  async function post(base: string, cookie: string, s: LeagueType, chunk: League[], stream = false) {
    const res = await fetch(`${base}/${s}/rostership`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie,
        ...(stream ? { accept: LEAGUE_STREAM_TYPE } : {}),
      },
      body: JSON.stringify({ leagues: chunk.map(refOf) }),
    });
    if (!res.ok) throw new Error(`${s} rostership: ${res.status} ${await res.text()}`);
    if (!stream) return (await res.json()) as RostershipAnswer;
    const lines: RostershipLeagueLine[] = [];
    for await (const value of readNdjson(res.body!)) {
      const line = rostershipLineSchema.parse(value);
      if (line.kind === 'league') lines.push(line);
    }
    return chunkAnswerOf(lines);
  }

  /** The page's flow: chunks of every service interleaved, at most six requests in flight. */
  async function parallelFlow(base: string, cookie: string, leagues: League[]): Promise<Run> {
    const queues = services.map((s) => chunksOf(leagues, s).map((c) => ({ s, c })));
    const plan: { s: LeagueType; c: League[] }[] = [];
    for (let round = 0; queues.some((q) => round < q.length); round++)
      for (const q of queues) if (round < q.length) plan.push(q[round]);
    const t0 = performance.now();
    const run: Run = { ms: 0, firstMs: 0, read: 0, failed: 0, players: 0 };
    const ids = new Set<string>();
    let next = 0;
    const worker = async () => {
      while (next < plan.length) {
        const { s, c } = plan[next++];
        const answer = await post(base, cookie, s, c, true);
        const t = performance.now() - t0;
        if (!run.firstMs) run.firstMs = t;
        run.ms = t;
        run.read += answer.leagues;
        run.failed += answer.failed.length;
        for (const p of answer.players) ids.add(p.id);
      }
    };
    await Promise.all(Array.from({ length: browserConnections }, worker));
    run.players = ids.size;
    return run;
  }

  /** The spec's flow: MFL, then Sleeper, then Fleaflicker, each chunk awaited before the next. */
  async function sequentialFlow(base: string, cookie: string, leagues: League[]): Promise<Run> {
    const t0 = performance.now();
    const run: Run = { ms: 0, firstMs: 0, read: 0, failed: 0, players: 0 };
    const ids = new Set<string>();
    for (const s of services)
      for (const c of chunksOf(leagues, s)) {
        const answer = await post(base, cookie, s, c);
        const t = performance.now() - t0;
        if (!run.firstMs) run.firstMs = t;
        run.ms = t;
        run.read += answer.leagues;
        run.failed += answer.failed.length;
        for (const p of answer.players) ids.add(p.id);
      }
    run.players = ids.size;
    return run;
  }

  sim.control.setLatency(latencyMs);
  for (const s of services) sim.control.setRateLimit(s, serviceLimits[s].limit, serviceLimits[s].windowMs);

  const describe = (label: string, run: Run, counts: ReturnType<typeof since>) =>
    `${label.padEnd(34)} ${seconds(run.ms).padStart(8)} to the last league (first rows after ${seconds(run.firstMs)}); ` +
    `${run.read} read, ${run.failed} failed, ${run.players} players; requests ${services.map((s) => `${s} ${counts.sent[s]}`).join(', ')}; ` +
    `429s ${services.reduce((n, s) => n + counts.refused[s], 0)}`;

  // 1. The page's flow, cold caches.
  const a = await startApp();
  const perService = Object.fromEntries(
    services.map((s) => [s, a.leagues.filter((l) => l.type === s).length]),
  ) as Record<LeagueType, number>;
  let before = snapshot();
  const parallel = await parallelFlow(a.base, a.cookie, a.leagues);
  const parallelCounts = since(before);
  // 2. The same again within the cache window (rosters and statuses are kept three minutes).
  before = snapshot();
  const again = await parallelFlow(a.base, a.cookie, a.leagues);
  const againCounts = since(before);
  await a.close();

  // 3. The spec's sequential flow on a fresh app (cold caches again).
  const b = await startApp();
  before = snapshot();
  const sequential = await sequentialFlow(b.base, b.cookie, b.leagues);
  const sequentialCounts = since(before);
  await b.close();
  await sim.app.close();

  // The floor counts the requests that were needed, not the refused ones sent again.
  const needed = Object.fromEntries(
    services.map((s) => [s, parallelCounts.sent[s] - parallelCounts.refused[s]]),
  ) as Record<LeagueType, number>;
  const floor = floorMs(needed, perService);
  const ratio = parallel.ms / floor.ms;

  const lines = [
    `Rostership benchmark — bench user, ${a.leagues.length} leagues (${services.map((s) => `${s} ${perService[s]}`).join(', ')}), chunks of ${chunkSize}`,
    `Simulator: latency ${latencyMs} ms; limits ${services.map((s) => `${s} ${serviceLimits[s].limit}/${serviceLimits[s].windowMs} ms`).join(', ')}`,
    `Clients tuned to them: ${services.map((s) => `${s} ${tunedLimits()[s]!.requestsPerSecond!.toFixed(2)}/s`).join(', ')}, burst 1`,
    '',
    describe('Page flow (parallel services):', parallel, parallelCounts),
    describe('Spec flow (mfl → sleeper → flea):', sequential, sequentialCounts),
    describe('Page flow, second run (cached):', again, againCounts),
    '',
    `Floor from the limits and latency: ${seconds(floor.ms)} (${floor.why})`,
    `Page flow / floor: ${ratio.toFixed(3)} (target ≤ ${TARGET}) ${ratio <= TARGET ? 'OK' : 'OVER TARGET'}`,
    `Spec flow / floor: ${(sequential.ms / floor.ms).toFixed(2)}; the page flow is ${(sequential.ms / parallel.ms).toFixed(2)}× faster`,
    `Second run: ${seconds(again.ms)} (${(parallel.ms / Math.max(1, again.ms)).toFixed(0)}× faster than the first)`,
  ];
  console.log(lines.join('\n'));
  if (parallel.failed + sequential.failed + again.failed > 0 || ratio > TARGET) process.exitCode = 1;
}

await main();
