import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ATTEMPTS_PER_MINUTE } from '#common/users.ts';
import { uniqueEmail } from '#test/accounts.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { openTestDatabase, testDbKind } from '#test/database.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { type HttpTimeouts, timeoutOptions } from './timeouts.ts';

// One database for the file's apps: no test here depends on what another wrote.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const setCookies = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []) as string[];
};

describe('TRUST_PROXY names hops or proxies, never everyone', () => {
  it('reads a hop count or a list of addresses and refuses "true"', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(typeof loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe('function');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it.each([
    'TRUE',
    'True',
    'yes',
    '0.0.0.0/0',
    '::/0',
    '0.0.0.0/1,128.0.0.0/1',
    '10.0.0.0/7',
    '::ffff:0:0/96',
    '::ffff:0.0.0.0/96',
    '::FFFF:10.0.0.0/100',
    '::/80',
    '::/8',
    '99',
    '6',
    '-1',
    '1.5',
    '10.0.0.1,',
    '300.1.1.1',
    '10.0.0.0/33',
    'proxy.internal',
    'Everyone',
  ])('refuses %j at start, naming the forms it accepts', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: .*Write 0 \(no proxy.*number of proxies.*CIDR ranges.*"everyone"/,
    );
  });

  it('takes hop counts up to 5, addresses, ranges and range names; everyone only in that word', () => {
    const hops = loadConfig({ TRUST_PROXY: ' 5 ' }).trustProxy as (a: string, hop: number) => boolean;
    expect([hops('x', 4), hops('x', 5)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 172.16.0.0/12, fd00::/8, ::1' }).trustProxy).toEqual([
      'loopback',
      '172.16.0.0/12',
      'fd00::/8',
      '::1',
    ]);
    // An IPv4-mapped range is as wide as the IPv4 addresses it holds.
    expect(loadConfig({ TRUST_PROXY: '::ffff:10.0.0.0/104' }).trustProxy).toEqual(['::ffff:10.0.0.0/104']);
    expect(loadConfig({ TRUST_PROXY: 'everyone' }).trustProxy).toBe(true);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  for (const setting of ['1', '127.0.0.1']) {
    it(`with TRUST_PROXY=${setting} a client cannot pick its own address through X-Forwarded-For (${testDbKind})`, async () => {
      const t = await makeTestApp({ TRUST_PROXY: setting }, { database });
      try {
        // The proxy (127.0.0.1) appends the real client 203.0.113.7 to whatever the client sent.
        const attempt = (i: number) =>
          t.request({
            method: 'POST',
            url: '/api/login',
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
            payload: { username: uniqueEmail('proxy'), password: 'wrong password' },
          });
        for (let i = 0; i < AUTH_ATTEMPTS_PER_MINUTE; i++) expect((await attempt(i)).statusCode).toBe(401);
        expect((await attempt(99)).statusCode).toBe(429);
      } finally {
        await t.close();
      }
    });
  }
});

describe(`requests over HTTPS, odd paths, foreign hosts, personal answers (${testDbKind})`, () => {
  let t: TestApp;
  let sim: Sim;
  const clientDir = mkdtempSync(join(tmpdir(), 'dynasty-hardening-'));
  beforeAll(async () => {
    sim = await startSim();
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(
      join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>x</title><!--app-head--></head><body></body></html>',
    );
    t = await makeTestApp({ ...sim.env, TRUST_PROXY: '1' }, { clientDir, database });
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('sets league cookies Secure when the request came over HTTPS through the proxy', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/sleeper/connect',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username: 'dynastydemo' },
    });
    expect(res.statusCode).toBe(200);
    const cookies = setCookies(res).filter((c) => c.startsWith('SLEEPER_'));
    expect(cookies).toHaveLength(2);
    for (const c of cookies) expect(c).toMatch(/;\s*Secure/i);
    const plain = await t.request({
      method: 'POST',
      url: '/api/sleeper/connect',
      payload: { username: 'dynastydemo' },
    });
    for (const c of setCookies(plain)) expect(c).not.toMatch(/;\s*Secure/i);
    const out = await t.request({
      method: 'POST',
      url: '/api/sleeper/logout',
      headers: { 'x-forwarded-proto': 'https' },
    });
    for (const c of setCookies(out)) expect(c).toMatch(/;\s*Secure/i);
  });

  it('guards /%61pi/... as the API it is routed to: CSRF check and current user', async () => {
    const crossSite = await t.request({
      method: 'POST',
      url: '/%61pi/logout',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(crossSite.statusCode).toBe(403);
    const { user, cookie } = await t.userWithRole('user');
    const me = await t.request({ method: 'GET', url: '/%61pi/users/currentUser', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('never names a Host it was not told about in canonical, og:url, RSS, sitemap and robots.txt', async () => {
    const headers = { host: 'evil.example' };
    const page = await t.request({ method: 'GET', url: '/articles', headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/articles">/);
    for (const url of ['/', '/articles', '/rss.xml', '/sitemap.xml', '/robots.txt']) {
      const res = await t.request({ method: 'GET', url, headers });
      expect(res.body, url).not.toContain('evil.example');
    }
    // A local run keeps its own address.
    const local = await t.request({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: '127.0.0.1:3000' },
    });
    expect(local.body).toContain('<loc>http://127.0.0.1:3000/</loc>');
  });

  it('sends no-store on every answer that depends on a cookie', async () => {
    const connect = await t.request({
      method: 'POST',
      url: '/api/sleeper/connect',
      payload: { username: 'dynastydemo' },
    });
    const cookie = setCookies(connect)
      .map((c) => c.split(';')[0])
      .join('; ');
    const { cookie: session } = await t.userWithRole('user');
    for (const [url, c] of [
      ['/api/sleeper/leagues', cookie],
      ['/api/connections', cookie],
      ['/api/mfl/leagues', undefined],
      ['/api/flea/leagues', undefined],
      ['/api/users/currentUser', session],
    ] as const) {
      const res = await t.request({ method: 'GET', url, cookie: c });
      expect(res.headers['cache-control'], `${url} ${res.statusCode}`).toBe('no-store');
    }
    // Public answers keep their own policy.
    const articles = await t.request({ method: 'GET', url: '/api/articles' });
    expect(articles.headers['cache-control']).toBe('no-cache');
  });
});

describe('ALLOWED_HOSTS', () => {
  it('keeps an allowed Host and puts the first allowed one in place of any other', async () => {
    const t = await makeTestApp({ ALLOWED_HOSTS: 'dynasty.example, www.dynasty.example' }, { database });
    try {
      const www = await t.request({
        method: 'GET',
        url: '/sitemap.xml',
        headers: { host: 'www.dynasty.example' },
      });
      expect(www.body).toContain('<loc>http://www.dynasty.example/</loc>');
      const evil = await t.request({ method: 'GET', url: '/rss.xml', headers: { host: 'evil.example' } });
      expect(evil.body).toContain('<link>http://dynasty.example/</link>');
      expect(evil.body).not.toContain('evil.example');
    } finally {
      await t.close();
    }
  });
});

/*
 * A client that sends its request slowly is cut off once the request has taken its time, whatever
 * it still trickles; an answer that takes long (the league tools' streamed lines) is not. The times
 * are the production ones scaled down: these tests run on real sockets and Node's own timers.
 */
const SHORT: HttpTimeouts = {
  headersMs: 400,
  requestMs: 800,
  idleMs: 2_500,
  keepAliveMs: 1_000,
  checkEveryMs: 100,
};
/** Past this a connection counts as held without end (the test stops waiting). */
const GIVE_UP_MS = 4_000;

/** Opens a raw connection, sends head, then one more `drip` every 100 ms until the server closes it. */
function trickle(port: number, head: string, drip: string) {
  return new Promise<{ ms: number; answer: string }>((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    socket.write(head);
    const dripping = setInterval(() => socket.writable && socket.write(drip), 100);
    const giveUp = setTimeout(() => socket.destroy(), GIVE_UP_MS);
    socket.on('close', () => {
      clearInterval(dripping);
      clearTimeout(giveUp);
      resolve({ ms: performance.now() - started, answer });
    });
  });
}

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await makeTestApp({}, { database, httpTimeouts: SHORT });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('are cut off with a 408 once their body has taken the request time, however they trickle', async () => {
    const { ms, answer } = await trickle(
      port,
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n{',
      ' ',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(SHORT.requestMs - 50);
    expect(ms).toBeLessThan(SHORT.requestMs + 10 * SHORT.checkEveryMs);
  });

  it('are cut off once their headers have taken the headers time', async () => {
    const { ms, answer } = await trickle(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(SHORT.headersMs + 10 * SHORT.checkEveryMs);
  });
});

describe('a long answer', () => {
  it('streams past the request time, quiet for longer than it, to its end', async () => {
    const app = Fastify(timeoutOptions(SHORT));
    // A line, a quiet longer than the request time (a slow league), then the rest.
    app.get('/stream', async (_req, reply) => {
      async function* lines() {
        yield '{"n":1}\n';
        await new Promise((resolve) => setTimeout(resolve, SHORT.requestMs * 1.5));
        for (let n = 2; n <= 4; n++) yield `{"n":${n}}\n`;
      }
      return reply.type('application/x-ndjson').send(Readable.from(lines()));
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${address}/stream`);
      expect((await res.text()).trim().split('\n')).toEqual(['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}']);
    } finally {
      await app.close();
    }
  });
});
