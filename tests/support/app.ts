import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import type { User } from '#common/users.ts';
import { hashPassword } from '#server/accounts/passwords.ts';
import { createSession, SESSION_COOKIE } from '#server/accounts/sessions.ts';
import { buildApp } from '#server/app.ts';
import { type Cache, memoryCache } from '#server/cache.ts';
import { type Config, loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import type { AppDeps } from '#server/deps.ts';
import type { LeagueServices } from '#server/leagues/services.ts';
import { leagueServicesFor } from '#server/runtime.ts';
import { openTestDatabase } from './database.ts';
import { quickLimits, type Sim, simServices } from './simulator.ts';
import { TEST_SERVICE_ENV } from './test-env.ts';

export type Role = 'anonymous' | 'user' | 'contributor' | 'superuser';

export const TEST_COOKIE_SECRET = 'test-secret-test-secret-test-secret!!';

export interface TestAppOptions {
  /** Where the built client lives (the SPA tests). */
  clientDir?: string;
  /** Renders the public pages (the page tests pass the source's: #client/entry-server.tsx). */
  pageRenderer?: AppDeps['pageRenderer'];
  /** The test's own database, which it closes itself; else a fresh one, closed with the app. */
  database?: Database;
  /** The test's own cache, which it closes itself; else a memory cache, closed with the app. */
  cache?: Cache;
  redis?: Redis;
  /**
   * The simulator to point the league services at, with quick limits for the visitors' calls and
   * the background reads alike.
   */
  sim?: Sim;
  /** League services of the test's own (stubs); else the simulator's, or the ones the config names. */
  services?: LeagueServices | ((config: Config, cache: Cache) => LeagueServices);
  serviceLimits?: AppDeps['serviceLimits'];
  /** Outgoing mail (a capture, see #test/mail.ts); else none, as without SMTP_URL. */
  mailer?: AppDeps['mailer'];
  /** The league connections' key ring (decision 022); else a random one for the app (null: none kept). */
  connectionKeys?: AppDeps['connectionKeys'];
  /** The app's logger (a test that reads the log lines); else none. */
  logger?: AppDeps['logger'];
  httpTimeouts?: AppDeps['httpTimeouts'];
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  cache: Cache;
  config: Config;
  services: LeagueServices;
  /** Makes a user of the role (unique e-mail) and returns it with a cookie header for its session. */
  userWithRole(
    role: Exclude<Role, 'anonymous'>,
    fields?: Partial<{ name: string; email: string; password: string }>,
  ): Promise<{ user: User; cookie: string }>;
  /** app.inject with an optional session cookie. */
  request(opts: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  get(url: string, cookie?: string): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown, cookie?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let counter = 0;
// One cheap hash for every test user: argon2 is slow by design.
let sharedHash: Promise<string> | undefined;

/**
 * The real app (buildApp: its error handler, CSRF guard, helmet and limits) on a test database, with
 * the settings in env on top of the test defaults (TEST_SERVICE_ENV: no discovery, league services
 * unreachable; the simulator's addresses when opts.sim is given), even with NODE_ENV=production.
 */
export async function makeTestApp(env: NodeJS.ProcessEnv = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase());
  const cache = opts.cache ?? memoryCache();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...TEST_SERVICE_ENV,
    ...(opts.sim?.env ?? {}),
    ...env,
  });
  const services =
    typeof opts.services === 'function'
      ? opts.services(config, cache)
      : (opts.services ?? (opts.sim ? simServices(opts.sim, cache) : leagueServicesFor(config, cache)));
  const app = await buildApp({
    config,
    database,
    cache,
    redis: opts.redis,
    services,
    serviceLimits:
      opts.serviceLimits ??
      (opts.sim ? { mfl: quickLimits, sleeper: quickLimits, flea: quickLimits } : undefined),
    cookieSecret: TEST_COOKIE_SECRET,
    connectionKeys: opts.connectionKeys,
    logger: opts.logger,
    httpTimeouts: opts.httpTimeouts,
    clientDir: opts.clientDir,
    pageRenderer: opts.pageRenderer,
    mailer: opts.mailer,
    // As the runtime: the background work the settings ask for (the test defaults ask for none).
    backgroundWork: true,
  });
  await app.ready();
  const request: TestApp['request'] = ({ cookie, ...o }) =>
    app.inject({ ...o, headers: { ...(o.headers ?? {}), ...(cookie ? { cookie } : {}) } });
  return {
    app,
    database,
    cache,
    config,
    services,
    async userWithRole(role, fields = {}) {
      counter += 1;
      sharedHash ??= hashPassword('password123');
      const passwordHash = fields.password ? await hashPassword(fields.password) : await sharedHash;
      const [user] = await database.db
        .insert(users)
        .values({
          name: fields.name ?? `${role} ${counter}`,
          email: fields.email ?? `${role}${counter}.${Date.now()}@example.test`,
          passwordHash,
          isContributor: role === 'contributor' || role === 'superuser',
          isSuperUser: role === 'superuser',
        })
        .returning();
      const token = await createSession(database.db, user.id);
      const { passwordHash: _, createdAt: __, shareMflDrafts: ___, ...pub } = user;
      return { user: pub, cookie: `${SESSION_COOKIE}=${token}` };
    },
    request,
    get: (url, cookie) => request({ method: 'GET', url, cookie }),
    post: (url, payload, cookie) => request({ method: 'POST', url, payload: payload as object, cookie }),
    async close() {
      await app.close();
      if (!opts.cache) await cache.close();
      if (!opts.database) await database.close();
    },
  };
}

/** The `name=value` pairs an answer's Set-Cookie headers set, to send back as one Cookie header. */
export function cookiesOf(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => String(c).split(';')[0]);
}
