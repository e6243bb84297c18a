/**
 * Timings the functional tests leave out (a loaded machine makes them flaky there): seeding the demo
 * content, a log-in for an unknown e-mail against one with a wrong password (no account enumeration
 * by timing), and how long the league HTTP layer takes over a Retry-After and over two timeouts.
 */
import { hashPassword } from '#server/accounts/passwords.ts';
import { buildApp } from '#server/app.ts';
import { memoryCache } from '#server/cache.ts';
import { loadConfig } from '#server/config.ts';
import { seedDemoContent } from '#server/content/seed.ts';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { createServiceHttp } from '#server/leagues/http.ts';
import { leagueServicesFor } from '#server/runtime.ts';
import { sendJson, startTestServer } from '#test/http-server.ts';

const results: [string, boolean][] = [];
const check = (label: string, ok: boolean) => {
  results.push([label, ok]);
  console.log(`${ok ? 'ok  ' : 'MISS'} ${label}`);
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Seeding the demo content into an empty database: under 2 s.
{
  const database = await openDatabase({});
  const started = performance.now();
  await seedDemoContent(database.db);
  const ms = performance.now() - started;
  await database.close();
  check(`seeding the demo content: ${ms.toFixed(0)} ms (target < 2000 ms)`, ms < 2000);
}

// A log-in for an unknown e-mail takes about as long as one with a wrong password.
{
  const database = await openDatabase({});
  const cache = memoryCache();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    database,
    cache,
    services: leagueServicesFor(config, cache),
    cookieSecret: 'bench-secret-bench-secret-bench-secret!',
    backgroundWork: true,
  });
  await app.ready();
  const passwordHash = await hashPassword('password123');
  let n = 0;
  const time = async (email: string) => {
    n += 1;
    const started = performance.now();
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: email, password: 'wrong password' },
      remoteAddress: `10.9.0.${n}`,
    });
    return performance.now() - started;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 6; i++) {
    const email = `timing${i}@example.test`;
    await database.db.insert(users).values({ name: `Timing ${i}`, email, passwordHash });
    known.push(await time(email));
    unknown.push(await time(`ghost${i}@example.test`));
  }
  const ratio = median(unknown) / median(known);
  check(
    `unknown e-mail ${median(unknown).toFixed(0)} ms vs wrong password ${median(known).toFixed(0)} ms: ratio ${ratio.toFixed(2)} (target 0.5–2)`,
    ratio > 0.5 && ratio < 2,
  );
  await app.close();
  await cache.close();
  await database.close();
}

// The league HTTP layer: a 429 with Retry-After 1 is waited out once; two timeouts end the call.
{
  const server = await startTestServer();
  const limits = {
    requestsPerSecond: 1000,
    burst: 100,
    backoffMs: 10,
    maxBackoffMs: 50,
    maxRetryAfterMs: 3000,
  };
  server.handle((_req, res) =>
    server.seen.length === 1 ? sendJson(res, {}, 429, { 'retry-after': '1' }) : sendJson(res, { ok: 1 }),
  );
  let started = performance.now();
  await createServiceHttp({ service: 'mfl', userAgent: 'bench/1.0', limits }).getJson(`${server.url}/x`);
  let ms = performance.now() - started;
  check(`a 429 with Retry-After: 1 then an answer: ${ms.toFixed(0)} ms (target < 2500 ms)`, ms < 2500);

  server.seen.length = 0;
  server.handle((_req, res) => {
    setTimeout(() => sendJson(res, { late: true }), 600);
  });
  started = performance.now();
  await createServiceHttp({ service: 'mfl', userAgent: 'bench/1.0', limits: { ...limits, timeoutMs: 150 } })
    .getJson(`${server.url}/x`)
    .catch(() => undefined);
  ms = performance.now() - started;
  check(`two 150 ms timeouts, then the call fails: ${ms.toFixed(0)} ms (target < 1000 ms)`, ms < 1000);
  await server.close();
}

process.exitCode = results.every(([, ok]) => ok) ? 0 : 1;
