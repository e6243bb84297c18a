import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LeagueServiceError } from './errors.ts';
import { createServiceHttp, type HttpLimits, parseRetryAfter } from './http.ts';
import { TokenBucket } from './rate-limit.ts';
import { sendJson, startTestServer, type TestServer } from './test-server.ts';

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
  it('sends the User-Agent and answers JSON', async () => {
    server.handle((_req, res) => sendJson(res, { ok: 1 }));
    expect(await client('sleeper').getJson(`${server.url}/x`)).toEqual({ ok: 1 });
    expect(server.seen[0].headers['user-agent']).toBe('dynasty-test/1.0');
  });

  it('honours 429 with Retry-After, then succeeds', async () => {
    server.handle((_req, res) =>
      server.seen.length === 1
        ? sendJson(res, { slow: 'down' }, 429, { 'retry-after': '1' })
        : sendJson(res, { ok: 1 }),
    );
    const started = performance.now();
    expect(await client('mfl').getJson(`${server.url}/x`)).toEqual({ ok: 1 });
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1].at - server.seen[0].at).toBeGreaterThanOrEqual(950);
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it('a 429 pauses every request to the service, not just the one refused', async () => {
    server.handle((req, res) =>
      req.path === '/first' && server.seen.filter((s) => s.path === '/first').length === 1
        ? sendJson(res, {}, 429, { 'retry-after': '1' })
        : sendJson(res, {}),
    );
    const http = client('sleeper');
    const first = http.getJson(`${server.url}/first`);
    await new Promise((r) => setTimeout(r, 100));
    await http.getJson(`${server.url}/second`);
    await first;
    const second = server.seen.find((s) => s.path === '/second');
    expect(second!.at - server.seen[0].at).toBeGreaterThanOrEqual(950);
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
    const started = performance.now();
    const e = await failure(client('mfl', { timeoutMs: 150 }).getJson(`${server.url}/x`));
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/^MFL did not answer in time/);
    expect(e.statusCode).toBe(502);
    expect(server.seen).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(1000);
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
    server.handle((_req, res) => sendJson(res, {}));
    const http = client('mfl', { requestsPerSecond: 10, burst: 1 });
    await Promise.all(Array.from({ length: 5 }, () => http.getJson(`${server.url}/x`)));
    const times = server.seen.map((s) => s.at);
    expect(times[4] - times[0]).toBeGreaterThanOrEqual(370);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(70);
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
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
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
