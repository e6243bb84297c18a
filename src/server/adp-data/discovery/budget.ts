import { type Cache, memoryCache } from '#server/cache.ts';
import type { Config } from '#server/config.ts';
import { Egress } from '#server/leagues/egress.ts';
import { type HttpLimits, limitsOf } from '#server/leagues/limits.ts';
import {
  createLeagueServices,
  type LeagueServices,
  type LeagueServicesOptions,
} from '#server/leagues/services.ts';
import { recordLeagueCall } from '#server/ops/metrics.ts';

/*
 * The background budget. Discovery talks to MFL and Sleeper through its own copy of the league
 * clients, every call of which is background work. The copy sends through the process's egress, the
 * same per-service queue as every visitor's request, which serves visitors first and lets background
 * work out only in the quiet between them, within its share of the rate (default half); with Redis
 * that rate is the deployment's. The copy counts every request it sends, which is how a run keeps to
 * its cap, and keeps its own small cache so thousands of league reads never push visitors' answers
 * out of the shared one.
 */

export type CrawlService = 'mfl' | 'sleeper';
/** The crawl's services, and Fleaflicker, which the trades job reads (its listed leagues). */
export type BackgroundService = CrawlService | 'flea';

const serviceOf = (url: string, bases: { sleeper: string; flea: string }): BackgroundService =>
  url.startsWith(bases.sleeper) ? 'sleeper' : url.startsWith(bases.flea) ? 'flea' : 'mfl';
const urlOf = (input: Parameters<typeof fetch>[0]) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * The crawl's own cache holds an answer only while one league is being read (a league's reads share
 * its settings and draft list), so a draft read again later is read afresh; the player databases,
 * the same for every league, are kept as long as the clients ask.
 */
export const READ_CACHE_MS = 10_000;

export interface BackgroundServices {
  services: LeagueServices;
  /** Answers primed ahead of a read (a Sleeper league from its member's list) are set here. */
  cache: Cache;
  /** Requests sent so far, per service (including retries). */
  requests: Record<BackgroundService, number>;
  limits: Record<BackgroundService, HttpLimits>;
}

export interface BudgetOptions {
  mflApiUrl: string;
  sleeperApiUrl: string;
  fleaApiUrl: string;
  userAgent: string;
  mflUserAgent?: string;
  /** Share of each service's rate and concurrency the crawl may use (0 < share ≤ 1). */
  share: number;
  /** The visitors' limits when they differ from the defaults (the demo's local simulator). */
  limits?: Partial<Record<BackgroundService, Partial<HttpLimits>>>;
  fetch?: typeof fetch;
  /** The process's egress, shared with the visitors' clients; without it, one of the crawl's own. */
  egress?: Egress;
  /** Told about every call, as the visitors' clients tell it (the league-call metric). */
  onCall?: LeagueServicesOptions['onCall'];
  /** Told before each wait to try a call again (a backoff, or a service's Retry-After). */
  onRetry?: LeagueServicesOptions['onRetry'];
}

/**
 * A service's limits for the crawl's clients: as many workers as its share of the concurrency, and
 * every Retry-After waited out.
 */
export function backgroundLimits(base: HttpLimits, share: number): HttpLimits {
  return {
    ...base,
    concurrency: Math.max(1, Math.floor(base.concurrency * share)),
    // A crawl can wait: it never holds a visitor, so it waits out any Retry-After the service asks for.
    maxRetryAfterMs: 120_000,
  };
}

export function createBackgroundServices(opts: BudgetOptions): BackgroundServices {
  const requests: Record<BackgroundService, number> = { mfl: 0, sleeper: 0, flea: 0 };
  const limits = {
    mfl: backgroundLimits(limitsOf('mfl', opts.limits?.mfl), opts.share),
    sleeper: backgroundLimits(limitsOf('sleeper', opts.limits?.sleeper), opts.share),
    flea: backgroundLimits(limitsOf('flea', opts.limits?.flea), opts.share),
  };
  const doFetch = opts.fetch ?? fetch;
  const bases = {
    sleeper: opts.sleeperApiUrl.replace(/\/+$/, ''),
    flea: opts.fleaApiUrl.replace(/\/+$/, ''),
  };
  const counting: typeof fetch = (input, init) => {
    requests[serviceOf(urlOf(input), bases)] += 1;
    return doFetch(input, init);
  };
  const cache = memoryCache(3000);
  const reads: Cache = {
    ...cache,
    set: (key, value, ttlMs) =>
      cache.set(key, value, key.includes(':players') ? ttlMs : Math.min(ttlMs, READ_CACHE_MS)),
  };
  const services = createLeagueServices({
    mflApiUrl: opts.mflApiUrl,
    sleeperApiUrl: opts.sleeperApiUrl,
    fleaApiUrl: opts.fleaApiUrl,
    userAgent: opts.userAgent,
    mflUserAgent: opts.mflUserAgent,
    cache: reads,
    fetch: counting,
    limits,
    priority: 'background',
    onCall: opts.onCall,
    onRetry: opts.onRetry,
    egress: opts.egress ?? new Egress({ limits: opts.limits, backgroundShare: opts.share }),
  });
  return { services, cache, requests, limits };
}

/**
 * A background job's services on this server: the configured services and background share, every
 * call counted in /metrics in the background lane.
 */
export function backgroundServicesFor(
  config: Config,
  opts: Pick<BudgetOptions, 'limits' | 'fetch' | 'egress'>,
): BackgroundServices {
  return createBackgroundServices({
    mflApiUrl: config.mflApiUrl,
    sleeperApiUrl: config.sleeperApiUrl,
    fleaApiUrl: config.fleaApiUrl,
    userAgent: config.userAgent,
    mflUserAgent: config.mflUserAgent,
    share: config.adpBackgroundShare,
    limits: opts.limits,
    fetch: opts.fetch,
    egress: opts.egress,
    onCall: recordLeagueCall,
  });
}
