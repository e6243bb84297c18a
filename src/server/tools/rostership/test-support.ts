import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app.ts';
import { memoryCache } from '#server/cache.ts';
import { loadConfig } from '#server/config.ts';
import type { HttpLimits } from '#server/leagues/http.ts';
import { createLeagueServices, type LeagueServices } from '#server/leagues/services.ts';
import { openTestDatabase } from '#server/test/database.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { buildSimulator, type SimControl, type World } from '#simulator/app.ts';

/*
 * The app wired to a simulator on a real port, for the tool routes' API tests. The league clients get
 * fast limits so the tests do not wait out MFL's real-world pacing.
 */

const quick: Partial<HttpLimits> = {
  requestsPerSecond: 500,
  burst: 50,
  concurrency: 16,
  backoffMs: 20,
  maxBackoffMs: 50,
  timeoutMs: 5000,
};

export interface ToolsTestBed {
  app: FastifyInstance;
  sim: FastifyInstance;
  control: SimControl;
  world: World;
  services: LeagueServices;
  simBase: string;
  /** Cookie header for the demo (or bench) user connected to all three services. */
  connect(who?: 'demo' | 'bench'): Promise<string>;
  post(url: string, payload: unknown, cookie?: string): Promise<LightMyRequestResponse>;
  get(url: string, cookie?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startToolsTestBed(): Promise<ToolsTestBed> {
  const built = await buildSimulator();
  const sim = built.app;
  await sim.listen({ port: 0, host: '127.0.0.1' });
  const simBase = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  const database = await openTestDatabase();
  const cache = memoryCache();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MFL_API_URL: `${simBase}/mfl/api`,
    SLEEPER_API_URL: `${simBase}/sleeper/v1`,
    FLEA_API_URL: `${simBase}/flea/api`,
  });
  const services = createLeagueServices({
    mflApiUrl: config.mflApiUrl,
    sleeperApiUrl: config.sleeperApiUrl,
    fleaApiUrl: config.fleaApiUrl,
    userAgent: 'dynasty-test/1.0',
    cache,
    limits: { mfl: quick, sleeper: quick, flea: quick },
  });
  const app = await buildApp({
    config,
    database,
    cache,
    services,
    cookieSecret: 'test-secret-test-secret-test-secret!!',
  });
  await app.ready();

  const cookiesOf = (res: LightMyRequestResponse) => {
    const raw = res.headers['set-cookie'];
    return (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => String(c).split(';')[0]);
  };
  const post = (url: string, payload: unknown, cookie?: string) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  return {
    app,
    sim,
    control: built.control,
    world: built.world,
    services,
    simBase,
    post,
    get,
    async connect(who = 'demo') {
      const acct = DEMO_ACCOUNTS[who];
      const answers = await Promise.all([
        post('/api/mfl/login', acct.mfl),
        post('/api/sleeper/connect', { username: acct.sleeper.username }),
        post('/api/flea/connect', acct.flea),
      ]);
      for (const a of answers) if (a.statusCode !== 200) throw new Error(`connect failed: ${a.body}`);
      return answers.flatMap(cookiesOf).join('; ');
    },
    async close() {
      await app.close();
      await sim.close();
      await cache.close();
      await database.close();
    },
  };
}
