/**
 * MFL Rookie ADP from MFL's own aggregate (decision 018), on the simulator: how many calls to MFL the
 * three league sizes cost, how long the first (cold: nothing of MFL's cached; the process warmed up on
 * a Sleeper answer) answer takes, and the answer once cached (p50 and p95 of 200 requests). The MFL client runs at the demo's pace (a local simulator); the cold answer is
 * also timed with 150 ms of latency per call and at MFL's real pace (2 requests a second).
 * Targets: at most 3 calls with the player database cached (the site keeps it a day, for the player
 * search too), cold at most 1 s, cached p50 at most 50 ms. Exits non-zero when one is missed.
 *
 *   node --import tsx bench/rookie-adp-mfl.ts
 */
import type { AddressInfo } from 'node:net';
import type { AdpAnswer } from '#common/rookie-adp.ts';
import type { LeagueServicesOptions } from '#server/leagues/services.ts';
import { buildSimulator } from '#simulator/app.ts';
import { buildBenchApp } from './lib/league-app.ts';
import { percentile } from './lib/percentile.ts';

const DAY = 86_400_000;
const RUNS = 200;
const TARGETS = { calls: 3, coldMs: 1_000, cachedP50Ms: 50 };
const demoPace: LeagueServicesOptions['limits'] = {
  mfl: { requestsPerSecond: 50, burst: 10, concurrency: 8 },
};
const realPace: LeagueServicesOptions['limits'] = {};

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const filter = (ppr: number) => ({
  service: 'mfl',
  sizes: [10, 12, 14],
  types: ['1QB', 'SF', '2QB'],
  idp: 0,
  ppr,
  startDate: iso(Date.now() - 30 * DAY),
  endDate: iso(Date.now()),
});
const sim = await buildSimulator();
await sim.app.listen({ port: 0, host: '127.0.0.1' });
const simBase = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;

/** A fresh app (empty cache) whose MFL calls are counted by export type. */
async function countedApp(limits: LeagueServicesOptions['limits']) {
  const calls: string[] = [];
  const counting: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/mfl/')) calls.push(new URL(url).searchParams.get('TYPE') ?? '?');
    return fetch(input, init);
  };
  const bench = await buildBenchApp(simBase, { fetch: counting, limits });
  await bench.app.ready();
  // The process warms up on a Sleeper answer (same route and database, no MFL): "cold" is MFL's answer
  // not cached yet, not a cold process.
  await bench.app.inject({
    method: 'POST',
    url: '/api/mfl/adp',
    payload: { ...filter(0), service: 'sleeper' },
  });
  const ask = async (body: object) => {
    const t0 = performance.now();
    const res = await bench.app.inject({ method: 'POST', url: '/api/mfl/adp', payload: body });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    const answer = res.json() as AdpAnswer;
    if (answer.source.kind !== 'mfl-aggregate') throw new Error(`answered by ${answer.source.kind}`);
    return { ms, answer };
  };
  const since = (from: number) => {
    const seen = calls.slice(from);
    return {
      adp: seen.filter((t) => t === 'adp').length,
      players: seen.filter((t) => t === 'players').length,
    };
  };
  return { ...bench, calls, ask, since };
}

/** The cold answer for PPR "Any" after another filter has brought the player database into the cache. */
async function coldWithPlayers(limits: LeagueServicesOptions['limits']) {
  const a = await countedApp(limits);
  try {
    await a.ask(filter(1));
    const from = a.calls.length;
    const { ms, answer } = await a.ask(filter(0));
    return { ms, answer, calls: a.since(from) };
  } finally {
    await a.close();
  }
}

let missed = false;
const check = (ok: boolean) => {
  if (!ok) missed = true;
  return ok ? 'met' : 'MISSED';
};

// Nothing cached at all: the three sizes and the day's player database.
const fresh = await countedApp(demoPace);
const first = await fresh.ask(filter(0));
const firstCalls = fresh.since(0);
console.log(
  `Cold, empty cache: ${first.ms.toFixed(0)} ms, MFL calls: ${firstCalls.adp} TYPE=adp + ${firstCalls.players} TYPE=players (the player database, kept a day)`,
);
console.log(
  `  answer: ${first.answer.totalLeagues} MFL drafts, ${first.answer.players.length} rookies at the default 5 % share (${first.answer.hidden} under it)`,
);

// Cached: the same filter again and again.
const times: number[] = [];
for (let i = 0; i < RUNS + 5; i++) {
  const { ms } = await fresh.ask(filter(0));
  if (i >= 5) times.push(ms);
}
const p50 = percentile(times, 50);
console.log(
  `Cached, ${RUNS} requests: p50 ${p50.toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, MFL calls: ${fresh.since(firstCalls.adp + firstCalls.players).adp}`,
);
await fresh.close();

// The site's usual case: the player database already cached.
const warm = await coldWithPlayers(demoPace);
console.log(
  `Cold, player database cached: ${warm.ms.toFixed(0)} ms, MFL calls: ${warm.calls.adp + warm.calls.players} (${warm.calls.adp} TYPE=adp)`,
);
sim.control.setLatency(150);
const slowNet = await coldWithPlayers(demoPace);
console.log(`  … with 150 ms per MFL call: ${slowNet.ms.toFixed(0)} ms`);
const real = await coldWithPlayers(realPace);
console.log(`  … and at MFL's real pace (2 requests a second, one at once): ${real.ms.toFixed(0)} ms`);
sim.control.setLatency(0);

console.log(
  `\nTargets: MFL calls for three sizes <= ${TARGETS.calls}: ${check(warm.calls.adp + warm.calls.players <= TARGETS.calls)}; ` +
    `cold <= ${TARGETS.coldMs} ms: ${check(warm.ms <= TARGETS.coldMs && first.ms <= TARGETS.coldMs)}; ` +
    `cached p50 <= ${TARGETS.cachedP50Ms} ms: ${check(p50 <= TARGETS.cachedP50Ms)}`,
);
await sim.app.close();
if (missed) process.exitCode = 1;
