import {
  type BackgroundServices,
  type BudgetOptions,
  createBackgroundServices,
} from '#server/adp-data/discovery/budget.ts';
import type { CrawlSettings } from '#server/adp-data/discovery/crawl.ts';
import { memoryCache } from '#server/cache.ts';
import { quickLimits, type Sim } from './simulator.ts';

/**
 * Background services against the simulator that log every URL they request (and, given `onRetry`,
 * tell each wait to try a call again).
 */
export function simBackground(
  sim: Sim,
  log: string[] = [],
  fetchImpl: typeof fetch = fetch,
  onRetry?: BudgetOptions['onRetry'],
): BackgroundServices {
  return createBackgroundServices({
    mflApiUrl: `${sim.base}/mfl/api`,
    sleeperApiUrl: `${sim.base}/sleeper/v1`,
    fleaApiUrl: `${sim.base}/flea/api`,
    userAgent: 'dynasty-test/1.0',
    share: 0.5,
    limits: { mfl: quickLimits, sleeper: quickLimits },
    fetch: (input, init) => {
      log.push(String(input));
      return fetchImpl(input, init);
    },
    onRetry,
  });
}

export function testSettings(overrides: Partial<CrawlSettings> = {}): CrawlSettings {
  return {
    sleeperWalk: true,
    mflSearch: true,
    searchTerms: ['devy'],
    sleeperUsers: [],
    configured: [],
    maxRequests: 300,
    maxRunMs: 60_000,
    leaseMs: 60_000,
    refreshMs: 0,
    ...overrides,
  };
}

/** How often each league's settings were asked for: MFL `TYPE=league&L=`, Sleeper `/league/<id>/drafts`. */
export function leagueReads(log: readonly string[]): Map<string, number> {
  const reads = new Map<string, number>();
  for (const url of log) {
    const mfl = /[?&]TYPE=league&L=(\d+)/.exec(url);
    const sleeper = /\/league\/(\d+)\/drafts$/.exec(url);
    const key = mfl ? `mfl:${mfl[1]}` : sleeper ? `sleeper:${sleeper[1]}` : undefined;
    if (key) reads.set(key, (reads.get(key) ?? 0) + 1);
  }
  return reads;
}

export const appCache = () => memoryCache();
