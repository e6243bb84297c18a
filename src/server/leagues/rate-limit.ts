/** Time source for rate limiting and backoff; tests may replace it. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/**
 * A token bucket: `ratePerSecond` tokens a second, at most `burst` saved up. Waiters are served in
 * arrival order, and `pause` stops everyone (used when a service answers 429 with Retry-After).
 */
export class TokenBucket {
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
      if (now > this.last) {
        this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.ratePerSecond) / 1000);
        this.last = now;
      }
      // A hair of slack: timers may wake a fraction of a millisecond early.
      if (this.tokens >= 0.999) {
        this.tokens = Math.max(0, this.tokens - 1);
        return;
      }
      await this.clock.sleep(((1 - this.tokens) * 1000) / this.ratePerSecond);
    }
  }
}
