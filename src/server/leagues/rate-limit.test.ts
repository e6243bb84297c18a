import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSimulator } from '#simulator/app.ts';
import { sendJson, startTestServer } from '#test/http-server.ts';
import { ManualClock } from '#test/manual-clock.ts';
import { readyRedis } from '#test/redis.ts';
import { redisCache } from '../cache-redis.ts';
import { Egress } from './egress.ts';
import { type CallEvent, createServiceHttp } from './http.ts';
import { SharedBudget } from './rate-limit.ts';

/*
 * One egress budget: two copies of the app (each its own ServiceHttp and Redis connection) call the
 * simulator, which counts each service's requests in fixed windows and answers 429 past its limit.
 */

const redisUrl = process.env.TEST_REDIS_URL;

describe('one egress per process without Redis', () => {
  let sim: Awaited<ReturnType<typeof buildSimulator>>;
  let base: string;
  beforeAll(async () => {
    sim = await buildSimulator();
    await sim.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => sim.app.close());

  /** The visitors' client and a background (crawl) client of one process, 30 calls each at once. */
  async function siteAndCrawl(shared: boolean) {
    const rate = 20;
    const events: CallEvent[] = [];
    const limits = { requestsPerSecond: rate, burst: 1, concurrency: 8, attempts: 1, maxQueueWaitMs: 10_000 };
    const egress = shared ? new Egress({ limits: { sleeper: limits }, backgroundShare: 0.5 }) : undefined;
    const site = createServiceHttp({
      service: 'sleeper',
      userAgent: 'dynasty-test/1.0',
      limits,
      egress,
      onCall: (e) => events.push(e),
    });
    const crawl = createServiceHttp({
      service: 'sleeper',
      userAgent: 'dynasty-test/1.0',
      limits: { ...limits, backgroundShare: 0.5, maxRetryAfterMs: 0 },
      priority: 'background',
      egress,
      onCall: (e) => events.push(e),
    });
    sim.control.setRateLimit('sleeper', rate + 2, 1000);
    await Promise.all(
      [site, crawl].flatMap((http) =>
        Array.from({ length: 30 }, () => http.getJson(`${base}/sleeper/v1/state/nfl`).catch(() => undefined)),
      ),
    );
    sim.control.setRateLimit('sleeper', 0, 1000);
    return {
      refused: events.filter((e) => e.outcome === '429').length,
      ok: events.filter((e) => e.outcome === 'ok').length,
    };
  }

  it('the crawl and the visitors each with their own queue go over the limit together', async () => {
    expect((await siteAndCrawl(false)).refused).toBeGreaterThan(0);
  });

  it('sending through the process egress, they keep to the limit together: no request refused', async () => {
    const r = await siteAndCrawl(true);
    expect(r).toEqual({ refused: 0, ok: 60 });
  });
});

describe.skipIf(!redisUrl)('one egress budget shared through Redis', () => {
  let sim: Awaited<ReturnType<typeof buildSimulator>>;
  let base: string;
  const redises: Redis[] = [];
  beforeAll(async () => {
    sim = await buildSimulator();
    await sim.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(sim.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const r of redises) r.disconnect();
    await sim.app.close();
  });

  const rate = 20;
  /** Two app copies calling Sleeper `each` times at once; answers what the simulator refused. */
  async function twoCopies(shared: boolean, each: number) {
    const prefix = `test-egress-${Math.random().toString(36).slice(2)}:`;
    const events: CallEvent[] = [];
    const connections = await Promise.all([0, 1].map(() => readyRedis(redisUrl!)));
    redises.push(...connections);
    const copies = connections.map((redis) => {
      const limits = {
        requestsPerSecond: rate,
        burst: 1,
        concurrency: 8,
        attempts: 1,
        maxQueueWaitMs: 10_000,
      };
      return createServiceHttp({
        service: 'sleeper',
        userAgent: 'dynasty-test/1.0',
        limits,
        egress: new Egress({
          limits: { sleeper: limits },
          redis: shared ? redis : undefined,
          redisPrefix: prefix,
        }),
        onCall: (e) => events.push(e),
      });
    });
    // The simulator allows a little over the rate in any window: one turn may fall on its edge.
    sim.control.setRateLimit('sleeper', rate + 2, 1000);
    const started = performance.now();
    await Promise.all(
      copies.flatMap((http) =>
        Array.from({ length: each }, () =>
          http.getJson(`${base}/sleeper/v1/state/nfl`).catch(() => undefined),
        ),
      ),
    );
    sim.control.setRateLimit('sleeper', 0, 1000);
    return {
      ms: performance.now() - started,
      refused: events.filter((e) => e.outcome === '429').length,
      ok: events.filter((e) => e.outcome === 'ok').length,
    };
  }

  it('without Redis two copies each spend the whole limit, and the service refuses them', async () => {
    const r = await twoCopies(false, 30);
    expect(r.refused).toBeGreaterThan(5);
  });

  it('with Redis two copies together keep to the limit: no request refused', async () => {
    const r = await twoCopies(true, 30);
    expect(r.refused).toBe(0);
    expect(r.ok).toBe(60);
    // Sixty requests at 20 a second, whichever copy sends them.
    expect(r.ms).toBeGreaterThanOrEqual(2_800);
  });

  it('two processes, one Redis: together they keep to the limit', async () => {
    const prefix = `test-egress-${Math.random().toString(36).slice(2)}:`;
    const children = [0, 1].map(() =>
      spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          new URL('../../../tests/support/egress-process.ts', import.meta.url).pathname,
          `${base}/sleeper/v1/state/nfl`,
          redisUrl!,
          prefix,
          '25',
          String(rate),
        ],
        { stdio: ['pipe', 'pipe', 'inherit'] },
      ),
    );
    const lines = children.map((child) => {
      const got: string[] = [];
      let buffer = '';
      const waiters: (() => void)[] = [];
      child.stdout!.on('data', (d: Buffer) => {
        buffer += d.toString();
        for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
          got.push(buffer.slice(0, i));
          buffer = buffer.slice(i + 1);
          for (const w of waiters.splice(0)) w();
        }
      });
      return async (n: number) => {
        while (got.length < n) await new Promise<void>((r) => waiters.push(r));
        return got[n - 1];
      };
    });
    for (const line of lines) expect(await line(1)).toBe('ready');
    // The service allows a quarter more than the shared budget grants: on a loaded machine calls
    // granted a second apart can reach it in one window. Two processes not sharing would send twice
    // the rate (and take half the time), far past it.
    sim.control.setRateLimit('sleeper', rate + rate / 4, 1000);
    for (const child of children) child.stdin!.write('go\n');
    const results = (await Promise.all(lines.map((line) => line(2)))).map(
      (l) => JSON.parse(l) as { outcomes: string[]; ms: number },
    );
    sim.control.setRateLimit('sleeper', 0, 1000);
    const outcomes = results.flatMap((r) => r.outcomes);
    expect(outcomes).toHaveLength(50);
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
    // Fifty requests at 20 a second in all: each process took about as long as both together.
    expect(Math.max(...results.map((r) => r.ms))).toBeGreaterThanOrEqual(2_300);
  }, 60_000);

  /**
   * A crawl in one copy and a visitor in another, sharing Redis: the crawl floods its background lane
   * while the visitor makes eight calls, each a moment after the last one's answer. Answers how many
   * background calls went out between the visitor's first call and last.
   */
  async function crawlBetweenVisitorCalls(quietMs: number) {
    const server = await startTestServer();
    server.handle((_req, res) => void setTimeout(() => sendJson(res, { ok: 1 }), 20));
    const prefix = `test-egress-${Math.random().toString(36).slice(2)}:`;
    const limits = {
      requestsPerSecond: 20,
      burst: 1,
      concurrency: 2,
      attempts: 1,
      backgroundQuietMs: quietMs,
    };
    const egress = async () => {
      const redis = await readyRedis(redisUrl!);
      redises.push(redis);
      return new Egress({ limits: { mfl: limits }, redis, redisPrefix: prefix });
    };
    const crawl = createServiceHttp({
      service: 'mfl',
      userAgent: 'dynasty-test/1.0',
      limits,
      egress: await egress(),
      priority: 'background',
    });
    const site = createServiceHttp({
      service: 'mfl',
      userAgent: 'dynasty-test/1.0',
      limits,
      egress: await egress(),
    });
    const background = Array.from({ length: 20 }, (_, i) => crawl.getJson(`${server.url}/bg/${i}`));
    await new Promise((r) => setTimeout(r, 150));
    for (let i = 0; i < 8; i++) {
      await site.getJson(`${server.url}/v/${i}`, { visitor: 'v' });
      await new Promise((r) => setTimeout(r, 60));
    }
    await Promise.all(background);
    await server.close();
    const seen = server.seen.map((s) => s.path.split('/')[1]);
    return seen.slice(seen.indexOf('v'), seen.lastIndexOf('v') + 1).filter((p) => p === 'bg').length;
  }

  it("a visitor of one copy keeps another copy's crawl out while the visitor is busy", async () => {
    // Without the quiet, the crawl takes the turns between the visitor's calls.
    expect(await crawlBetweenVisitorCalls(0)).toBeGreaterThanOrEqual(4);
    // With it, at most a call the crawl had already started on its way. (A quiet of 1 s, far above
    // the visitor's 60 ms between calls, so a loaded machine's pauses do not open it.)
    expect(await crawlBetweenVisitorCalls(1_000)).toBeLessThanOrEqual(1);
  });

  it('a 429 seen by one copy pauses the other', async () => {
    const prefix = `test-egress-${Math.random().toString(36).slice(2)}:`;
    const [a, b] = [0, 1].map(() => {
      const redis = new Redis(redisUrl!);
      redises.push(redis);
      return new SharedBudget(redis, `${prefix}sleeper`, 100);
    });
    // The pause reaches Redis in the background (a 429's handler does not wait for it): the other
    // copy sees it once written, however long a loaded machine takes to write it.
    await Promise.all(redises.slice(-2).map((r) => r.ping()));
    a.pause(5_000);
    await expect.poll(() => b.tryTake(), { timeout: 2_000, interval: 20 }).toBeGreaterThan(2_500);
  });
});

