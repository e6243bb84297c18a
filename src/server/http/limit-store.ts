import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';

type Count = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Count) => void;

/**
 * What @fastify/rate-limit asks of a store (its `store` option is a class it constructs). A child
 * is given the route's merged limit options, the route itself in `routeInfo` (its typings say
 * otherwise).
 */
export interface LimitStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: object): LimitStore;
}

// Counts are only read, never refused by the limiter itself: the plugin compares them with `max`.
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** Where the store tells how it counts (the metrics: ops/metrics.ts). */
export interface LimitReports {
  /** Whether the limits count in this process now (Redis fails) rather than through Redis. */
  local(local: boolean): void;
  /** One count made in this process because Redis failed. */
  countedHere(): void;
}

/**
 * Whether the limits are shared through Redis right now or counted in this process because Redis
 * fails: one log line and a metric change at each switch.
 */
class Sharing {
  local = false;
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly report: LimitReports,
  ) {}
  fellBack(err: unknown) {
    this.report.countedHere();
    if (this.local) return;
    this.local = true;
    this.report.local(true);
    this.log.error(
      { err: { message: (err as Error)?.message ?? String(err) } },
      'Redis does not answer: log-in and other rate limits count in this process only until it does',
    );
  }
  shared() {
    if (!this.local) return;
    this.local = false;
    this.report.local(false);
    this.log.warn('Redis answers again: rate limits are shared through it again');
  }
}

/**
 * A rate-limit store for @fastify/rate-limit that keeps its counts in Redis (shared by every copy
 * of the server) and, while Redis fails, in this process: the limits get weaker for a while (each
 * copy counts alone, from zero), never switched off, as the plugin's `skipOnError` would have them.
 * The switch is logged once each way and shown in /metrics (`dynasty_rate_limits_local`).
 */
export function sharedLimitStore(opts: {
  redis: Redis;
  namespace: string;
  log: FastifyBaseLogger;
  report: LimitReports;
}): FastifyRateLimitStoreCtor {
  const sharing = new Sharing(opts.log, opts.report);
  opts.report.local(false);

  class SharedLimitStore implements LimitStore {
    private readonly limiters = new Map<number, { redis: RateLimiterRedis; memory: RateLimiterMemory }>();
    constructor(
      _params?: unknown,
      private readonly keyPrefix = `${opts.namespace}limit`,
    ) {}

    private pairFor(timeWindow: number) {
      let pair = this.limiters.get(timeWindow);
      if (!pair) {
        const duration = Math.max(1, Math.ceil(timeWindow / 1000));
        const common = { points: UNLIMITED, duration, keyPrefix: this.keyPrefix };
        pair = {
          // While the connection is not ready, fail at once (and count here) rather than wait.
          redis: new RateLimiterRedis({ ...common, storeClient: opts.redis, rejectIfRedisNotReady: true }),
          memory: new RateLimiterMemory(common),
        };
        this.limiters.set(timeWindow, pair);
      }
      return pair;
    }

    private async count(
      timeWindow: number,
      op: (l: RateLimiterRedis | RateLimiterMemory) => Promise<RateLimiterRes | null>,
    ): Promise<Count> {
      const { redis, memory } = this.pairFor(timeWindow);
      let res: RateLimiterRes | null;
      try {
        res = await op(redis);
        sharing.shared();
      } catch (err) {
        sharing.fellBack(err);
        res = await op(memory);
      }
      return res
        ? { current: res.consumedPoints, ttl: Math.max(0, res.msBeforeNext) }
        : { current: 0, ttl: 0 };
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      this.count(timeWindow, (l) => l.consume(key, 1)).then(
        (res) => cb(null, res),
        (err) => cb(err as Error),
      );
    }

    read(key: string, cb: Callback, timeWindow: number) {
      this.count(timeWindow, (l) => l.get(key)).then(
        (res) => cb(null, res),
        (err) => cb(err as Error),
      );
    }

    child(routeOptions: object): LimitStore {
      const { method, url } =
        (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new SharedLimitStore(
        undefined,
        method && url ? `${opts.namespace}${method}${url}` : this.keyPrefix,
      );
    }
  }
  return SharedLimitStore as unknown as FastifyRateLimitStoreCtor;
}
