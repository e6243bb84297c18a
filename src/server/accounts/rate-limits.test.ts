import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ATTEMPTS_PER_MINUTE, LOGIN_FAILURES_PER_ACCOUNT } from '#common/users.ts';
import type { Database } from '#server/db/client.ts';
import {
  freshAddress,
  knownBrowserCookie,
  login,
  sessionSetCookie,
  signup,
  uniqueEmail,
} from '#test/accounts.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { openTestDatabase, testDbKind } from '#test/database.ts';
import { readyRedis } from '#test/redis.ts';

// One database for the file: every test makes its own users and addresses.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe(`log-in and sign-up limits (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({}, { database });
  });
  afterAll(() => t.close());

  it(`allows ${AUTH_ATTEMPTS_PER_MINUTE} log-ins a minute per client address, then answers 429`, async () => {
    const address = freshAddress();
    for (let i = 0; i < AUTH_ATTEMPTS_PER_MINUTE; i++) {
      // A different e-mail each time, so only the per-address limit is in play.
      const res = await login(t, uniqueEmail('spray'), 'wrong password', { remoteAddress: address });
      expect(res.statusCode).toBe(401);
    }
    const limited = await login(t, uniqueEmail('spray'), 'wrong password', { remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await login(t, uniqueEmail('spray'), 'wrong password')).statusCode).toBe(401);
  });

  it(`allows ${AUTH_ATTEMPTS_PER_MINUTE} sign-ups a minute per client address`, async () => {
    const address = freshAddress();
    for (let i = 0; i < AUTH_ATTEMPTS_PER_MINUTE; i++) {
      const res = await signup(
        t,
        { name: 'Bulk', username: uniqueEmail('bulk'), password: 'long-enough' },
        { remoteAddress: address },
      );
      expect(res.statusCode).toBe(200);
    }
    const limited = await signup(
      t,
      { name: 'Bulk', username: uniqueEmail('bulk'), password: 'long-enough' },
      { remoteAddress: address },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many attempts/);
    expect(sessionSetCookie(limited)).toBeUndefined();
  });

  it(`gives guessers spread over fresh networks ${LOGIN_FAILURES_PER_ACCOUNT} tries at an account in all, not one per network`, async () => {
    const email = uniqueEmail('target');
    await t.userWithRole('user', { email, password: 'the-right-password' });
    const guessers = Array.from({ length: LOGIN_FAILURES_PER_ACCOUNT + 3 }, () => freshAddress());
    const answers = [];
    for (const [i, address] of guessers.entries())
      answers.push((await login(t, email, `guess ${i}`, { remoteAddress: address })).statusCode);
    expect(answers).toEqual([...Array(LOGIN_FAILURES_PER_ACCOUNT).fill(401), 429, 429, 429]);
    // A browser the account has never logged in from is refused, even with the right password.
    const locked = await login(t, email, 'the-right-password');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(
      'Too many attempts for this account. Please wait 15 minutes, or use a browser you have logged in with before.',
    );
    expect(sessionSetCookie(locked)).toBeUndefined();
    // Other accounts still log in, from the guessers' networks too.
    const other = uniqueEmail('bystander');
    await t.userWithRole('user', { email: other, password: 'the-right-password' });
    expect((await login(t, other, 'the-right-password', { remoteAddress: guessers[0] })).statusCode).toBe(
      200,
    );
  });

  it("does not lock the owner's browser out, even from the guessers' own network", async () => {
    const email = uniqueEmail('superuser');
    await t.userWithRole('superuser', { email, password: 'the-right-password' });
    const home = freshAddress();
    const browser = knownBrowserCookie(await login(t, email, 'the-right-password', { remoteAddress: home }));
    // Someone behind the same address, and from many others, spends the account's failures.
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      expect((await login(t, email, `guess ${i}`, { remoteAddress: home })).statusCode).toBe(401);
    expect((await login(t, email, 'the-right-password', { remoteAddress: home })).statusCode).toBe(429);
    // The owner's browser, which has logged in before, still gets in.
    const res = await login(t, email, 'the-right-password', { remoteAddress: home, cookie: browser });
    expect(res.statusCode).toBe(200);
    expect(sessionSetCookie(res)).toBeDefined();
    // A mark for another account, or a forged one, counts as no mark.
    const other = uniqueEmail('other');
    await t.userWithRole('user', { email: other, password: 'the-right-password' });
    const otherMark = knownBrowserCookie(await login(t, other, 'the-right-password'));
    expect((await login(t, email, 'the-right-password', { cookie: otherMark })).statusCode).toBe(429);
    const [id] = browser.split('=')[1].split('.');
    const forged = `${browser.split('=')[0]}=${id}.${'A'.repeat(22)}`;
    expect((await login(t, email, 'the-right-password', { cookie: forged })).statusCode).toBe(429);
    // The owner's browser has a budget of its own: its own mistakes are what can close it.
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      expect((await login(t, email, `typo ${i}`, { cookie: browser })).statusCode).toBe(401);
    const typos = await login(t, email, 'the-right-password', { cookie: browser });
    expect(typos.statusCode).toBe(429);
    expect(typos.json().error).toBe(
      'Too many attempts for this account. Please wait 15 minutes and try again.',
    );
  });

  it('counts failures for unknown e-mails the same way, so the lock reveals nothing', async () => {
    const ghost = uniqueEmail('ghost');
    const address = freshAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      await login(t, ghost, 'guess', { remoteAddress: address });
    const res = await login(t, ghost.toUpperCase(), 'guess', { remoteAddress: address });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/^Too many attempts for this account/);
  });

  it('does not count successful log-ins as failures', async () => {
    const email = uniqueEmail('regular');
    await t.userWithRole('user', { email, password: 'the-right-password' });
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT + 2; i++)
      expect((await login(t, email, 'the-right-password')).statusCode).toBe(200);
  });
});

