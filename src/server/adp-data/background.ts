import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Cache } from '#server/cache.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { afterStart } from '#server/http/after-start.ts';
import type { Egress } from '#server/leagues/egress.ts';
import type { LeagueServicesOptions } from '#server/leagues/services.ts';
import { type Discovery, startDiscovery } from './discovery/discovery.ts';
import { parseAdpLeagueIds } from './ingest.ts';
import { type MflCopies, startMflCopies } from './mfl-copy-job.ts';

/*
 * Rookie ADP's background work: the crawl (discovery of public leagues, the configured leagues and
 * their refresh), which runs on whichever server holds its job, and the daily copy of MFL's own ADP
 * (decision 025). The app makes one (AppDeps.adpBackground) for the admin routes, which start the
 * crawl when a league is added; what the configuration asks for starts only where the process asks
 * for it (the runtime: adpBackgroundPlugin), never from a route plugin.
 */

export interface AdpBackground {
  /** The crawl, started if it was not. */
  startCrawl(): Discovery;
  /** The crawl, if started. */
  crawl(): Discovery | undefined;
  /**
   * Starts what the configuration asks for: the crawl where the Sleeper walk or MFL's search (with
   * MFL's permission) is on or leagues are configured, and the daily MFL copies.
   */
  startConfigured(): void;
  stop(): Promise<void>;
}

export interface AdpBackgroundOptions {
  db: Db;
  cache: Cache;
  config: Config;
  limits?: LeagueServicesOptions['limits'];
  egress?: Egress;
  log: FastifyBaseLogger;
}

export function createAdpBackground(opts: AdpBackgroundOptions): AdpBackground {
  const { db, cache, config, limits, egress, log } = opts;
  let discovery: Discovery | undefined;
  let copies: MflCopies | undefined;
  const startCrawl = () => {
    discovery ??= startDiscovery({ db, cache, config, limits, egress, log });
    return discovery;
  };
  return {
    startCrawl,
    crawl: () => discovery,
    startConfigured() {
      // Admin-added leagues need the crawl too, so a server with none of these still takes part once
      // a league is added (see the admin routes).
      if (
        config.adpSleeperWalk ||
        config.adpMflLeagueSearch ||
        parseAdpLeagueIds(config.adpLeagueIds).length > 0
      )
        startCrawl();
      if (config.adpMflCopies) copies ??= startMflCopies({ db, config, limits, egress, log });
    },
    async stop() {
      await Promise.all([discovery?.stop(), copies?.stop()]);
    },
  };
}

/** Starts the configured background work once the server is ready (the runtime registers it). */
export const adpBackgroundPlugin: FastifyPluginAsync<{ background: AdpBackground }> = async (
  app,
  { background },
) => {
  afterStart(app, () => background.startConfigured());
};
