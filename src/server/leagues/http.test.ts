import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendJson, startTestServer, type TestServer } from '#test/http-server.ts';
import { Egress } from './egress.ts';
import { LeagueServiceError } from './errors.ts';
import { createServiceHttp, parseRetryAfter } from './http.ts';
import type { HttpLimits } from './limits.ts';
import { TokenBucket } from './rate-limit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
});

/** Fast limits so the tests measure behaviour, not the production pacing. */
const fast: Partial<HttpLimits> = {
  requestsPerSecond: 1000,
  burst: 100,
  concurrency: 10,
  timeoutMs: 2000,
  attempts: 3,
  backoffMs: 10,
  maxBackoffMs: 50,
  maxRetryAfterMs: 3000,
};

const client = (service: 'mfl' | 'sleeper' | 'flea', limits: Partial<HttpLimits> = {}) =>
  createServiceHttp({ service, userAgent: 'dynasty-test/1.0', limits: { ...fast, ...limits } });

async function failure(p: Promise<unknown>): Promise<LeagueServiceError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(LeagueServiceError);
    return e as LeagueServiceError;
  }
  throw new Error('expected a failure');
}

describe('service HTTP layer', () => {
  it('refuses an answer bigger than the service’s cap, without reading it all', async () => {
    const mb = Buffer.alloc(1024 * 1024, 'x');
    let written = 0;
    server.handle(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // Sent in pieces with no length, as a stream that never ends would be.
      for (let i = 0; i < 40 && !res.destroyed; i++) {
        await new Promise<void>((resolve) => res.write(mb, () => resolve()));
        written += 1;
      }
      res.end();
    });
    const e = await failure(
      client('sleeper', { maxBodyBytes: 2 * 1024 * 1024 }).send({ url: `${server.url}/big` }),
    );
    expect(e.kind).toBe('unreadable');
    expect(written).toBeLessThan(40);
    // One refusal, not retried: the next try would be as big.
    expect(server.seen).toHaveLength(1);

    server.seen.length = 0;
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) });
      res.write('{');
      setTimeout(() => res.destroy(), 1000);
    });
    const declared = await failure(
      client('mfl', { maxBodyBytes: 2 * 1024 * 1024, timeoutMs: 5000 }).send({
        url: `${server.url}/declared`,
      }),
    );
    expect(declared.kind).toBe('unreadable');
  });

  it('caps every service’s answers by default', async () => {
    const { defaultHttpLimits } = await import('./limits.ts');
    for (const service of ['mfl', 'sleeper', 'flea'] as const)
      expect(defaultHttpLimits[service].maxBodyBytes).toBeGreaterThan(0);
  });

  it('sends the User-Agent and answers JSON', async () => {
    server.handle((_req, res) => sendJson(res, { ok: 1 }));
    expect(await client('sleeper').getJson(`${server.url}/x`)).toEqual({ ok: 1 });
    expect(server.seen[0].headers['user-agent']).toBe('dynasty-test/1.0');
  });

  it('honours 429 with Retry-After, then succeeds', async () => {
    server.handle((_req, res) =>
      server.seen.length === 1
        ? sendJson(res, { slow: 'down' }, 429, { 'retry-after': '0.3' })
        : sendJson(res, { ok: 1 }),
    );
    expect(await client('mfl').getJson(`${server.url}/x`)).toEqual({ ok: 1 });
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1].at - server.seen[0].at).toBeGreaterThanOrEqual(280);
  });

  it('a 429 pauses every request to the service, not just the one refused', async () => {
    server.handle((req, res) =>
      req.path === '/first' && server.seen.filter((s) => s.path === '/first').length === 1
        ? sendJson(res, {}, 429, { 'retry-after': '0.3' })
        : sendJson(res, {}),
    );
    // The second request is asked once the first's 429 has been taken in (its retry is planned).
    let planned: () => void = () => {};
    const retryPlanned = new Promise<void>((resolve) => {
      planned = resolve;
    });
    const http = createServiceHttp({
      service: 'sleeper',
      userAgent: 'dynasty-test/1.0',
      limits: fast,
      onRetry: () => planned(),
    });
    const first = http.getJson(`${server.url}/first`);
    await retryPlanned;
    await http.getJson(`${server.url}/second`);
    await first;
    const second = server.seen.find((s) => s.path === '/second');
    expect(second!.at - server.seen[0].at).toBeGreaterThanOrEqual(280);
  });

  it('does not wait out a Retry-After longer than allowed: rate-limited 503 at once', async () => {
    server.handle((_req, res) => sendJson(res, {}, 429, { 'retry-after': '120' }));
    const e = await failure(client('sleeper').getJson(`${server.url}/x`));
    expect(e.kind).toBe('rate-limited');
    expect(e.statusCode).toBe(503);
    expect(e.message).toBe('Sleeper is rate limiting us, try again shortly');
    expect(e.retryAfterMs).toBe(120_000);
    expect(server.seen).toHaveLength(1);
  });

  it('retries 5xx a bounded number of times with backoff', async () => {
    server.handle((_req, res) => sendJson(res, {}, 500));
    const e = await failure(client('flea').getJson(`${server.url}/x`));
    expect(e.kind).toBe('unavailable');
    expect(e.statusCode).toBe(502);
    expect(e.message).toMatch(/^Fleaflicker is not available right now/);
    expect(server.seen).toHaveLength(3);
  });

  it('retries 408 (a timeout: once) but never another 4xx', async () => {
    server.handle((_req, res) => sendJson(res, {}, 408));
    expect((await failure(client('flea').getJson(`${server.url}/x`))).kind).toBe('timeout');
    expect(server.seen).toHaveLength(2);

    server.seen.length = 0;
    server.handle((_req, res) => sendJson(res, {}, 400));
    const bad = await failure(client('flea').getJson(`${server.url}/x`));
    expect(bad.kind).toBe('rejected');
    expect(server.seen).toHaveLength(1);

    server.seen.length = 0;
    server.handle((_req, res) => sendJson(res, {}, 404));
    const missing = await failure(client('flea').getJson(`${server.url}/x`));
    expect(missing.kind).toBe('not-found');
    expect(missing.statusCode).toBe(404);
    expect(server.seen).toHaveLength(1);
  });

  it('times out a slow answer, and gives up after the second timeout', async () => {
    server.handle((_req, res) => {
      setTimeout(() => sendJson(res, { late: true }), 600);
    });
    const e = await failure(client('mfl', { timeoutMs: 150 }).getJson(`${server.url}/x`));
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/^MFL did not answer in time/);
    expect(e.statusCode).toBe(502);
    expect(server.seen).toHaveLength(2);
  });

  it('recovers when a retry succeeds after a failure', async () => {
    server.handle((_req, res) =>
      server.seen.length < 3 ? sendJson(res, {}, 503) : sendJson(res, { ok: 1 }),
    );
    expect(await client('sleeper').getJson(`${server.url}/x`)).toEqual({ ok: 1 });
    expect(server.seen).toHaveLength(3);
  });

  it('calls an unreachable service unavailable', async () => {
    const e = await failure(client('sleeper').getJson('http://127.0.0.1:1/x'));
    expect(e.kind).toBe('unavailable');
  });

  it('calls a body that is not JSON unreadable', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    });
    const e = await failure(client('flea').getJson(`${server.url}/x`));
    expect(e.kind).toBe('unreadable');
    expect(e.message).toBe('Fleaflicker sent an answer we could not read');
  });

  it('spaces requests by the rate limit', async () => {
    // On the transport's clock, which the rate limit waits on: each sleep moves time on at once, and
    // the fetch notes when each request went out (a real server's arrival times jitter under load).
    let t = 0;
    const clock = {
      now: () => t,
      sleep: async (ms: number) => {
        t += Math.max(0, ms);
      },
    };
    const sentAt: number[] = [];
    const http = createServiceHttp({
      service: 'mfl',
      userAgent: 'dynasty-test/1.0',
      limits: { ...fast, requestsPerSecond: 10, burst: 1 },
      clock,
      fetch: async () => {
        sentAt.push(t);
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    await Promise.all(Array.from({ length: 5 }, () => http.getJson('http://mfl.test/x')));
    // One at once, then one every 100 ms.
    expect(sentAt).toEqual([0, 100, 200, 300, 400]);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    server.handle((_req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        sendJson(res, {});
      }, 60);
    });
    const http = client('flea', { concurrency: 2 });
    await Promise.all(Array.from({ length: 6 }, () => http.getJson(`${server.url}/x`)));
    expect(most).toBe(2);
    expect(server.seen).toHaveLength(6);
  });

  it('hands 3xx back when asked to, with its Location', async () => {
    server.handle((_req, res) => {
      res.writeHead(302, { location: '/elsewhere' });
      res.end();
    });
    const res = await client('mfl').send({ url: `${server.url}/x`, redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/elsewhere');
  });

  it.each(['sleeper', 'flea'] as const)(
    '%s: follows a redirect within the service’s site, never to another host',
    async (service) => {
      const other = server.url.replace('127.0.0.1', 'localhost');
      server.handle((req, res) => {
        if (req.url === '/moved') res.writeHead(301, { location: '/here' });
        else if (req.url === '/away') res.writeHead(302, { location: `${other}/there` });
        else if (req.url === '/loop') res.writeHead(302, { location: '/loop' });
        else return sendJson(res, { at: req.url });
        res.end();
      });
      expect(await client(service).getJson(`${server.url}/moved`)).toEqual({ at: '/here' });
      expect((await failure(client(service).send({ url: `${server.url}/away` }))).kind).toBe('unreadable');
      expect((await failure(client(service).send({ url: `${server.url}/loop` }))).kind).toBe('unreadable');
      expect(server.seen.map((r) => r.url)).not.toContain('/there');
      expect(server.seen.filter((r) => r.url === '/loop').length).toBeLessThanOrEqual(4);
    },
  );
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
    // Fractions too: the transport tests wait out a short one.
    expect(parseRetryAfter('0.3', 0)).toBe(300);
    expect(parseRetryAfter(null, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
  });
});

describe('token bucket', () => {
  it('lets a burst through, then paces, and pauses everyone', async () => {
    let t = 0;
    const slept: number[] = [];
    const clock = {
      now: () => t,
      sleep: async (ms: number) => {
        slept.push(ms);
        t += ms;
      },
    };
    const bucket = new TokenBucket(2, 2, clock);
    await bucket.take();
    await bucket.take();
    expect(t).toBe(0);
    await bucket.take();
    expect(t).toBe(500);
    bucket.pause(3000);
    await bucket.take();
    expect(t).toBeGreaterThanOrEqual(3500);
  });
});

describe('circuit breaker', () => {
  const hang = () =>
    server.handle(() => {
      /* never answers */
    });

  it('opens after repeated failures: calls then fail at once, until a trial call gets through', async () => {
    server.handle((_req, res) => sendJson(res, {}, 503));
    const events: string[] = [];
    const http = client('flea', {
      attempts: 1,
      breakAfter: 3,
      halfOpenAfterMs: 300,
      maxHalfOpenAfterMs: 300,
    });
    const withEvents = createServiceHttp({
      service: 'flea',
      userAgent: 'dynasty-test/1.0',
      limits: { ...fast, attempts: 1, breakAfter: 3, halfOpenAfterMs: 300, maxHalfOpenAfterMs: 300 },
      onCall: (e) => events.push(e.outcome),
    });
    for (let i = 0; i < 3; i++) await failure(withEvents.getJson(`${server.url}/x`));
    expect(withEvents.circuit()).toBe('open');
    const sent = server.seen.length;
    const started = performance.now();
    const e = await failure(withEvents.getJson(`${server.url}/x`));
    // Nothing was sent, and no wait for the half-open trial (300 ms): the breaker answered.
    expect(server.seen).toHaveLength(sent);
    expect(performance.now() - started).toBeLessThan(250);
    expect(e.kind).toBe('unavailable');
    expect(e.message).toBe('Fleaflicker is not available right now, try again later');
    expect(events).toEqual(['5xx', '5xx', '5xx', 'circuit-open']);

    // Later (300 ms) one trial call goes out; the service answers again, so the circuit closes.
    server.handle((_req, res) => sendJson(res, { ok: 1 }));
    await vi.waitFor(async () => expect(await withEvents.getJson(`${server.url}/x`)).toEqual({ ok: 1 }), {
      timeout: 3_000,
      interval: 50,
    });
    expect(withEvents.circuit()).toBe('closed');
    // Another client (another service) is not affected by this one's circuit.
    expect(await http.getJson(`${server.url}/x`)).toEqual({ ok: 1 });
  });

  it('a 500 is one request gone wrong, not an outage: the circuit stays closed', async () => {
    server.handle((_req, res) => sendJson(res, {}, 500));
    const http = client('flea', { attempts: 1, breakAfter: 2 });
    for (let i = 0; i < 4; i++) await failure(http.getJson(`${server.url}/x`));
    expect(http.circuit()).toBe('closed');
    expect(server.seen).toHaveLength(4);
  });

  it('a 404 or a 429 is an answer, not a failure of the service', async () => {
    server.handle((_req, res) => sendJson(res, {}, 404));
    const http = client('sleeper', { breakAfter: 2 });
    for (let i = 0; i < 4; i++) await failure(http.getJson(`${server.url}/x`));
    expect(http.circuit()).toBe('closed');
  });

  it('a service that stops answering costs the visitor one timeout, not one per request', async () => {
    hang();
    const outcomes: string[] = [];
    const http = createServiceHttp({
      service: 'mfl',
      userAgent: 'dynasty-test/1.0',
      limits: { ...fast, concurrency: 2, timeoutMs: 500, maxQueueWaitMs: 400, backoffMs: 100, breakAfter: 5 },
      onCall: (e) => outcomes.push(e.outcome),
    });
    const started = performance.now();
    // Ten leagues at once: two calls go out, eight wait for a turn.
    const errors = await Promise.all(
      Array.from({ length: 10 }, () => failure(http.getJson(`${server.url}/x`))),
    );
    const ms = performance.now() - started;
    // The two hung calls, and at most one more per slot: when their timeouts free the slots, a
    // waiting call may leave the queue in the instant before its own deadline (the same moment)
    // fires. A retry of each, or a queue moving on round by round, would send ten and take 2.5 s.
    expect(server.seen.length).toBeGreaterThanOrEqual(2);
    expect(server.seen.length).toBeLessThanOrEqual(4);
    expect(ms).toBeLessThan(1_500);
    expect(http.circuit()).toBe('open');
    for (const e of errors)
      expect(e.message).toMatch(/^MFL (is not available right now|did not answer in time)/);
    // The next page fails at once.
    const next = performance.now();
    const sent = server.seen.length;
    await failure(http.getJson(`${server.url}/x`));
    expect(server.seen).toHaveLength(sent);
    expect(performance.now() - next).toBeLessThan(250);
    expect(outcomes.filter((o) => o === 'timeout').length).toBeGreaterThanOrEqual(5);
    expect(outcomes.at(-1)).toBe('circuit-open');
  });
});

describe('circuit breakers and lanes', () => {
  /** A fetch whose every call waits until the test answers it: no network and no timing involved. */
  function heldFetch() {
    const calls: { url: string; answer(status: number): void }[] = [];
    const fetch = ((input: string | URL | Request) =>
      new Promise<Response>((resolve) => {
        calls.push({
          url: String(input),
          answer: (status) => resolve(new Response('{"ok":1}', { status })),
        });
      })) as typeof globalThis.fetch;
    /** Resolves once `n` calls have been sent. */
    const sent = async (n: number) => {
      for (let turns = 0; calls.length < n; turns++) {
        if (turns > 1000) throw new Error(`${calls.length} calls sent, not ${n}`);
        await new Promise((r) => setImmediate(r));
      }
    };
    return { fetch, calls, sent };
  }
  // Room for one visitor call and one background call at once; background work needs no quiet.
  const lanes: Partial<HttpLimits> = {
    ...fast,
    concurrency: 2,
    attempts: 1,
    breakAfter: 1,
    backgroundShare: 0.5,
    backgroundQuietMs: 0,
    maxQueueWaitMs: 60_000,
  };

  it("the crawl's breaker opening fails none of the visitors' calls waiting in the shared queue", async () => {
    const { fetch, calls, sent } = heldFetch();
    const egress = new Egress({ limits: { sleeper: lanes } });
    const opts = { service: 'sleeper' as const, userAgent: 'dynasty-test/1.0', limits: lanes, fetch, egress };
    const site = createServiceHttp(opts);
    const crawl = createServiceHttp({ ...opts, priority: 'background' });

    const background = crawl.getJson('https://sleeper.test/crawl').catch((e) => e);
    await sent(1);
    const first = site.getJson('https://sleeper.test/first', { visitor: 'a' });
    await sent(2);
    // Both places are taken: this visitor's call waits in the queue.
    const waiting = site.getJson('https://sleeper.test/waiting', { visitor: 'b' }).catch((e) => e);
    await new Promise((r) => setImmediate(r));
    expect(egress.queue('sleeper').waiting).toBe(1);

    // The crawl's call fails as an outage would (503): the crawl's breaker opens.
    calls[0].answer(503);
    expect(await background).toBeInstanceOf(LeagueServiceError);
    expect(crawl.circuit('background')).toBe('open');
    // The visitor's call was not failed with it: it takes the place the crawl's call left.
    await sent(3);
    expect(calls[2].url).toBe('https://sleeper.test/waiting');
    calls[1].answer(200);
    calls[2].answer(200);
    expect(await first).toEqual({ ok: 1 });
    expect(await waiting).toEqual({ ok: 1 });
    expect(site.circuit()).toBe('closed');
  });

  it("background calls' failures never open the breaker that visitors' calls go through", async () => {
    const { fetch, calls, sent } = heldFetch();
    const site = createServiceHttp({ service: 'mfl', userAgent: 'dynasty-test/1.0', limits: lanes, fetch });
    // Background work done with the visitors' client (the import of a visitor's leagues).
    const imported = site.getJson('https://mfl.test/import', { priority: 'background' }).catch((e) => e);
    await sent(1);
    calls[0].answer(504);
    expect(await imported).toBeInstanceOf(LeagueServiceError);
    expect(site.circuit('background')).toBe('open');
    expect(site.circuit('visitor')).toBe('closed');

    const visitor = site.getJson('https://mfl.test/visitor', { visitor: 'a' });
    await sent(2);
    calls[1].answer(200);
    expect(await visitor).toEqual({ ok: 1 });
    // While open, the background lane still refuses at once without sending.
    const refused = await site.getJson('https://mfl.test/again', { priority: 'background' }).catch((e) => e);
    expect(refused).toBeInstanceOf(LeagueServiceError);
    expect((refused as LeagueServiceError).kind).toBe('unavailable');
    expect(calls).toHaveLength(2);
  });
});

describe('the queue for a turn', () => {
  const slowOk = (ms: number) =>
    server.handle((_req, res) => {
      setTimeout(() => sendJson(res, { ok: 1 }), ms);
    });

  it('counts the timeout from the moment of asking, not from leaving the queue', async () => {
    slowOk(300);
    const http = client('flea', { concurrency: 1, timeoutMs: 500, attempts: 1, maxQueueWaitMs: 5_000 });
    const first = http.getJson(`${server.url}/a`);
    const started = performance.now();
    // Waits 300 ms for the first call, then would need 300 ms more: past its 500 ms, which end
    // 500 ms after asking (counted from leaving the queue, it would be answered at 600 ms).
    const e = await failure(http.getJson(`${server.url}/b`));
    expect(e.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1_000);
    await first;
  });

  it('refuses at once, with 503 and Retry-After, a request whose wait would be too long', async () => {
    slowOk(20);
    const outcomes: string[] = [];
    const http = createServiceHttp({
      service: 'sleeper',
      userAgent: 'dynasty-test/1.0',
      limits: { ...fast, requestsPerSecond: 10, burst: 1, maxQueueWaitMs: 500 },
      onCall: (e) => outcomes.push(e.outcome),
    });
    const calls = Array.from({ length: 12 }, () =>
      http.getJson(`${server.url}/x`).then(
        () => 'ok',
        (e) => e,
      ),
    );
    const results = await Promise.all(calls);
    const refused = results.filter((r): r is LeagueServiceError => r instanceof LeagueServiceError);
    // 100 ms a turn and 500 ms of queue: the first six go (one at once, five waiting), the rest are refused.
    expect(results.filter((r) => r === 'ok').length).toBe(6);
    expect(refused).toHaveLength(6);
    expect(refused[0].statusCode).toBe(503);
    expect(refused[0].message).toBe('Sleeper is busy right now, try again shortly');
    expect(refused[0].retryAfterMs).toBeGreaterThanOrEqual(1000);
    expect(outcomes.filter((o) => o === 'queue-full')).toHaveLength(6);
    expect(server.seen).toHaveLength(6);
  });

  it('serves visitors in turn: one visitor’s sixty requests do not hold up another’s', async () => {
    slowOk(5);
    const http = client('sleeper', {
      requestsPerSecond: 50,
      burst: 1,
      concurrency: 4,
      maxQueueWaitMs: 5_000,
    });
    const flood = Array.from({ length: 60 }, (_, i) =>
      http.getJson(`${server.url}/flood/${i}`, { visitor: 'forged' }).catch((e) => e),
    );
    // The flood is under way: its first requests have reached the service.
    await vi.waitFor(() => expect(server.seen.length).toBeGreaterThan(0));
    const started = performance.now();
    await http.getJson(`${server.url}/mine`, { visitor: 'someone' });
    const waited = performance.now() - started;
    // At 20 ms a turn the flood takes over a second; the other visitor waits about one turn.
    expect(waited).toBeLessThan(400);
    const before = server.seen.findIndex((s) => s.path === '/mine');
    expect(before).toBeLessThan(8);
    await Promise.all(flood);
  });

  it('keeps background work to its share of the rate, behind every visitor', async () => {
    slowOk(1);
    const http = client('mfl', { requestsPerSecond: 40, burst: 1, concurrency: 4, backgroundShare: 0.25 });
    const background = Array.from({ length: 5 }, (_, i) =>
      http.getJson(`${server.url}/bg/${i}`, { priority: 'background' }),
    );
    // The background calls are queued (the first may have gone) before the visitors ask.
    await vi.waitFor(() => expect(server.seen.length).toBeGreaterThan(0));
    const visitors = Array.from({ length: 5 }, (_, i) =>
      http.getJson(`${server.url}/v/${i}`, { visitor: 'v' }),
    );
    await Promise.all([...background, ...visitors]);
    const order = server.seen.map((s) => s.path.split('/')[1]);
    // At most the first background call went before the visitors arrived; then every visitor first.
    expect(order.slice(0, 6).filter((p) => p === 'v')).toHaveLength(5);
    const bg = server.seen.filter((s) => s.path.startsWith('/bg/')).map((s) => s.at);
    // A quarter of 40/s: background calls ~100 ms apart (the span, as one connection may open late).
    expect(bg.at(-1)! - bg[0]).toBeGreaterThanOrEqual(350);
  });

  /** The visitors' client and a crawl's, sending to MFL through one egress. */
  const siteAndCrawl = (limits: Partial<HttpLimits>) => {
    const egress = new Egress({ limits: { mfl: limits } });
    const make = (priority?: 'background') =>
      createServiceHttp({ service: 'mfl', userAgent: 'dynasty-test/1.0', limits, egress, priority });
    return { site: make(), crawl: make('background') };
  };

  it("a crawl's client sending through the same egress waits for the quiet between a visitor's calls", async () => {
    slowOk(20);
    const limits = { ...fast, requestsPerSecond: 20, burst: 1, concurrency: 2, backgroundQuietMs: 300 };
    // A visitor's calls one after another, each asked a moment after the last one's answer (the
    // site reads it and works out what to ask next).
    const visitorCalls = async (site: ReturnType<typeof siteAndCrawl>['site'], from: number) => {
      const started = performance.now();
      for (let i = from; i < from + 8; i++) {
        await site.getJson(`${server.url}/v/${i}`, { visitor: 'v' });
        await new Promise((r) => setTimeout(r, 60));
      }
      return performance.now() - started;
    };
    // The same calls with no crawl at all, on this machine as loaded as it is now.
    const aloneMs = await visitorCalls(siteAndCrawl(limits).site, 100);
    server.seen.length = 0;
    const { site, crawl } = siteAndCrawl(limits);
    const background = Array.from({ length: 20 }, (_, i) => crawl.getJson(`${server.url}/bg/${i}`));
    // The crawl is under way before the visitor comes.
    await vi.waitFor(() => expect(server.seen.length).toBeGreaterThan(0));
    const visitorMs = await visitorCalls(site, 0);
    await Promise.all(background);
    const seen = server.seen.map((s) => s.path.split('/')[1]);
    const first = seen.indexOf('v');
    const last = seen.lastIndexOf('v');
    // Only background calls already out when the visitor came can come between; none after that.
    expect(seen.slice(first, last + 1).filter((p) => p === 'bg')).toEqual([]);
    // 8 calls of 20 ms, each followed by 60 ms of work: about 650 ms, about as long as with no crawl
    // (waiting behind the crawl's calls would add some 100 ms a call; the queue's rule itself is
    // timed on a fake clock in fair-queue.test.ts).
    expect(visitorMs).toBeLessThan(aloneMs + 400);
  });

  it("a crawl kept waiting past its longest wait goes out between a busy visitor's calls, never before one", async () => {
    slowOk(20);
    const limits = {
      ...fast,
      requestsPerSecond: 20,
      burst: 1,
      concurrency: 2,
      backgroundQuietMs: 300,
      backgroundMaxWaitMs: 400,
    };
    const { site, crawl } = siteAndCrawl(limits);
    // The visitor never leaves the service quiet: a call every 80 ms or so for 2 s.
    let busy = true;
    const visitor = (async () => {
      for (let i = 0; busy; i++) {
        await site.getJson(`${server.url}/v/${i}`, { visitor: 'v' });
        await new Promise((r) => setTimeout(r, 60));
      }
    })();
    await vi.waitFor(() => expect(server.seen.length).toBeGreaterThan(0));
    // One crawl worker: each call asked when the last one is answered. It ends only if its calls go
    // out while the visitor keeps the service busy (never quiet, they would wait for ever).
    const started = performance.now();
    for (let i = 0; i < 3; i++) await crawl.getJson(`${server.url}/bg/${i}`);
    const crawlMs = performance.now() - started;
    // The visitor was still at it: a call of theirs comes after the crawl's last.
    const lastCrawl = server.seen.filter((x) => x.path.startsWith('/bg/')).at(-1)!.at;
    await vi.waitFor(() =>
      expect(server.seen.some((x) => x.path.startsWith('/v/') && x.at > lastCrawl)).toBe(true),
    );
    busy = false;
    await visitor;
    // About one background call per 400 ms wait.
    expect(crawlMs).toBeGreaterThanOrEqual(3 * 300);
    const busyUntil = server.seen.filter((s) => s.path.startsWith('/v/')).at(-1)!.at;
    expect(server.seen.filter((s) => s.path.startsWith('/bg/') && s.at < busyUntil)).toHaveLength(3);
  });

  it('tells onCall about each call: outcome, path without the query, time', async () => {
    const events: { outcome: string; path: string; ms: number }[] = [];
    const http = createServiceHttp({
      service: 'flea',
      userAgent: 'dynasty-test/1.0',
      // Long enough that the calls which do answer never run out of time on a loaded machine.
      limits: { ...fast, attempts: 1, timeoutMs: 1_000 },
      onCall: (e) => events.push(e),
    });
    server.handle((req, res) => {
      if (req.path === '/ok') return sendJson(res, {});
      if (req.path === '/busy') return sendJson(res, {}, 429, { 'retry-after': '60' });
      if (req.path === '/broken') return sendJson(res, {}, 503);
      if (req.path === '/gone') return sendJson(res, {}, 404);
      // '/slow' never answers
    });
    await http.getJson(`${server.url}/ok?email=someone@example.test`);
    for (const p of ['busy', 'broken', 'gone', 'slow']) await failure(http.getJson(`${server.url}/${p}`));
    await failure(http.getJson('http://127.0.0.1:1/refused'));
    expect(events.map((e) => [e.path, e.outcome])).toEqual([
      ['/ok', 'ok'],
      ['/busy', '429'],
      ['/broken', '5xx'],
      ['/gone', 'error'],
      ['/slow', 'timeout'],
      ['/refused', 'error'],
    ]);
    expect(events[4].ms).toBeGreaterThanOrEqual(995);
  });
});
