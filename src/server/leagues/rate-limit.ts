import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** Time source for rate limiting, queueing and backoff; tests replace it with a clock they move. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or early (and without a timer left behind) once `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener('abort', done, { once: true });
    }),
};

/**
 * The real clock in epoch milliseconds: turns shared through Redis are numbered from the epoch, so
 * every process counts the same turn at the same moment.
 */
export const wallClock: Clock = { now: () => Date.now(), sleep: realClock.sleep };

/** Where one service's request rate is spent: this process alone, or every process sharing a Redis. */
export interface EgressBudget {
  /** Resolves when one request may go out. */
  take(): Promise<void>;
  /** Takes one request's turn if it is free now (answers 0); else answers how long to wait first. */
  tryTake(): Promise<number>;
  /** Nobody sends for `ms` (the service answered 429 with Retry-After). */
  pause(ms: number): void;
  /** How much longer a pause lasts, as far as this process knows. */
  pausedForMs(): number;
}

/**
 * A token bucket: `ratePerSecond` tokens a second, at most `burst` saved up. Waiters are served in
 * arrival order, and `pause` stops everyone (used when a service answers 429 with Retry-After).
 */
export class TokenBucket implements EgressBudget {
  private tokens: number;
  private last: number;
  private pausedUntil = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly clock: Clock = realClock,
  ) {
    if (!(ratePerSecond > 0) || !(burst >= 1)) throw new Error('TokenBucket needs a positive rate and burst');
    this.tokens = burst;
    this.last = clock.now();
  }

  /** Resolves when a request may start. */
  take(): Promise<void> {
    const turn = this.queue.then(() => this.waitForToken());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  async tryTake(): Promise<number> {
    const now = this.clock.now();
    if (now < this.pausedUntil) return this.pausedUntil - now;
    this.refill(now);
    if (this.tokens >= 0.999) {
      this.tokens = Math.max(0, this.tokens - 1);
      return 0;
    }
    return Math.max(1, ((1 - this.tokens) * 1000) / this.ratePerSecond);
  }

  pausedForMs(): number {
    return Math.max(0, this.pausedUntil - this.clock.now());
  }

  /** Nobody gets a token for `ms`; the saved-up burst is dropped too. */
  pause(ms: number): void {
    const until = this.clock.now() + ms;
    if (until > this.pausedUntil) this.pausedUntil = until;
    this.tokens = 0;
    this.last = Math.max(this.last, until);
  }

  private async waitForToken(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      if (now < this.pausedUntil) {
        await this.clock.sleep(this.pausedUntil - now);
        continue;
      }
      this.refill(now);
      // A hair of slack: timers may wake a fraction of a millisecond early.
      if (this.tokens >= 0.999) {
        this.tokens = Math.max(0, this.tokens - 1);
        return;
      }
      await this.clock.sleep(((1 - this.tokens) * 1000) / this.ratePerSecond);
    }
  }

  private refill(now: number) {
    if (now > this.last) {
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.ratePerSecond) / 1000);
      this.last = now;
    }
  }
}

/**
 * One service's rate shared by every process through Redis, so that N copies of the app behind one
 * egress address together keep to the service's limit. Time is cut into turns of 1/rate seconds and
 * each turn is one key that rate-limiter-flexible lets be taken once (an atomic counter in Redis), so
 * in any stretch of T ms at most T × rate / 1000 + 1 requests go out, whichever process sends them.
 * A 429 pauses every process (a blocked key). If Redis fails, each process falls back to the same
 * turns kept in its own memory. The clock counts the turns and waits for them (epoch time; tests
 * move a fake one over the in-memory turns, which Redis's own expiry cannot follow).
 */
export class SharedBudget implements EgressBudget {
  private readonly turns: RateLimiterRedis;
  private readonly pauses: RateLimiterRedis;
  private readonly intervalMs: number;
  private pausedUntil = 0;

  constructor(
    redis: Redis,
    key: string,
    ratePerSecond: number,
    private readonly clock: Clock = wallClock,
  ) {
    if (!(ratePerSecond > 0)) throw new Error('SharedBudget needs a positive rate');
    this.intervalMs = 1000 / ratePerSecond;
    const turn = { points: 1, duration: Math.max(1, Math.ceil((2 * this.intervalMs) / 1000)) };
    this.turns = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${key}:turn`,
      ...turn,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${key}:turn`, ...turn }),
    });
    this.pauses = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${key}:pause`,
      points: 1,
      duration: 1,
    });
  }

  async take(): Promise<void> {
    for (;;) {
      const wait = await this.tryTake();
      if (wait <= 0) return;
      await this.clock.sleep(wait);
    }
  }

  async tryTake(): Promise<number> {
    const paused = await this.sharedPauseMs();
    if (paused > 0) return paused;
    const now = this.clock.now();
    const turn = Math.floor(now / this.intervalMs);
    try {
      await this.turns.consume(String(turn));
      return 0;
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      return Math.max(1, (turn + 1) * this.intervalMs - now);
    }
  }

  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
    // Best effort: a Redis that cannot be reached leaves the pause to this process.
    this.pauses.block('on', Math.max(1, Math.ceil(ms / 1000))).catch(() => undefined);
  }

  pausedForMs(): number {
    return Math.max(0, this.pausedUntil - this.clock.now());
  }

  private async sharedPauseMs(): Promise<number> {
    const local = this.pausedForMs();
    if (local > 0) return local;
    const res = await this.pauses.get('on').catch(() => null);
    if (res && res.consumedPoints > 1 && res.msBeforeNext > 0) {
      this.pausedUntil = this.clock.now() + res.msBeforeNext;
      return res.msBeforeNext;
    }
    return 0;
  }
}

/**
 * With Redis, visitors of every process keep background work out: each visitor's call (at most a few
 * times a window) renews one key that lives `quietMs`, and background work anywhere waits while it
 * lives. A process's own visitors it also sees in memory (FairQueue); this covers the others'. If
 * Redis fails, background work goes by what its own process sees.
 */
export class SharedVisitorQuiet {
  private notedAt = Number.NEGATIVE_INFINITY;
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly quietMs: number,
  ) {}

  /** A visitor's call went out or came back. */
  note(): void {
    const now = performance.now();
    if (now - this.notedAt < this.quietMs / 4) return;
    this.notedAt = now;
    this.redis.set(this.key, '1', 'PX', Math.ceil(this.quietMs)).catch(() => undefined);
  }

  /** How much longer background work must keep out (0: it may go; a Redis that is down says 0 at once). */
  async remainingMs(): Promise<number> {
    return Math.max(0, await this.redis.pttl(this.key).catch(() => 0));
  }
}
