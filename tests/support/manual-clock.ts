import type { Clock } from '#server/leagues/rate-limit.ts';

interface Sleeper {
  at: number;
  resolve: () => void;
}

/** Lets every promise chain that is ready run (timers of the real clock are not involved). */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A Clock that moves only when a test moves it: timing rules are checked in fake milliseconds, so they
 * hold however busy the machine is and take no real time.
 */
export class ManualClock implements Clock {
  private t = 0;
  private sleepers: Sleeper[] = [];

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const sleeper: Sleeper = { at: this.t + Math.max(0, ms), resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper);
          resolve();
        },
        { once: true },
      );
    });
  }

  /** Sleeps not yet over. */
  get pending(): number {
    return this.sleepers.length;
  }

  /** Moves time on by `ms`, waking each sleeper at its moment, in order, and letting its work run. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    await settle();
    for (;;) {
      const next = this.sleepers.reduce<Sleeper | undefined>(
        (a, s) => (!a || s.at < a.at ? s : a),
        undefined,
      );
      if (!next || next.at > end) break;
      this.t = Math.max(this.t, next.at);
      this.sleepers = this.sleepers.filter((s) => s !== next);
      next.resolve();
      await settle();
    }
    this.t = end;
    await settle();
  }
}
