import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { type Cache, memoryCache } from '#server/cache.ts';
import { type Config, loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { HttpLimits } from '#server/leagues/http.ts';
import { createLeagueServices, type LeagueServices } from '#server/leagues/services.ts';
import { openTestDatabase } from '#server/test/database.ts';
import { buildSimulator, type SimControl, type World } from '#simulator/app.ts';
import type { IngestContext } from './ingest.ts';

/*
 * Test helpers: the league-services simulator on a real port, and the whole app (its database on
 * PGlite, or PostgreSQL with TEST_DB=postgres) wired to it with quick request limits.
 */

export interface Sim {
  app: FastifyInstance;
  world: World;
  control: SimControl;
  base: string;
  close(): Promise<void>;
}

export async function startSim(): Promise<Sim> {
  const { app, world, control } = await buildSimulator();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, world, control, base, close: () => app.close() };
}

const quick: Partial<HttpLimits> = {
  requestsPerSecond: 1000,
  burst: 100,
  concurrency: 8,
  backoffMs: 5,
  maxBackoffMs: 20,
  timeoutMs: 5000,
};

export function simServices(sim: Sim, cache: Cache, limits: Partial<HttpLimits> = {}): LeagueServices {
  const l = { ...quick, ...limits };
  return createLeagueServices({
    mflApiUrl: `${sim.base}/mfl/api`,
    sleeperApiUrl: `${sim.base}/sleeper/v1`,
    fleaApiUrl: `${sim.base}/flea/api`,
    userAgent: 'dynasty-test/1.0',
    cache,
    limits: { mfl: l, sleeper: l, flea: l },
  });
}

export interface AdpTestApp {
  app: FastifyInstance;
  database: Database;
  cache: Cache;
  config: Config;
  services: LeagueServices;
  ctx: IngestContext;
  close(): Promise<void>;
}

/** The app on a fresh database; its league services talk to the simulator when one is given. */
export async function startAdpApp(sim?: Sim, env: Record<string, string> = {}): Promise<AdpTestApp> {
  const database = await openTestDatabase();
  const cache = memoryCache();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...(sim ? { MFL_API_URL: `${sim.base}/mfl/api`, SLEEPER_API_URL: `${sim.base}/sleeper/v1` } : {}),
    ...env,
  });
  const services = sim
    ? simServices(sim, cache)
    : createLeagueServices({
        mflApiUrl: config.mflApiUrl,
        sleeperApiUrl: config.sleeperApiUrl,
        fleaApiUrl: config.fleaApiUrl,
        userAgent: 'dynasty-test/1.0',
        cache,
      });
  const app = await buildApp({
    config,
    database,
    cache,
    services,
    // Background reads take their share of these quick limits too.
    serviceLimits: sim ? { mfl: quick, sleeper: quick, flea: quick } : undefined,
    cookieSecret: 'test-secret-test-secret-test-secret!!',
  });
  await app.ready();
  return {
    app,
    database,
    cache,
    config,
    services,
    ctx: { db: database.db, services, cache },
    async close() {
      await app.close();
      await cache.close();
      await database.close();
    },
  };
}

/** The simulator's public MFL leagues (the ones with rookie drafts anyone may read). */
export const publicMflLeagues = (world: World) =>
  world.leagues.filter((l) => l.service === 'mfl' && l.isPublic);

/** Polls until check() is true (background work in the app), failing after timeoutMs. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
