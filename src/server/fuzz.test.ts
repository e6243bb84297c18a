import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { apiRoutes } from './http/route-list.ts';

/*
 * Every API route gets random and malformed input: wrong types, huge strings, deep objects,
 * unknown fields, broken JSON, odd encodings and path parameters, as a visitor and as a super user.
 * The answer is never a 5xx (league routes may say their service failed: 502/503), never shows a
 * stack trace, is always JSON { error } when it fails, and nothing is written.
 */

const hasErrorField = (text: string) => {
  try {
    return typeof JSON.parse(text).error === 'string';
  } catch {
    return false;
  }
};

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });
const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    '%00',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '\ud800',
    '𝕏'.repeat(50),
  ),
  fc.constant('x'.repeat(300_000)),
  fc.integer().map(String),
  fc.double().map(String),
);
const jsonValue = fc.oneof(
  fc.anything({ maxDepth: 4 }),
  fc.dictionary(
    fc.constantFrom(
      'title',
      'name',
      'username',
      'password',
      'email',
      'leagues',
      'league',
      'player',
      'starters',
      'week',
      'sizes',
      'types',
      'startDate',
      'endDate',
      'isVisible',
      'isSuperUser',
      'id',
      '__proto__',
      'constructor',
    ),
    // Known field names with values of the wrong type, so the payload is never a valid save.
    fc.anything({ maxDepth: 3 }).filter((v) => typeof v !== 'string'),
  ),
  fc.constant(deep(500)),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 50 }),
);
const body = fc.oneof(
  jsonValue.map((v) => ({ type: 'application/json', payload: JSON.stringify(v) ?? 'null' })),
  fc
    .constantFrom('{', '{"a":', '[1,2', 'null', '"str"', '\u00ff\u00fe', '{"title": "\\ud800')
    .map((p) => ({ type: 'application/json', payload: p })),
  fc.constant({ type: 'application/json', payload: Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xff]) }),
  oddString.map((p) => ({
    type: 'application/x-www-form-urlencoded',
    payload: `a=${encodeURIComponent(p.slice(0, 1000))}`,
  })),
  fc.constant({ type: 'text/plain', payload: 'hello' }),
  fc.constant({ type: 'application/json', payload: `{"title":"${'y'.repeat(2_000_000)}"}` }),
);
const queryString = fc
  .dictionary(
    fc.constantFrom('limit', 'page', 'isAdmin', 'search', 'position', 'year', 'isContributor', 'x', 'league'),
    oddString.map((s) => s.slice(0, 5000)),
    { maxKeys: 4 },
  )
  .map((q) => new URLSearchParams(q).toString());
const paramValue = oddString.map((s) => encodeURIComponent(s.slice(0, 3000)));

describe(`fuzzing every API route (${testDbKind})`, () => {
  let t: TestApp;
  let sim: Sim;
  let superCookie: string;

  beforeAll(async () => {
    sim = await startSim();
    t = await makeTestApp(sim.env);
    superCookie = (await t.userWithRole('superuser')).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  async function counts() {
    const { sql } = await import('drizzle-orm');
    const { queryRows } = await import('./db/query.ts');
    const [row] = await queryRows<Record<string, number>>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM articles)::int AS articles,
                 (SELECT count(*) FROM profiles)::int AS profiles`,
    );
    return row;
  }

  it('has routes to fuzz', () => {
    expect(apiRoutes(t.app).length).toBeGreaterThan(20);
  });

  it('never answers 5xx, never leaks a stack trace, writes nothing', { timeout: 600_000 }, async () => {
    const before = await counts();
    const routes = apiRoutes(t.app);
    const failures: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', string];
      const upstreamAllowed = /^\/api\/(mfl|sleeper|flea|players)\//.test(path) || path === '/api/players';
      await fc
        .assert(
          fc.asyncProperty(paramValue, queryString, body, fc.boolean(), async (param, qs, b, asSuper) => {
            const url = `${path.replace(/:[A-Za-z]+/g, param || 'x')}${qs ? `?${qs}` : ''}`;
            const res = await t.app.inject({
              method,
              url,
              headers: {
                ...(asSuper ? { cookie: superCookie } : {}),
                ...(method === 'GET' ? {} : { 'content-type': b.type }),
              },
              payload: method === 'GET' ? undefined : b.payload,
            });
            const text = res.body;
            const bad =
              (res.statusCode >= 500 && !(upstreamAllowed && [502, 503].includes(res.statusCode))) ||
              /\bat .+\.(ts|js):\d+|node_modules|Error: /.test(text) ||
              (res.statusCode >= 400 && !hasErrorField(text));
            if (bad)
              failures.push(
                `${route} ${method} ${url.slice(0, 120)} → ${res.statusCode} ${text.slice(0, 200)}`,
              );
            return !bad;
          }),
          { numRuns: RUNS_PER_ROUTE, seed: 42, endOnFailure: true },
        )
        .catch(() => {});
    }
    expect(failures).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
