import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ensureSuperUser } from './accounts/bootstrap.ts';
import { BUILT_CLIENT_DIR, buildApp } from './app.ts';
import { type Cache, memoryCache } from './cache.ts';
import type { Config } from './config.ts';
import { seedDemoContent } from './content/seed.ts';
import { type Database, openDatabase } from './db/client.ts';
import type { DemoAccounts } from './deps.ts';
import { resolveConnectionKeys } from './leagues/connection-keys.ts';
import { reencryptConnections } from './leagues/connection-store.ts';
import { Egress } from './leagues/egress.ts';
import { createLeagueServices, type LeagueServicesOptions } from './leagues/services.ts';
import { clientBuilt } from './ops/client-build.ts';
import { loggerOptions } from './ops/logging.ts';
import { instrumentCache, recordLeagueCall } from './ops/metrics.ts';
import { removeStaleRestores } from './ops/restore-backup.ts';
import { sessionSecret } from './settings.ts';

export interface Runtime {
  app: FastifyInstance;
  database: Database;
  cache: Cache;
  close(): Promise<void>;
}

/** Opens the database (migrating it), the cache, makes the first super user and builds the app. */
export async function createRuntime(
  config: Config,
  opts: {
    log?: (line: string) => void;
    limits?: LeagueServicesOptions['limits'];
    demoAccounts?: DemoAccounts;
  } = {},
): Promise<Runtime> {
  const log = opts.log ?? ((line: string) => console.log(line));
  for (const notice of config.notices) log(notice);
  if (!config.databaseUrl)
    for (const folder of removeStaleRestores(config.dataDir))
      log(`Removed ${folder}, left by a restore that did not finish.`);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  // ioredis loads only where Redis is configured (cache-redis.ts).
  const shared = config.redisUrl ? await import('./cache-redis.ts') : undefined;
  const cache = instrumentCache(
    shared && config.redisUrl ? shared.redisCache(config.redisUrl, config.redisPrefix) : memoryCache(),
  );
  try {
    const redis = redisOf(cache);
    if (shared && redis && !(await shared.redisReady(redis, 5_000)))
      log('Redis did not answer: the site runs without the shared cache and limits until it does.');
    const admin = await ensureSuperUser(database.db, {
      email: config.adminEmail,
      password: config.adminPassword,
    });
    if (admin.created && admin.password) {
      log(`Created the first super user ${admin.email} with the password: ${admin.password}`);
      log('This password is shown once; change it after logging in.');
    } else if (admin.created) {
      log(`Created the first super user ${admin.email} (password from ADMIN_PASSWORD).`);
    }
    if (config.seedDemo) {
      const seeded = await seedDemoContent(database.db);
      if (seeded.articles || seeded.profiles)
        log(`Added ${seeded.articles} demo articles and ${seeded.profiles} demo prospect profiles.`);
    }
    // The league connections kept on site accounts (decision 022): their key, and the rows still
    // under an older one sealed again under the current key.
    const connections = resolveConnectionKeys(config);
    if (connections.notice) log(connections.notice);
    if (connections.keys) {
      const { reencrypted, unreadable } = await reencryptConnections(database.db, connections.keys);
      if (reencrypted)
        log(`Re-encrypted ${reencrypted} saved league connections under the current CONNECTIONS_KEY.`);
      if (unreadable)
        log(
          `${unreadable} saved league connections are under a key that is not configured: add it to CONNECTIONS_OLD_KEYS, or their owners connect again.`,
        );
    }
    // A start that builds the client (scripts/start.mjs) got here while that build ran; the app
    // reads the built client and its page renderer.
    if (config.clientBuildPid) await clientBuilt(config.clientBuildPid, join(BUILT_CLIENT_DIR, '.built'));
    const egress = egressFor(config, cache, opts.limits);
    const app = await buildApp({
      services: leagueServicesFor(config, cache, { limits: opts.limits, egress }),
      serviceLimits: opts.limits,
      config,
      database,
      cache,
      redis,
      egress,
      connectionKeys: connections.keys ?? null,
      cookieSecret: await sessionSecret(database.db, config.sessionSecret),
      logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
      // The Rookie ADP crawl and MFL copies, where configured, once the server is ready.
      backgroundWork: true,
      demoAccounts: opts.demoAccounts,
    });
    return {
      app,
      database,
      cache,
      async close() {
        await app.close();
        await cache.close();
        await database.close();
      },
    };
  } catch (err) {
    await cache.close();
    await database.close();
    throw err;
  }
}

/** The site's league clients on `config`'s services; the tests and benches make theirs here too. */
export function leagueServicesFor(
  config: Config,
  cache: Cache,
  opts: Pick<LeagueServicesOptions, 'limits' | 'fetch' | 'egress'> = {},
) {
  return createLeagueServices({
    limits: opts.limits,
    egress: opts.egress ?? egressFor(config, cache, opts.limits),
    fetch: opts.fetch,
    mflApiUrl: config.mflApiUrl,
    sleeperApiUrl: config.sleeperApiUrl,
    fleaApiUrl: config.fleaApiUrl,
    espnApiUrl: config.espnApiUrl,
    espnFanApiUrl: config.espnFanApiUrl,
    userAgent: config.userAgent,
    mflUserAgent: config.mflUserAgent,
    cache,
    // Each call to a service is reported for the league-call metric.
    onCall: recordLeagueCall,
  });
}

const redisOf = (cache: Cache) =>
  'redis' in cache ? (cache as { redis: import('ioredis').Redis }).redis : undefined;

/**
 * The process's way out to the league services, for the visitors' clients and the Rookie ADP crawl's
 * alike. With Redis, every process of the deployment shares each service's rate limit.
 */
export function egressFor(config: Config, cache: Cache, limits?: LeagueServicesOptions['limits']): Egress {
  return new Egress({
    limits,
    backgroundShare: config.adpBackgroundShare,
    redis: redisOf(cache),
    redisPrefix: config.redisPrefix,
  });
}
