import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ATTEMPTS_PER_MINUTE, LOGIN_FAILURES_PER_ACCOUNT } from '#common/users.ts';
import { freshAddress, uniqueEmail } from '#test/accounts.ts';
import { TEST_COOKIE_SECRET } from '#test/app.ts';
import { openTestDatabase, testDbKind } from '#test/database.ts';
import { buildApp } from '../app.ts';
import { memoryCache } from '../cache.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { leagueServicesFor } from '../runtime.ts';

/*
 * With REDIS_URL the rate limits live in Redis. While Redis fails they count in this process
 * instead (weaker: each copy alone), never not at all; the switch shows in the log and /metrics.
 */

interface LoggedApp {
  app: FastifyInstance;
  database: Database;
  lines: { level: number; msg: string }[];
}

async function appWithRedis(redis: Redis): Promise<LoggedApp> {
  const lines: LoggedApp['lines'] = [];
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', REDIS_PREFIX: `t${Date.now()}:` });
  const cache = memoryCache();
  const database = await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    cache,
    redis,
    services: leagueServicesFor(config, cache),
    cookieSecret: TEST_COOKIE_SECRET,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  await app.ready();
  return { app, database, lines };
}

const login = (app: FastifyInstance, username: string, remoteAddress: string, password = 'wrong password') =>
  app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });

async function localGauge(app: FastifyInstance): Promise<number | undefined> {
  const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  const m = /^dynasty_rate_limits_local (\S+)$/m.exec(res.body);
  return m ? Number(m[1]) : undefined;
}

describe(`rate limits while Redis is down (${testDbKind})`, () => {
  let redis: Redis;
  let t: LoggedApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every command fails at once.
    redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false });
    redis.on('error', () => {});
    t = await appWithRedis(redis);
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    redis.disconnect();
  });

  it(`still allows only ${AUTH_ATTEMPTS_PER_MINUTE} log-ins a minute per address`, async () => {
    const address = freshAddress();
    for (let i = 0; i < AUTH_ATTEMPTS_PER_MINUTE; i++)
      expect((await login(t.app, uniqueEmail('down'), address)).statusCode).toBe(401);
    expect((await login(t.app, uniqueEmail('down'), address)).statusCode).toBe(429);
  });

  it('still locks an account after its failures', async () => {
    const email = uniqueEmail('down-target');
    const address = freshAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      expect((await login(t.app, email, address)).statusCode).toBe(401);
    expect((await login(t.app, email, address)).statusCode).toBe(429);
  });

  it('says so once in the log, and in /metrics', async () => {
    const said = t.lines.filter((l) =>
      /Redis does not answer: log-in and other rate limits count in this process/.test(l.msg),
    );
    expect(said).toHaveLength(1);
    expect(said[0].level).toBeGreaterThanOrEqual(50);
    expect(await localGauge(t.app)).toBe(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)(`rate limits when Redis goes and comes back (${testDbKind})`, () => {
  it('counts in this process while it is gone and in Redis again once it is back, saying so each time', async () => {
    const redis = new Redis(redisUrl!, { enableOfflineQueue: false });
    await new Promise((resolve) => redis.once('ready', resolve));
    const t = await appWithRedis(redis);
    try {
      const address = freshAddress();
      expect((await login(t.app, uniqueEmail('up'), address)).statusCode).toBe(401);
      expect(await localGauge(t.app)).toBe(0);

      redis.disconnect();
      for (let i = 0; i < AUTH_ATTEMPTS_PER_MINUTE; i++)
        expect((await login(t.app, uniqueEmail('gone'), address)).statusCode).toBe(401);
      expect((await login(t.app, uniqueEmail('gone'), address)).statusCode).toBe(429);
      expect(await localGauge(t.app)).toBe(1);

      await redis.connect();
      // Back in Redis, where this address has used one attempt of its minute.
      expect((await login(t.app, uniqueEmail('back'), address)).statusCode).toBe(401);
      expect(await localGauge(t.app)).toBe(0);
      const msgs = t.lines.map((l) => l.msg);
      expect(msgs.filter((m) => /^Redis does not answer/.test(m))).toHaveLength(1);
      expect(msgs.filter((m) => /^Redis answers again/.test(m))).toHaveLength(1);
    } finally {
      await t.app.close();
      await t.database.close();
      redis.disconnect();
    }
  });
});
