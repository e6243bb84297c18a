import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, sessionCookie, uniqueEmail } from '#test/accounts.ts';
import { TEST_COOKIE_SECRET } from '#test/app.ts';
import { openTestDatabase, testDbKind } from '#test/database.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { buildApp } from '../app.ts';
import { memoryCache } from '../cache.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { leagueServicesFor } from '../runtime.ts';
import { loggerOptions, safeError, scrubText, skipRequestLines } from './logging.ts';

/*
 * The server's own logger settings, on the real app: after log-ins, sign-ups, a password change,
 * requests carrying cookies and a bearer token, and a database write that fails (its parameters hold
 * an argon2 hash), the captured log holds none of those secrets, while the failure is still logged.
 */

describe(`the log keeps no secrets (${testDbKind})`, () => {
  let app: FastifyInstance;
  let database: Database;
  const log: string[] = [];

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      // Every request's lines, which carry its headers: the place a secret would leak.
      LOG_REQUESTS: '1',
      METRICS_TOKEN: 'metrics-token-secret-0123',
    });
    const cache = memoryCache();
    database = await openTestDatabase();
    app = await buildApp({
      config,
      database,
      cache,
      services: leagueServicesFor(config, cache),
      cookieSecret: TEST_COOKIE_SECRET,
      logger: { ...loggerOptions('debug'), stream: { write: (line: string) => void log.push(line) } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('holds no password, hash, cookie, token or SQL parameter', async () => {
    const secrets: string[] = [];
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshAddress() });

    // A log-in that works and one that does not.
    const email = uniqueEmail('logged');
    const password = 'Secret-Password-One-7781';
    await database.db
      .insert(users)
      .values({ name: 'Logged', email, passwordHash: await hashPassword(password) });
    const ok = await post('/api/login', { username: email, password });
    expect(ok.statusCode).toBe(200);
    const cookie = sessionCookie(ok);
    secrets.push(password, cookie.split('=')[1]);
    await post('/api/login', { username: email, password: 'Wrong-Password-Two-5532' });
    secrets.push('Wrong-Password-Two-5532');

    // A password change, with the session cookie and a bearer token on the way.
    const next = 'Fresh-Password-Three-9904';
    const changed = await post(
      '/api/users/currentUser/password',
      { currentPassword: password, newPassword: next },
      { cookie, authorization: 'Bearer bearer-token-secret-4455' },
    );
    expect(changed.statusCode).toBe(200);
    secrets.push(next, sessionCookie(changed).split('=')[1], 'bearer-token-secret-4455');
    await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-secret-0123' },
    });
    secrets.push('metrics-token-secret-0123');

    // A sign-up whose insert the database refuses: the failed query's parameters are the name, the
    // e-mail and the new argon2 hash.
    await database.db.execute(
      sql.raw("ALTER TABLE users ADD CONSTRAINT logging_test_name CHECK (name <> 'Refused Name-6620')"),
    );
    try {
      const refusedEmail = uniqueEmail('refused-param');
      const refused = await post('/api/signup', {
        name: 'Refused Name-6620',
        username: refusedEmail,
        password: 'Signup-Password-Four-1187',
      });
      expect(refused.statusCode).toBe(500);
      secrets.push('Signup-Password-Four-1187', 'Refused Name-6620', refusedEmail);
    } finally {
      await database.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT logging_test_name'));
    }

    const text = log.join('');
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/session=/);
    // The failure is still logged, with its query but not its values.
    const failed = log.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(failed?.err?.message).toMatch(/insert into "users"/);
    expect(failed?.err?.cause?.code).toBe('23514');
  });

  it('writes no request lines by default, and still logs a failed request', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const cache = memoryCache();
    const lines: string[] = [];
    const quiet = await buildApp({
      config,
      database,
      cache,
      services: leagueServicesFor(config, cache),
      cookieSecret: TEST_COOKIE_SECRET,
      logger: { ...loggerOptions('info'), stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await quiet.inject({ method: 'GET', url: '/api/health' });
      await quiet.inject({ method: 'GET', url: '/api/no-such-route' });
      await database.db.execute(sql.raw('ALTER TABLE users RENAME TO users_hidden_for_logging'));
      try {
        const failed = await quiet.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: uniqueEmail('quiet'), password: 'Quiet-Password-Five-3391' },
          remoteAddress: freshAddress(),
        });
        expect(failed.statusCode).toBe(500);
      } finally {
        await database.db.execute(sql.raw('ALTER TABLE users_hidden_for_logging RENAME TO users'));
      }
      const msgs = lines.map((l) => JSON.parse(l).msg);
      expect(msgs).not.toContain('incoming request');
      expect(msgs).not.toContain('request completed');
      expect(msgs).toContain('request failed');
    } finally {
      await quiet.close();
    }
  });
});

describe('request lines by share (LOG_REQUESTS)', () => {
  it('skips none at 1, all at 0, and the draws at or above the share in between', () => {
    expect(skipRequestLines(1)).toBe(false);
    expect(skipRequestLines(0)).toBe(true);
    const draws = [0.05, 0.1, 0.5, 0.0999];
    const skip = skipRequestLines(0.1, () => draws.shift() ?? 1) as () => boolean;
    expect([skip(), skip(), skip(), skip()]).toEqual([false, true, true, false]);
  });
});

describe('scrubbing', () => {
  it('drops the parameters of a failed query from its message and stack, and blanks password hashes', () => {
    const err = new Error(
      'Failed query: insert into "users" ("name") values ($1)\nparams: Ann,$argon2id$v=19$m=19456,t=2,p=1$abc$def',
    );
    const safe = safeError(err) as { message: string; stack: string };
    expect(safe.message).toBe('Failed query: insert into "users" ("name") values ($1)\nparams: [redacted]');
    expect(safe.stack).toMatch(/^Error: Failed query: .*\nparams: \[redacted\]\n {4}at /);
    expect(JSON.stringify(safe)).not.toMatch(/Ann|argon2/);
    expect(scrubText('hash $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA after')).toBe(
      'hash [password hash] after',
    );
  });

  it('keeps a cause’s code and message, without its detail (PostgreSQL puts the failing row there)', () => {
    const cause = Object.assign(new Error('new row violates check constraint'), {
      code: '23514',
      detail: 'Failing row contains (secret)',
    });
    const safe = safeError(new Error('Failed query: x\nparams: secret', { cause })) as Record<
      string,
      unknown
    >;
    expect(safe.cause).toMatchObject({ message: 'new row violates check constraint', code: '23514' });
    expect(JSON.stringify(safe)).not.toMatch(/secret/);
  });
});
