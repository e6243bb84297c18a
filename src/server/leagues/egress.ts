import type { Redis } from 'ioredis';
import type { LeagueType } from '#common/leagues.ts';
import { FairQueue } from './fair-queue.ts';
import { type HttpLimits, limitsOf } from './limits.ts';
import {
  type Clock,
  type EgressBudget,
  realClock,
  SharedBudget,
  SharedVisitorQuiet,
  TokenBucket,
} from './rate-limit.ts';

export interface EgressOptions {
  /** The site's per-service limits where they differ from the defaults. */
  limits?: Partial<Record<LeagueType, Partial<HttpLimits>>>;
  /** The share of each service's rate and concurrency background work may use, for every service. */
  backgroundShare?: number;
  /** With Redis, each service's rate is shared by every process of the deployment (keys under `redisPrefix`). */
  redis?: Redis;
  redisPrefix?: string;
  clock?: Clock;
}

/**
 * The way out to the league services for one process: per service, one queue in front of the
 * service's rate. Every client the process makes (the visitors' and the Rookie ADP crawl's) sends
 * through it, so one queue decides every turn: visitors first, round-robin among themselves, and
 * background work only in the quiet between them, within its share. Clients with their own queues
 * would each take turns of the service's rate in arrival order, and a crawl would take half a
 * visitor's turns. With Redis, the rate and the quiet are the deployment's: a crawl in one process
 * also keeps out while another process's visitors are being served.
 */
export class Egress {
  private readonly queues = new Map<LeagueType, FairQueue>();
  constructor(private readonly opts: EgressOptions = {}) {}

  private limits(service: LeagueType): HttpLimits {
    const limits = limitsOf(service, this.opts.limits?.[service]);
    if (this.opts.backgroundShare !== undefined) limits.backgroundShare = this.opts.backgroundShare;
    return limits;
  }

  /** The service's queue, made on first use. */
  queue(service: LeagueType): FairQueue {
    let queue = this.queues.get(service);
    if (!queue) {
      const limits = this.limits(service);
      queue = new FairQueue({
        concurrency: limits.concurrency,
        requestsPerSecond: limits.requestsPerSecond,
        maxWaitMs: limits.maxQueueWaitMs,
        maxQueued: limits.maxQueued,
        budget: this.budget(service, 'all', limits.requestsPerSecond, limits.burst),
        backgroundBudget: this.budget(
          service,
          'background',
          limits.requestsPerSecond * limits.backgroundShare,
          1,
        ),
        backgroundConcurrency: Math.max(1, Math.floor(limits.concurrency * limits.backgroundShare)),
        backgroundQuietMs: limits.backgroundQuietMs,
        backgroundMaxWaitMs: limits.backgroundMaxWaitMs,
        clock: this.opts.clock,
        sharedQuiet:
          this.opts.redis && limits.backgroundQuietMs > 0
            ? new SharedVisitorQuiet(
                this.opts.redis,
                `${this.opts.redisPrefix ?? 'dyn:'}egress:${service}:visitors`,
                limits.backgroundQuietMs,
              )
            : undefined,
      });
      this.queues.set(service, queue);
    }
    return queue;
  }

  private budget(service: LeagueType, lane: string, rate: number, burst: number): EgressBudget {
    const { redis, redisPrefix = 'dyn:', clock = realClock } = this.opts;
    return redis
      ? new SharedBudget(redis, `${redisPrefix}egress:${service}:${lane}`, rate)
      : new TokenBucket(rate, burst, clock);
  }
}