describe(`a server with its own per-address limit (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ AUTH_ATTEMPTS_PER_MINUTE: String(AUTH_ATTEMPTS_PER_MINUTE + 5) }, { database });
  });
  afterAll(() => t.close());

  it('takes AUTH_ATTEMPTS_PER_MINUTE log-ins a minute from one address', async () => {
    const address = freshAddress();
    for (let i = 0; i < AUTH_ATTEMPTS_PER_MINUTE + 5; i++)
      expect(
        (await login(t, uniqueEmail('raised'), 'wrong password', { remoteAddress: address })).statusCode,
      ).toBe(401);
    expect(
      (await login(t, uniqueEmail('raised'), 'wrong password', { remoteAddress: address })).statusCode,
    ).toBe(429);
  });
});

// With REDIS_URL the limits live in Redis, so two copies of the server count together.
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)(`log-in limits shared through Redis (${testDbKind})`, () => {
  const apps: FastifyInstance[] = [];
  const redises: Redis[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const redis = await readyRedis(redisUrl!);
      redises.push(redis);
      apps.push((await makeTestApp({}, { database, redis })).app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const r of redises) r.disconnect();
  });

  const attempt = (i: number, username: string, remoteAddress: string) =>
    apps[i % 2].inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: 'wrong password' },
      remoteAddress,
    });

  it('counts per-account failures across server copies', async () => {
    const email = uniqueEmail('shared');
    const address = freshAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      expect((await attempt(i, email, address)).statusCode).toBe(401);
    // Whichever copy gets the next attempt from that address, the account is closed to it.
    expect((await attempt(0, email, address)).statusCode).toBe(429);
    expect((await attempt(1, email, address)).statusCode).toBe(429);
  });

  it('counts per-address attempts across server copies', async () => {
    // A random address, so reruns within the minute do not see the last run's count.
    const address = `172.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < AUTH_ATTEMPTS_PER_MINUTE; i++)
      expect((await attempt(i, uniqueEmail('spread'), address)).statusCode).toBe(401);
    expect((await attempt(0, uniqueEmail('spread'), address)).statusCode).toBe(429);
  });
});

