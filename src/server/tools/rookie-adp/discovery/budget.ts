import type { Redis } from 'ioredis';
import { type Cache, memoryCache } from '#server/cache.ts';
import { defaultHttpLimits, type HttpLimits } from '#server/leagues/http.ts';
import type { ProcessBudgets } from '#server/leagues/rate-limit.ts';
import { createLeagueServices, type LeagueServices } from '#server/leagues/services.ts';

/*
 * The background budget. Discovery talks to MFL and Sleeper through its own copy of the league
 * clients. Every call of that copy is background work, which the transport holds to a share of the
 * service's rate (default half); with Redis the copy draws on the same per-service budget as every
 * visitor's request of the deployment, so the crawl and the site together keep to the service's
 * limit. Its concurrency is scaled to the share too, so visitors' requests never queue behind it. The copy counts every request it sends, which
 * is how a run keeps to its cap, and keeps its own small cache so thousands of league reads never
 * push visitors' answers out of the shared one.
 */

export type CrawlService = 'mfl' | 'sleeper';

const serviceOf = (url: string, sleeperBase: string): CrawlService =>
  url.startsWith(sleeperBase) ? 'sleeper' : 'mfl';
const urlOf = (input: Parameters<typeof fetch>[0]) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * Visitors come first: the site's own requests to a service are noted here, and background reads to
 * that service wait until it has been quiet for a moment, so a crawl never competes with a visitor
 * for the service's rate limit.
 */
export class ServiceActivity {
  static readonly QUIET_MS = 1_000;
  private readonly last: Record<CrawlService, number> = { mfl: 0, sleeper: 0 };
  constructor(private readonly sleeperApiUrl: string) {}

  /** The site's fetch, noting each request. */
  wrap(doFetch: typeof fetch = fetch): typeof fetch {
    const base = this.sleeperApiUrl.replace(/\/+$/, '');
    return (input, init) => {
      const url = urlOf(input);
      // Fleaflicker is never crawled; only MFL (any host) and Sleeper are noted.
      if (!url.includes('fleaflicker') && !url.includes('/flea/'))
        this.last[serviceOf(url, base)] = Date.now();
      return doFetch(input, init);
    };
  }

  /** Waits until the service has been quiet for QUIET_MS, or at most maxMs. */
  async quiet(service: CrawlService, maxMs = Number.POSITIVE_INFINITY): Promise<void> {
    const until = Date.now() + maxMs;
    for (;;) {
      const wait = this.last[service] + ServiceActivity.QUIET_MS - Date.now();
      if (wait <= 0 || Date.now() >= until) return;
      await new Promise((r) => setTimeout(r, Math.min(wait, until - Date.now(), 250)));
    }
  }
}

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
  requests: Record<CrawlService, number>;
  limits: Record<CrawlService, HttpLimits>;
  activity?: ServiceActivity;
}

export interface BudgetOptions {
  mflApiUrl: string;
  sleeperApiUrl: string;
  fleaApiUrl: string;
  userAgent: string;
  /** Share of each service's rate and concurrency the crawl may use (0 < share ≤ 1). */
  share: number;
  /** The visitors' limits when they differ from the defaults (the demo's local simulator). */
  limits?: Partial<Record<CrawlService, Partial<HttpLimits>>>;
  fetch?: typeof fetch;
  /** The site's own requests, which background reads make way for. */
  activity?: ServiceActivity;
  /** The deployment's shared egress budget (see LeagueServicesOptions). */
  redis?: Redis;
  budgets?: ProcessBudgets;
  redisPrefix?: string;
}

/**
 * A service's limits for the crawl: the service's own rate (so a shared budget's turns line up with
 * the visitors'), of which background calls get `share`; concurrency scaled; no saved-up burst.
 */
export function backgroundLimits(base: HttpLimits, share: number): HttpLimits {
  return {
    ...base,
    backgroundShare: share,
    burst: 1,
    concurrency: Math.max(1, Math.floor(base.concurrency * share)),
    // A crawl can wait: it never holds a visitor, so it waits out any Retry-After the service asks for.
    maxRetryAfterMs: 120_000,
  };
}

export function createBackgroundServices(opts: BudgetOptions): BackgroundServices {
  const requests: Record<CrawlService, number> = { mfl: 0, sleeper: 0 };
  const limits = {
    mfl: backgroundLimits({ ...defaultHttpLimits.mfl, ...opts.limits?.mfl }, opts.share),
    sleeper: backgroundLimits({ ...defaultHttpLimits.sleeper, ...opts.limits?.sleeper }, opts.share),
  };
  const doFetch = opts.fetch ?? fetch;
  const sleeperBase = opts.sleeperApiUrl.replace(/\/+$/, '');
  const counting: typeof fetch = async (input, init) => {
    const service = serviceOf(urlOf(input), sleeperBase);
    // Within the request's own deadline: a crawl step already waited for a quiet service before it began.
    await opts.activity?.quiet(service, 3_000);
    requests[service] += 1;
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
    cache: reads,
    fetch: counting,
    limits,
    priority: 'background',
    redis: opts.redis,
    budgets: opts.budgets,
    redisPrefix: opts.redisPrefix,
  });
  return { services, cache, requests, limits, activity: opts.activity };
}
