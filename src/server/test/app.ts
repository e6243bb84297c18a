import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { User } from '#common/users.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { createSession, SESSION_COOKIE } from '../accounts/sessions.ts';
import { buildApp } from '../app.ts';
import { type Cache, memoryCache } from '../cache.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { leagueServicesFor } from '../runtime.ts';
import { openTestDatabase } from './database.ts';

export type Role = 'anonymous' | 'user' | 'contributor' | 'superuser';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  cache: Cache;
  config: Config;
  /** Makes a user of the role (unique e-mail) and returns it with a cookie header for its session. */
  userWithRole(
    role: Exclude<Role, 'anonymous'>,
    fields?: Partial<{ name: string; email: string; password: string }>,
  ): Promise<{ user: User; cookie: string }>;
  /** app.inject with an optional session cookie. */
  request(opts: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let counter = 0;
// One cheap hash for every test user: argon2 is slow by design.
let sharedHash: Promise<string> | undefined;

export async function makeTestApp(
  env: Record<string, string> = {},
  opts: { clientDir?: string } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const cache = memoryCache();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({
    config,
    database,
    cache,
    services: leagueServicesFor(config, cache),
    cookieSecret: 'test-secret-test-secret-test-secret!!',
    clientDir: opts.clientDir,
  });
  await app.ready();
  return {
    app,
    database,
    cache,
    config,
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
      const { passwordHash: _, createdAt: __, ...pub } = user;
      return { user: pub, cookie: `${SESSION_COOKIE}=${token}` };
    },
    request({ cookie, ...opts }) {
      return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(cookie ? { cookie } : {}) } });
    },
    async close() {
      await app.close();
      await cache.close();
      await database.close();
    },
  };
}
