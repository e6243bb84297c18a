/*
 * The scheduled refresh: one run at start, then a tick every `tickMs` (runs never overlap). The timer
 * is unref'd so it never keeps the process alive, and stop() waits for a run in progress.
 */

export interface RefreshState {
  running: boolean;
  runs: number;
  lastRunAt: number | null;
}

export interface Refresher {
  state(): RefreshState;
  /** Runs now unless a run is in progress (then waits for that one). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startRefresh(opts: {
  run: (stopped: () => boolean) => Promise<void>;
  /** 0 means one run at start and no timer. */
  tickMs: number;
  onError: (e: unknown) => void;
  now?: () => number;
}): Refresher {
  const now = opts.now ?? Date.now;
  let stopped = false;
  let current: Promise<void> | undefined;
  const state: RefreshState = { running: false, runs: 0, lastRunAt: null };

  const runNow = () => {
    if (current) return current;
    if (stopped) return Promise.resolve();
    state.running = true;
    current = opts
      .run(() => stopped)
      .catch(opts.onError)
      .finally(() => {
        state.running = false;
        state.runs += 1;
        state.lastRunAt = now();
        current = undefined;
      });
    return current;
  };

  const timer = opts.tickMs > 0 ? setInterval(() => void runNow(), opts.tickMs) : undefined;
  timer?.unref();
  void runNow();

  return {
    state: () => ({ ...state }),
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await current;
    },
  };
}
