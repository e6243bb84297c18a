/**
 * Shared by the league benchmarks: the simulator on a real port and an app pointed at it, with the
 * simulator's `bench` user (20 leagues on each service) connected and its leagues listed.
 */
import type { AddressInfo } from 'node:net';
import type { League, LeagueType } from '#common/leagues.ts';
import { buildApp } from '#server/app.ts';
import { memoryCache } from '#server/cache.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import type { HttpLimits } from '#server/leagues/limits.ts';
import type { LeagueServicesOptions } from '#server/leagues/services.ts';
import { egressFor, leagueServicesFor } from '#server/runtime.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { buildSimulator } from '#simulator/app.ts';

export const services: LeagueType[] = ['mfl', 'sleeper', 'flea', 'espn'];
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The simulator's latency in the throughput benchmarks. */
export const latencyMs = 150;
/**
 * What each service allows, as the simulator enforces it (a fixed window per service): MFL asks
 * for requests spaced out, Sleeper's published limit is 1000 a minute, Fleaflicker publishes none
 * and gets the 30 per 2 s that other clients use; ESPN publishes none and gets the 5 a second the
 * site keeps to (decision 034).
 */
export const serviceLimits: Record<LeagueType, { limit: number; windowMs: number }> = {
  mfl: { limit: 4, windowMs: 1000 },
  sleeper: { limit: 16, windowMs: 1000 },
  flea: { limit: 30, windowMs: 2000 },
  espn: { limit: 5, windowMs: 1000 },
};

/**
 * The jitter a window's arrivals are allowed (decision 044): the simulator counts arrivals in a fixed
 * window, and a request delayed on the way beside one that is not can put one arrival more into it.
 * Measured on a two-core machine at idle, five arrivals came at most 13 ms closer than they were sent.
 */
export const arrivalJitterMs = 40;

/**
 * The clients paced to the simulator's windows: evenly spaced so that any limit + 1 requests span the
 * window and the jitter (a burst would spill over a fixed window and cost a 429 and its Retry-After),
 * with enough in flight to cover the latency.
 */
export function tunedLimits(): Partial<Record<LeagueType, Partial<HttpLimits>>> {
  const out: Partial<Record<LeagueType, Partial<HttpLimits>>> = {};
  for (const s of services) {
    const { limit, windowMs } = serviceLimits[s];
    const perSecond = (limit * 1000) / windowMs;
    out[s] = {
      requestsPerSecond: (limit * 1000) / (windowMs + arrivalJitterMs),
      burst: 1,
      concurrency: Math.max(4, Math.ceil(perSecond * (latencyMs / 1000) * 2)),
      timeoutMs: 10_000,
    };
  }
  return out;
}

/** The app's settings pointed at the simulator at `simBase`. */
export function simConfig(simBase: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MFL_API_URL: `${simBase}/mfl/api`,
    SLEEPER_API_URL: `${simBase}/sleeper/v1`,
    FLEA_API_URL: `${simBase}/flea/api`,
    ESPN_API_URL: `${simBase}/espn`,
    ESPN_FAN_API_URL: `${simBase}/espn-fan`,
    ...env,
  });
}

export async function startSimulator() {
  const sim = await buildSimulator();
  await sim.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;
  sim.control.setClock({ week: 5, phase: 'during' });
  return { sim, base };
}

/** A fresh app (new PGlite database, empty cache) wired to the simulator at `simBase`. */
export async function buildBenchApp(
  simBase: string,
  opts: {
    env?: Record<string, string>;
    fetch?: typeof fetch;
    limits?: LeagueServicesOptions['limits'];
    deps?: Partial<AppDeps>;
  } = {},
) {
  const database = await openDatabase({});
  const cache = memoryCache(20_000);
  const config = simConfig(simBase, opts.env);
  // As in production: the visitors' clients and the crawl's send through one egress.
  const egress = egressFor(config, cache, opts.limits);
  const app = await buildApp({
    config,
    database,
    cache,
    services: leagueServicesFor(config, cache, { limits: opts.limits, fetch: opts.fetch, egress }),
    egress,
    cookieSecret: 'bench-secret-bench-secret-bench-secret!',
    // As in production: the background work the settings ask for runs beside the visitors.
    backgroundWork: true,
    ...opts.deps,
  });
  return {
    app,
    database,
    cache,
    async close() {
      await app.close();
      await cache.close();
      await database.close();
    },
  };
}

