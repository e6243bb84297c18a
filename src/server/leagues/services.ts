import type { LeagueType } from '#common/leagues.ts';
import { type Cache, createLoader } from '../cache.ts';
import { loadsEndedByLastCaller } from './call-context.ts';
import { Egress } from './egress.ts';
import { createEspnClient, type EspnClient } from './espn/client.ts';
import { createFleaClient, type FleaClient } from './flea/client.ts';
import { createServiceHttp, type ServiceHttpOptions } from './http.ts';
import type { HttpLimits } from './limits.ts';
import { createMflClient, type MflClient } from './mfl/client.ts';
import { createPlayerDirectory, type PlayerDirectory } from './player-directory.ts';
import type { Clock } from './rate-limit.ts';
import { createSleeperClient, type SleeperClient } from './sleeper/client.ts';

export interface LeagueServices {
  mfl: MflClient;
  sleeper: SleeperClient;
  flea: FleaClient;
  espn: EspnClient;
  players: PlayerDirectory;
}

export interface LeagueServicesOptions {
  mflApiUrl: string;
  sleeperApiUrl: string;
  fleaApiUrl: string;
  /** ESPN's read API and fan API; ESPN's own hosts unless set. */
  espnApiUrl?: string;
  espnFanApiUrl?: string;
  /** How the site names itself to the services (config.userAgent): every call sends it. */
  userAgent: string;
  /** MFL's own User-Agent when it differs (the one registered with MFL: config.mflUserAgent). */
  mflUserAgent?: string;
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
  /**
   * The process's way out to the services (its queues and rate budgets), shared with the Rookie ADP
   * crawl's clients; by default one of their own, from `limits`.
   */
  egress?: Egress;
  /** 'background' for clients that only do background work (the Rookie ADP crawl). */
  priority?: ServiceHttpOptions['priority'];
}

export function createLeagueServices(opts: LeagueServicesOptions): LeagueServices {
  // A read shared by several visitors goes on while any of them still waits for it.
  const load = loadsEndedByLastCaller(createLoader(opts.cache));
  const egress = opts.egress ?? new Egress({ limits: opts.limits, clock: opts.clock });
  const http = (service: LeagueType) =>
    createServiceHttp({
      service,
      userAgent: service === 'mfl' ? (opts.mflUserAgent ?? opts.userAgent) : opts.userAgent,
      limits: opts.limits?.[service],
      fetch: opts.fetch,
      clock: opts.clock,
      onRetry: opts.onRetry,
      onCall: opts.onCall,
      egress,
      priority: opts.priority,
    });
  const mfl = createMflClient({ http: http('mfl'), apiUrl: opts.mflApiUrl, load, now: opts.now });
  const sleeper = createSleeperClient({ http: http('sleeper'), apiUrl: opts.sleeperApiUrl, load });
  const flea = createFleaClient({ http: http('flea'), apiUrl: opts.fleaApiUrl, load });
  const espn = createEspnClient({
    http: http('espn'),
    apiUrl: opts.espnApiUrl ?? 'https://lm-api-reads.fantasy.espn.com',
    fanApiUrl: opts.espnFanApiUrl ?? 'https://fan.api.espn.com',
    load,
    seasonYear: () => mfl.seasonYear(),
  });
  const players = createPlayerDirectory({ mfl, sleeper, flea, load, now: opts.now });
  return { mfl, sleeper, flea, espn, players };
}
