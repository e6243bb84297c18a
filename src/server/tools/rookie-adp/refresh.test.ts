import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRefresh } from './refresh.ts';

afterEach(() => vi.useRealTimers());

describe('the scheduled refresh', () => {
  it('runs at start and on every tick, never two runs at once, and not after stop', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let release: (() => void) | undefined;
    const refresher = startRefresh({
      tickMs: 1000,
      run: () =>
        new Promise<void>((resolve) => {
          runs += 1;
          release = resolve;
        }),
      onError: () => {},
    });
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1); // the first run is still going
    release!();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(refresher.state()).toMatchObject({ running: true, runs: 1 });
    const stopping = refresher.stop();
    release!();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
    expect(refresher.state()).toMatchObject({ running: false, runs: 2 });
  });

  it('keeps the process free to exit and reports a failed run without stopping', async () => {
    const spy = vi.spyOn(globalThis, 'setInterval');
    const errors: unknown[] = [];
    const refresher = startRefresh({
      tickMs: 60_000,
      run: async () => {
        throw new Error('boom');
      },
      onError: (e) => errors.push(e),
    });
    const timer = spy.mock.results[0].value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    await refresher.runNow();
    expect(errors.length).toBeGreaterThanOrEqual(1);
    await refresher.stop();
    spy.mockRestore();
  });

  it('makes one run and no timer when the interval is 0', async () => {
    const spy = vi.spyOn(globalThis, 'setInterval');
    let runs = 0;
    const refresher = startRefresh({ tickMs: 0, run: async () => void runs++, onError: () => {} });
    await refresher.stop();
    expect(runs).toBe(1);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
