import type { Redis } from 'ioredis';
import type { LeagueType } from '#common/leagues.ts';
import { type Cache, createLoader } from '../cache.ts';
import { createFleaClient, type FleaClient } from './flea/client.ts';
import { createServiceHttp, type HttpLimits, type ServiceHttpOptions } from './http.ts';
import { createMflClient, type MflClient } from './mfl/client.ts';
import { createPlayerDirectory, type PlayerDirectory } from './player-directory.ts';
import type { Clock, ProcessBudgets } from './rate-limit.ts';
import { createSleeperClient, type SleeperClient } from './sleeper/client.ts';

/** How the site names itself to the league services. */
export const USER_AGENT = 'DynastyForge/0.1 (+https://dynastyforge.example)';

export interface LeagueServices {
  mfl: MflClient;
  sleeper: SleeperClient;
  flea: FleaClient;
  players: PlayerDirectory;
}

export interface LeagueServicesOptions {
  mflApiUrl: string;
  sleeperApiUrl: string;
  fleaApiUrl: string;
  userAgent: string;
  cache: Cache;
  /** Wall clock (epoch ms) for the season year. */
  now?: () => number;
  fetch?: typeof fetch;
  /** Per-service overrides of the request rate, concurrency, timeouts and retries. */
  limits?: Partial<Record<LeagueType, Partial<HttpLimits>>>;
  clock?: Clock;
  onRetry?: ServiceHttpOptions['onRetry'];
  /** Every call to a service: its outcome and time (for metrics). */
  onCall?: ServiceHttpOptions['onCall'];
  /** With Redis, each service's rate limit is shared by every process of the deployment. */
  redis?: Redis;
  /** Without Redis, the process's budgets, so the crawl's clients and the visitors' share one rate. */
  budgets?: ProcessBudgets;
  redisPrefix?: string;
  /** 'background' for clients that only do background work (the Rookie ADP crawl). */
  priority?: ServiceHttpOptions['priority'];
}

export function createLeagueServices(opts: LeagueServicesOptions): LeagueServices {
  const load = createLoader(opts.cache);
  const http = (service: LeagueType) =>
    createServiceHttp({
      service,
      userAgent: opts.userAgent,
      limits: opts.limits?.[service],
      fetch: opts.fetch,
      clock: opts.clock,
      onRetry: opts.onRetry,
      onCall: opts.onCall,
      redis: opts.redis,
      budgets: opts.budgets,
      redisPrefix: opts.redisPrefix,
      priority: opts.priority,
    });
  const mfl = createMflClient({ http: http('mfl'), apiUrl: opts.mflApiUrl, load, now: opts.now });
  const sleeper = createSleeperClient({ http: http('sleeper'), apiUrl: opts.sleeperApiUrl, load });
  const flea = createFleaClient({ http: http('flea'), apiUrl: opts.fleaApiUrl, load });
  const players = createPlayerDirectory({ mfl, sleeper, flea, load, now: opts.now });
  return { mfl, sleeper, flea, players };
}
