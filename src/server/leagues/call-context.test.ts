import { describe, expect, it } from 'vitest';
import { createLoader, memoryCache } from '#server/cache.ts';
import { currentCallContext, endedBy, loadsEndedByLastCaller } from './call-context.ts';

/* Calls that nobody wants any more end; a load several callers share ends only with the last one. */

/** A load that runs until its call context's signal aborts (or it is let go), saying which. */
function loadUntilEnded() {
  let letGo: (value: string) => void = () => {};
  let started = 0;
  const load = () => {
    started++;
    const signal = currentCallContext()?.signal;
    return new Promise<string>((resolve, reject) => {
      letGo = resolve;
      signal?.addEventListener('abort', () => reject(new Error('ended')), { once: true });
    });
  };
  return { load, letGo: (v: string) => letGo(v), started: () => started };
}

const settle = (p: Promise<unknown>) =>
  p.then(
    (v) => ({ value: v }),
    (e: Error) => ({ error: e.message }),
  );

describe('loads shared by callers who may leave', () => {
  it('goes on while one caller still waits, and ends once the last one has left', async () => {
    const load = loadsEndedByLastCaller(createLoader(memoryCache()));
    const work = loadUntilEnded();
    const a = new AbortController();
    const b = new AbortController();
    const first = settle(endedBy(a.signal, () => load('k', 1_000, work.load)));
    const second = settle(endedBy(b.signal, () => load('k', 1_000, work.load)));
    await new Promise((r) => setTimeout(r, 10));
    expect(work.started()).toBe(1);
    let over = false;
    void second.then(() => {
      over = true;
    });
    a.abort();
    await new Promise((r) => setTimeout(r, 10));
    // The second caller still wants the answer: the load goes on for both.
    expect(over).toBe(false);
    b.abort();
    expect(await first).toEqual({ error: 'ended' });
    expect(await second).toEqual({ error: 'ended' });
  });

  it('answers a caller who stayed even though the one who started the load left', async () => {
    const load = loadsEndedByLastCaller(createLoader(memoryCache()));
    const work = loadUntilEnded();
    const leaver = new AbortController();
    const first = settle(endedBy(leaver.signal, () => load('k', 1_000, work.load)));
    // A caller with no signal (a JSON answer, a job) never lets the load end early.
    const stayer = settle(load('k', 1_000, work.load));
    await new Promise((r) => setTimeout(r, 10));
    leaver.abort();
    await new Promise((r) => setTimeout(r, 10));
    work.letGo('answer');
    expect(await stayer).toEqual({ value: 'answer' });
    expect(await first).toEqual({ value: 'answer' });
    expect(work.started()).toBe(1);
  });

  it('a caller with no signal loads as before', async () => {
    const load = loadsEndedByLastCaller(createLoader(memoryCache()));
    expect(await load('k', 1_000, async () => 'value')).toBe('value');
    expect(await load('k', 1_000, async () => 'other')).toBe('value');
  });
});
