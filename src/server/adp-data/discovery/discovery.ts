import type { Cache } from '#server/cache.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Egress } from '#server/leagues/egress.ts';
import type { LeagueServicesOptions } from '#server/leagues/services.ts';
import { type AdpSource, parseAdpLeagueIds } from '../ingest.ts';
import { type BackgroundServices, backgroundServicesFor } from './budget.ts';
import { type CrawlSettings, crawlOnce } from './crawl.ts';
import { type JobLoop, startJobLoop } from './jobs.ts';
import { sleeperStartUsers } from './sleeper-seed.ts';

/** The job that discovers, reads and refreshes rookie-draft leagues. */
export const CRAWL_JOB = 'rookie-adp-crawl';

export interface Discovery {
  loop: JobLoop;
  bg: BackgroundServices;
  settings: CrawlSettings;
  stop(): Promise<void>;
}

export interface DiscoveryOptions {
  db: Db;
  cache: Cache;
  config: Config;
  limits?: LeagueServicesOptions['limits'];
  /** The process's egress: the crawl's calls wait in the visitors' own queues, behind every visitor. */
  egress?: Egress;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Tests: their own fetch, lease and poll times. */
  fetch?: typeof fetch;
  leaseMs?: number;
  pollMs?: number;
  owner?: string;
}

export function crawlSettings(config: Config, configured: readonly AdpSource[]): CrawlSettings {
  return {
    sleeperWalk: config.adpSleeperWalk,
    mflSearch: config.adpMflLeagueSearch,
    searchTerms: config.adpSearchTerms,
    sleeperUsers: sleeperStartUsers(config.adpSleeperUsers, config.sleeperApiUrl),
    configured,
    maxRequests: config.adpRunRequests,
    // A run hands the job back every few minutes, so a server that stops is replaced quickly.
    maxRunMs: 5 * 60_000,
    leaseMs: 5 * 60_000,
    refreshMs: config.adpRefreshMinutes * 60_000,
  };
}

/** Starts the crawl job on this server; the database decides which server runs each run. */
export function startDiscovery(opts: DiscoveryOptions): Discovery {
  const { config } = opts;
  const configured = parseAdpLeagueIds(config.adpLeagueIds);
  const bg = backgroundServicesFor(config, opts);
  const settings = crawlSettings(config, configured);
  if (opts.leaseMs) settings.leaseMs = opts.leaseMs;
  const owner = opts.owner ?? `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  // Configured leagues are refreshed on their own interval, so runs come at least that often.
  const refreshMs =
    configured.length > 0 && settings.refreshMs > 0 ? settings.refreshMs : Number.POSITIVE_INFINITY;
  const intervalMs = Math.min(config.adpRunMinutes * 60_000, refreshMs);
  const loop = startJobLoop({
    db: opts.db,
    name: CRAWL_JOB,
    owner,
    intervalMs,
    backlogMs: 1_000,
    leaseMs: opts.leaseMs ?? 60_000,
    pollMs: opts.pollMs ?? Math.min(5_000, intervalMs),
    log: opts.log,
    run: (signal) =>
      crawlOnce({ db: opts.db, bg, cache: opts.cache, owner, log: opts.log }, settings, signal),
  });
  return {
    loop,
    bg,
    settings,
    async stop() {
      await loop.stop();
      await bg.cache.close();
    },
  };
}
