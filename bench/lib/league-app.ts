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
import { createLeagueServices, type LeagueServicesOptions } from '#server/leagues/services.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { buildSimulator } from '#simulator/app.ts';

export const services: LeagueType[] = ['mfl', 'sleeper', 'flea'];
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function startSimulator() {
  const sim = await buildSimulator();
  await sim.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;
  sim.control.setClock({ week: 5, phase: 'during' });
  return { sim, base };
}

export async function startLeagueApp(
  simBase: string,
  extra: Partial<Pick<LeagueServicesOptions, 'limits' | 'fetch'>> = {},
) {
  const database = await openDatabase({});
  const cache = memoryCache(20_000);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MFL_API_URL: `${simBase}/mfl/api`,
    SLEEPER_API_URL: `${simBase}/sleeper/v1`,
    FLEA_API_URL: `${simBase}/flea/api`,
  });
  const app = await buildApp({
    config,
    database,
    cache,
    services: createLeagueServices({
      mflApiUrl: config.mflApiUrl,
      sleeperApiUrl: config.sleeperApiUrl,
      fleaApiUrl: config.fleaApiUrl,
      userAgent: 'DynastyForge-bench/1.0',
      cache,
      ...extra,
    }),
    cookieSecret: 'bench-secret-bench-secret-bench-secret!',
  });
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
  const bench = DEMO_ACCOUNTS.bench;
  const cookies: string[] = [];
  for (const [path, body] of [
    ['mfl/login', bench.mfl],
    ['sleeper/connect', { username: bench.sleeper.username }],
    ['flea/connect', bench.flea],
  ] as const) {
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
    async close() {
      await app.close();
      await cache.close();
      await database.close();
    },
  };
}

export const refOf = (l: League) =>
  l.type === 'mfl'
    ? { league_id: l.league_id, franchise_id: l.franchise_id, url: l.url }
    : l.type === 'flea'
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