/** The `bench` user's three connections: each call's path and body. */
function connectSteps() {
  const bench = DEMO_ACCOUNTS.bench;
  return [
    ['mfl/login', bench.mfl],
    ['sleeper/connect', { username: bench.sleeper.username }],
    ['flea/connect', bench.flea],
    ['espn/connect', { swid: bench.espn.swid, espnS2: bench.espn.espnS2 }],
  ] as const;
}

/**
 * Over HTTP, as the page does: the `bench` user connects all four services and lists its leagues,
 * and the merged player list (cached for a day, not part of any one look at the leagues) is warmed.
 */
export async function connectBenchUser(apiBase: string): Promise<{ cookie: string; leagues: League[] }> {
  const cookies: string[] = [];
  for (const [path, body] of connectSteps()) {
    const res = await fetch(`${apiBase}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    for (const c of res.headers.getSetCookie()) cookies.push(c.split(';')[0]);
  }
  const cookie = cookies.join('; ');
  const leagues: League[] = [];
  for (const s of services)
    leagues.push(
      ...((await (await fetch(`${apiBase}/${s}/leagues`, { headers: { cookie } })).json()) as League[]),
    );
  const players = await fetch(`${apiBase}/players`);
  if (!players.ok) throw new Error(`players: ${players.status}`);
  await players.arrayBuffer();
  return { cookie, leagues };
}

export async function startLeagueApp(
  simBase: string,
  extra: Partial<Pick<LeagueServicesOptions, 'limits' | 'fetch'>> = {},
) {
  const { app, close } = await buildBenchApp(simBase, extra);
  await app.ready();
  /** A request as the browser at `address` sends it. */
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    cookie: string,
    body?: unknown,
    address = '10.0.0.1',
  ) =>
    app.inject({
      method,
      url: `/api/${url}`,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
      remoteAddress: address,
    });
  const cookies: string[] = [];
  for (const [path, body] of connectSteps()) {
    const res = await call('POST', path, '', body);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [set] : []) cookies.push(c.split(';')[0]);
  }
  const cookie = cookies.join('; ');
  const leagues: League[] = [];
  for (const s of services) leagues.push(...((await call('GET', `${s}/leagues`, cookie)).json() as League[]));
  // The merged player list is cached for a day: it is not part of any one look at the leagues.
  const players = await call('GET', 'players', cookie);
  if (players.statusCode !== 200) throw new Error(`players: ${players.statusCode}`);
  return {
    app,
    call,
    cookie,
    leagues,
    players: (players.json() as { players: { id: string; name: string }[] }).players,
    close,
  };
}

/** A league as a tool's request names it: MFL's franchise and address, Fleaflicker's and ESPN's team. */
export const refOf = (l: League) =>
  l.type === 'mfl'
    ? { league_id: l.league_id, franchise_id: l.franchise_id, url: l.url }
    : l.type === 'flea' || l.type === 'espn'
      ? { league_id: l.league_id, team_id: l.team_id }
      : { league_id: l.league_id };

/** Runs the tasks with at most `limit` at once, as a browser's six connections per host do. */
export async function pool(tasks: (() => Promise<void>)[], limit = 6) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

export function chunks<T>(items: readonly T[], size = 5): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The service a call to the simulator is for, by its path. */
const serviceOfUrl = (url: string): LeagueType =>
  url.includes('/mfl/')
    ? 'mfl'
    : url.includes('/sleeper/')
      ? 'sleeper'
      : url.includes('/espn')
        ? 'espn'
        : 'flea';

/**
 * A fetch that counts the requests the simulator receives per service (and how many it refused
 * with 429); `since` tells what was sent after a `snapshot`.
 */
export function countingFetch() {
  const sent = Object.fromEntries(services.map((s) => [s, 0])) as Record<LeagueType, number>;
  const refused = { ...sent };
  const counting: typeof fetch = async (input, init) => {
    const s = serviceOfUrl(String(input instanceof Request ? input.url : input));
    sent[s]++;
    const res = await fetch(input, init);
    if (res.status === 429) refused[s]++;
    return res;
  };
  const snapshot = () => ({ sent: { ...sent }, refused: { ...refused } });
  const since = (before: ReturnType<typeof snapshot>) => {
    const r = {} as Record<LeagueType, number>;
    const x = {} as Record<LeagueType, number>;
    for (const s of services) {
      r[s] = sent[s] - before.sent[s];
      x[s] = refused[s] - before.refused[s];
    }
    return { sent: r, refused: x };
  };
  return { fetch: counting, snapshot, since, sent };
}