// One /64 holds 2^64 addresses: rotating through them must buy no more tries than one address.
let network = 0;
/** A fresh IPv6 /64 of the documentation range, and an address inside it per call of `at`. */
const freshNetwork = () => {
  network += 1;
  const prefix = `2001:db8:${(Date.now() % 0xffff).toString(16)}:${network.toString(16)}`;
  let host = 0;
  return { prefix, at: () => `${prefix}::${(++host).toString(16)}` };
};

describe(`IPv6 clients counted per network (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({}, { database });
  });
  afterAll(() => t.close());

  it('takes addresses of one /64 as one client for the per-address log-in limit', async () => {
    const net = freshNetwork();
    for (let i = 0; i < AUTH_ATTEMPTS_PER_MINUTE; i++)
      expect(
        (await login(t, uniqueEmail('v6'), 'wrong password', { remoteAddress: net.at() })).statusCode,
      ).toBe(401);
    expect(
      (await login(t, uniqueEmail('v6'), 'wrong password', { remoteAddress: net.at() })).statusCode,
    ).toBe(429);
    // The next /64 is someone else.
    const other = freshNetwork();
    expect(
      (await login(t, uniqueEmail('v6'), 'wrong password', { remoteAddress: other.at() })).statusCode,
    ).toBe(401);
  });

  it('gives a /64 that failed on a locked account no more tries, whatever address it comes from', async () => {
    const email = uniqueEmail('v6-target');
    await t.userWithRole('user', { email, password: 'the-right-password' });
    const owner = freshNetwork();
    const browser = knownBrowserCookie(
      await login(t, email, 'the-right-password', { remoteAddress: owner.at() }),
    );
    const guesser = freshNetwork();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      expect((await login(t, email, `guess ${i}`, { remoteAddress: guesser.at() })).statusCode).toBe(401);
    // Forty more addresses of the same /64: each one used to get a fresh guess on the locked account.
    const more = [];
    for (let i = 0; i < 40; i++)
      more.push((await login(t, email, `more ${i}`, { remoteAddress: guesser.at() })).statusCode);
    expect(more.filter((s) => s !== 429)).toEqual([]);
    // And so does every other network, while the owner's browser still gets in.
    expect(
      (await login(t, email, 'the-right-password', { remoteAddress: freshNetwork().at() })).statusCode,
    ).toBe(429);
    expect(
      (await login(t, email, 'the-right-password', { remoteAddress: owner.at(), cookie: browser }))
        .statusCode,
    ).toBe(200);
  });
});

describe(`CLIENT_IPV6_PREFIX sets the size of a client network (${testDbKind})`, () => {
  let wide: TestApp;
  let single: TestApp;
  beforeAll(async () => {
    wide = await makeTestApp({ CLIENT_IPV6_PREFIX: '48' }, { database });
    single = await makeTestApp({ CLIENT_IPV6_PREFIX: '128' }, { database });
  });
  afterAll(async () => {
    await wide.close();
    await single.close();
  });

  it('48: addresses in different /64s of one /48 count together', async () => {
    const base = `2001:db8:${(0x4000 + (Date.now() % 0x3fff)).toString(16)}`;
    const at = (i: number) => `${base}:${i.toString(16)}::1`;
    for (let i = 0; i < AUTH_ATTEMPTS_PER_MINUTE; i++)
      expect(
        (await login(wide, uniqueEmail('v48'), 'wrong password', { remoteAddress: at(i) })).statusCode,
      ).toBe(401);
    expect(
      (await login(wide, uniqueEmail('v48'), 'wrong password', { remoteAddress: at(0xfff) })).statusCode,
    ).toBe(429);
  });

  it('128: every IPv6 address counts alone', async () => {
    const net = freshNetwork();
    for (let i = 0; i <= AUTH_ATTEMPTS_PER_MINUTE + 2; i++)
      expect(
        (await login(single, uniqueEmail('v128'), 'wrong password', { remoteAddress: net.at() })).statusCode,
      ).toBe(401);
  });
});