describe('shared budget without Redis', () => {
  it('an egress whose Redis cannot be reached still sends, visitors and background alike', async () => {
    // The app's own connection (cache.ts).
    const down = redisCache('redis://127.0.0.1:1').redis;
    down.on('error', () => undefined);
    const server = await startTestServer();
    server.handle((_req, res) => sendJson(res, { ok: 1 }));
    const limits = { requestsPerSecond: 50, attempts: 1, backgroundQuietMs: 200 };
    const egress = new Egress({ limits: { sleeper: limits }, redis: down, redisPrefix: 'test-egress-down:' });
    const make = (priority?: 'background') =>
      createServiceHttp({ service: 'sleeper', userAgent: 'dynasty-test/1.0', limits, egress, priority });
    const started = performance.now();
    await make().getJson(`${server.url}/v`, { visitor: 'v' });
    await make('background').getJson(`${server.url}/bg`);
    // The visitor at once, the background call after the 200 ms quiet.
    expect(performance.now() - started).toBeLessThan(1_500);
    await server.close();
    down.disconnect();
  });

  // Redis's own expiry follows real time; the process's own turns follow the budget's clock, so
  // their timing is checked in fake milliseconds.
  const downRedis = () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false });
    down.on('error', () => undefined);
    return down;
  };

  it('falls back to the process’s own turns when Redis cannot be reached: one a turn', async () => {
    const down = downRedis();
    const clock = new ManualClock();
    const budget = new SharedBudget(down, 'test-egress-down:turns', 10, clock);
    const sent: number[] = [];
    const taking = Promise.all(
      Array.from({ length: 12 }, () => budget.take().then(() => sent.push(clock.now()))),
    );
    await clock.advance(2_000);
    await taking;
    // Ten a second: one in each 100 ms turn, in order, none early.
    expect(sent).toEqual(Array.from({ length: 12 }, (_, i) => i * 100));
    // In any stretch of T ms at most T × rate / 1000 + 1 went out.
    for (const from of sent)
      expect(sent.filter((t) => t >= from && t < from + 250).length).toBeLessThanOrEqual(3.5);
    down.disconnect();
  });

  it('a pause holds the turns back until it ends, then they go one a turn again', async () => {
    const down = downRedis();
    const clock = new ManualClock();
    const budget = new SharedBudget(down, 'test-egress-down:pause', 10, clock);
    await budget.take();
    budget.pause(1_000);
    expect(await budget.tryTake()).toBe(1_000);
    const sent: number[] = [];
    const taking = Promise.all(
      [budget.take(), budget.take()].map((p) => p.then(() => sent.push(clock.now()))),
    );
    await clock.advance(999);
    expect(sent).toEqual([]);
    await clock.advance(1_000);
    await taking;
    expect(sent).toEqual([1_000, 1_100]);
    expect(budget.pausedForMs()).toBe(0);
    down.disconnect();
  });
});
