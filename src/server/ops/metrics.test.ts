import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobLoop } from '#server/adp-data/discovery/jobs.ts';
import { login, sessionCookie } from '#test/accounts.ts';
import { makeTestApp } from '#test/app.ts';
import { openTestDatabase, testDbKind } from '#test/database.ts';
import { hangingRedis } from '#test/redis.ts';
import { memoryCache } from '../cache.ts';
import { REDIS_TIMEOUT_MS, redisCache, redisReady } from '../cache-redis.ts';
import type { Database } from '../db/client.ts';
import { instrumentCache, recordLeagueCall } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789';

async function appWith(env: Record<string, string> = {}, deps: { redis?: Redis; database?: Database } = {}) {
  const t = await makeTestApp(env, {
    database: deps.database ?? (await openTestDatabase()),
    cache: instrumentCache(memoryCache()),
    redis: deps.redis,
  });
  return { app: t.app, database: t.database };
}

/** The value of one series in Prometheus' text format, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',');
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}

describe(`metrics (${testDbKind})`, () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    ({ app, database } = await appWith());
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('times requests by route pattern, method and status', async () => {
    // The same series before and after: another file in this worker may have counted other methods.
    const before = sample(await scrape(), 'dynasty_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/articles/:id',
      status_code: '404',
    });
    await app.inject({ method: 'GET', url: '/api/articles/no-such-article' });
    const text = await scrape();
    expect(
      sample(text, 'dynasty_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/articles/:id',
        status_code: '404',
      }),
    ).toBe((before ?? 0) + 1);
    expect(text).toMatch(/^dynasty_http_request_duration_seconds_bucket\{le="0\.005",method="GET"/m);
    // The address itself never becomes a label: one series per route, not per article.
    expect(text).not.toContain('no-such-article');
  });

  it('counts cache hits and misses by kind of key', async () => {
    const count = async (result: string) =>
      sample(await scrape(), 'dynasty_cache_requests_total', { kind: 'content', result }) ?? 0;
    const [hits, misses] = [await count('hit'), await count('miss')];
    await app.inject({ method: 'GET', url: '/api/profile-filters' });
    await app.inject({ method: 'GET', url: '/api/profile-filters' });
    expect(await count('miss')).toBeGreaterThan(misses);
    expect(await count('hit')).toBeGreaterThan(hits);
  });

  it('records league-service calls by service, lane and outcome, with their latency', async () => {
    recordLeagueCall({
      service: 'mfl',
      lane: 'visitor',
      path: '/2026/export?TYPE=league&L=12345',
      outcome: '429',
      ms: 120,
    });
    recordLeagueCall({ service: 'sleeper', lane: 'background', path: '/user/x', outcome: 'ok', ms: 40 });
    const text = await scrape();
    expect(
      sample(text, 'dynasty_league_call_duration_seconds_count', {
        service: 'mfl',
        lane: 'visitor',
        outcome: '429',
      }),
    ).toBeGreaterThan(0);
    expect(
      sample(text, 'dynasty_league_call_duration_seconds_bucket', {
        service: 'sleeper',
        lane: 'background',
        outcome: 'ok',
        le: '0.05',
      }),
    ).toBeGreaterThan(0);
    expect(text).not.toContain('L=12345');
  });

  it('counts job runs by outcome and times them', async () => {
    const summary = {
      requests: { mfl: 0, sleeper: 0 },
      errors: 0,
      leaguesRead: 0,
      leaguesFound: 0,
      drafts: 0,
      more: false,
    };
    const loop = (name: string, run: () => Promise<typeof summary>) =>
      startJobLoop({
        db: database.db,
        name,
        intervalMs: 60_000,
        backlogMs: 60_000,
        leaseMs: 5_000,
        pollMs: 60_000,
        run,
      });
    const ok = loop('test-job-ok', async () => summary);
    await ok.tick();
    await ok.stop();
    const failing = loop('test-job-failing', async () => {
      throw new Error('boom');
    });
    await failing.tick();
    await failing.stop();
    const text = await scrape();
    expect(sample(text, 'dynasty_job_runs_total', { job: 'test-job-ok', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'dynasty_job_runs_total', { job: 'test-job-failing', outcome: 'error' })).toBe(1);
    expect(sample(text, 'dynasty_job_duration_seconds_count', { job: 'test-job-ok' })).toBe(1);
  });

  it('times database queries', async () => {
    const text = await scrape();
    expect(sample(text, 'dynasty_db_query_duration_seconds_count', { db: testDbKind })).toBeGreaterThan(0);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('refuses /metrics to other machines and to anything a proxy forwarded', async () => {
    const outside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ error: 'Metrics are for the operator only.' });
    const proxied = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(403);
    expect(proxied.body).not.toContain('dynasty_');
  });

  it('takes no forwarding header of any kind, even an empty one, for a local request', async () => {
    for (const headers of [
      { 'x-real-ip': '203.0.113.7' },
      { 'x-forwarded-for': '' },
      { forwarded: '' },
      { 'x-forwarded-host': 'dynasty.example.com' },
      { 'x-forwarded-proto': 'https' },
      { via: '1.1 caddy' },
      { 'x-client-ip': '203.0.113.7' },
      { 'x-original-forwarded-for': '203.0.113.7' },
      { 'x-cluster-client-ip': '203.0.113.7' },
      { 'fastly-client-ip': '203.0.113.7' },
      { 'client-ip': '203.0.113.7' },
      { 'true-client-ip': '203.0.113.7' },
      { 'cf-connecting-ip': '203.0.113.7' },
      { 'x-forwarded': 'for=203.0.113.7' },
      { 'forwarded-for': '203.0.113.7' },
      { 'x-forwarded-server': 'proxy' },
      { 'x-originating-ip': '203.0.113.7' },
      { 'x-envoy-external-address': '203.0.113.7' },
      { 'x-appengine-user-ip': '203.0.113.7' },
    ]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  it('without a token, is refused to a connection from a trusted proxy, even one that names no client', async () => {
    for (const TRUST_PROXY of ['1', '127.0.0.1', 'loopback']) {
      const t = await appWith({ TRUST_PROXY }, { database });
      try {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
        expect(res.statusCode, TRUST_PROXY).toBe(403);
      } finally {
        await t.app.close();
      }
    }
    // Proxies elsewhere do not make this machine's own connections any less local.
    const t = await appWith({ TRUST_PROXY: '10.0.0.0/8' }, { database });
    try {
      expect(
        (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode,
      ).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(
        200,
      );
    } finally {
      await t.app.close();
    }
  });

  it('with METRICS_TOKEN, answers that bearer token only, wherever the request comes from', async () => {
    const t = await appWith({ METRICS_TOKEN: TOKEN }, { database });
    try {
      const get = (headers: Record<string, string>, remoteAddress = '198.51.100.2') =>
        t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
      expect((await get({ authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
      expect((await get({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(403);
      expect((await get({ authorization: `Basic ${TOKEN}` })).statusCode).toBe(403);
      expect((await get({}, '127.0.0.1')).statusCode).toBe(403);
    } finally {
      await t.app.close();
    }
  });
});

describe(`readiness (${testDbKind})`, () => {
  // The Redis checks share one database; the first test closes a database of its own.
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('is ready while the database answers, and not once it is gone, while health stays up', async () => {
    const t = await appWith();
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ok: true, db: 'ok', redis: 'none' });
      await t.database.close();
      const gone = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toEqual({
        ok: false,
        db: 'down',
        redis: 'none',
        error: 'Not ready: the database did not answer.',
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });

  it('stays ready when Redis does not answer, saying so', { timeout: 15_000 }, async () => {
    // Nothing listens on port 1: every command fails after the client's retries, or the check times out.
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', () => {});
    const t = await appWith({}, { redis, database });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      // The site works without Redis: a balancer must not take every server out for it (decision 029).
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, db: 'ok', redis: 'down' });
    } finally {
      await t.app.close();
      redis.disconnect();
    }
  });

  it('answers log-in, search and articles at once, and stays ready, while Redis hangs', {
    timeout: 30_000,
  }, async () => {
    const hung = await hangingRedis();
    const cache = redisCache(hung.url, `hang-${Date.now()}:`);
    cache.redis.on('error', () => {});
    expect(await redisReady(cache.redis, 5_000)).toBe(true);
    const t = await makeTestApp({}, { database, cache, redis: cache.redis });
    try {
      const { user } = await t.userWithRole('user');
      // As a Redis stopped with SIGSTOP: connections open, commands written, nothing answered.
      hung.freeze();
      const started = performance.now();
      const loggedIn = await login(t, user.email, 'password123');
      expect(loggedIn.statusCode).toBe(200);
      // Its first command waited out REDIS_TIMEOUT_MS and the silent connection was dropped: the
      // commands after it fail at once (as with a Redis that is down) until a new one is ready.
      expect(cache.redis.status).not.toBe('ready');
      expect((await t.get('/api/users/currentUser', sessionCookie(loggedIn))).json()).toMatchObject({
        id: user.id,
      });
      expect((await t.get('/api/search?search=rookie')).statusCode).toBe(200);
      expect((await t.get('/api/articles')).statusCode).toBe(200);
      const ready = await t.get('/api/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ok: true, db: 'ok', redis: 'down' });
      // Without the timeouts the log-in never answered. (Generous: the machine may be busy.)
      expect(performance.now() - started).toBeLessThan(REDIS_TIMEOUT_MS * 20);
    } finally {
      await t.close();
      await cache.close();
      await hung.close();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('is ready when Redis answers', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const t = await appWith({}, { redis, database });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.json()).toEqual({ ok: true, db: 'ok', redis: 'ok' });
    } finally {
      await t.app.close();
      await redis.quit();
    }
  });
});
