import type { LeagueType } from '#common/leagues.ts';

/** How hard we may lean on one league service. */
export interface HttpLimits {
  requestsPerSecond: number;
  /** Requests that may go out back to back before the rate applies. */
  burst: number;
  /** Requests in flight at once. */
  concurrency: number;
  timeoutMs: number;
  /** Tries in all, the first one included. */
  attempts: number;
  /** First retry waits about this long, doubling each time (with jitter) up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A Retry-After longer than this is not waited for: the visitor is told to come back instead. */
  maxRetryAfterMs: number;
  /** A request that would wait longer than this for its turn is refused at once (503, Retry-After). */
  maxQueueWaitMs: number;
  /** Waiting requests in all, whoever sent them. */
  maxQueued: number;
  /** Failures in a row (timeouts, no connection, 5xx) that open the circuit: calls then fail at once. */
  breakAfter: number;
  /** How long an open circuit stays open before one call tries the service again (doubling while it fails, up to maxHalfOpenAfterMs). */
  halfOpenAfterMs: number;
  maxHalfOpenAfterMs: number;
  /** The part of the rate, and of `concurrency`, that background work may use. */
  backgroundShare: number;
  /** Background work waits until no visitor's request has gone out or come back for this long. */
  backgroundQuietMs: number;
  /**
   * ...but a background request that has waited this long takes the next turn no waiting visitor
   * wants, so a crawl keeps a slow pace even while visitors keep a service busy all day.
   */
  backgroundMaxWaitMs: number;
  /**
   * The largest answer read (after decompression): a bigger one is refused unread, as "could not
   * read", so a broken or hostile answer cannot fill the process's memory.
   */
  maxBodyBytes: number;
}

/** What every service gets unless told otherwise: the queue, breaker and background lane. */
const common = {
  maxQueueWaitMs: 6_000,
  maxQueued: 500,
  breakAfter: 5,
  halfOpenAfterMs: 10_000,
  maxHalfOpenAfterMs: 60_000,
  backgroundShare: 0.5,
  backgroundQuietMs: 1_000,
  backgroundMaxWaitMs: 10_000,
  // MFL's largest answer, the player database with details, is about 4 MB.
  maxBodyBytes: 16 * 1024 * 1024,
};

/**
 * MFL throttles hard and asks for about a second between requests, so it gets a strict 2/s with no
 * burst; Sleeper allows 1000 calls a minute; Fleaflicker publishes no limit, so it gets the same.
 * ESPN's read API is unofficial and publishes none: it gets a gentler 5/s, as a browser on its
 * league pages would send.
 */
export const defaultHttpLimits: Record<LeagueType, HttpLimits> = {
  mfl: {
    requestsPerSecond: 2,
    burst: 1,
    concurrency: 2,
    timeoutMs: 10_000,
    attempts: 3,
    backoffMs: 1_000,
    maxBackoffMs: 8_000,
    maxRetryAfterMs: 10_000,
    ...common,
  },
  sleeper: {
    requestsPerSecond: 15,
    burst: 10,
    concurrency: 8,
    timeoutMs: 10_000,
    attempts: 3,
    backoffMs: 400,
    maxBackoffMs: 5_000,
    maxRetryAfterMs: 10_000,
    ...common,
    // Sleeper's whole player map (/players/nfl) is its one big answer, some tens of MB unpacked.
    maxBodyBytes: 96 * 1024 * 1024,
  },
  flea: {
    requestsPerSecond: 15,
    burst: 10,
    concurrency: 6,
    timeoutMs: 10_000,
    attempts: 3,
    backoffMs: 400,
    maxBackoffMs: 5_000,
    maxRetryAfterMs: 10_000,
    ...common,
  },
  espn: {
    requestsPerSecond: 5,
    burst: 5,
    concurrency: 4,
    timeoutMs: 10_000,
    attempts: 3,
    backoffMs: 500,
    maxBackoffMs: 5_000,
    maxRetryAfterMs: 10_000,
    ...common,
  },
};

/** A service's limits: the defaults, with the site's own where it sets them. */
export const limitsOf = (service: LeagueType, overrides?: Partial<HttpLimits>): HttpLimits => ({
  ...defaultHttpLimits[service],
  ...overrides,
});
