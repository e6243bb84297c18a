import { describe, expect, it } from 'vitest';
import { ManualClock, settle } from '#test/manual-clock.ts';
import {
  type Asker,
  FairQueue,
  type FairQueueOptions,
  QueueFullError,
  QueueTimeoutError,
} from './fair-queue.ts';
import { TokenBucket } from './rate-limit.ts';

/*
 * The queue's timing rules on a clock the test moves: fair turns, the estimate that refuses a wait
 * too long, background work kept out of visitors' way, and deadlines that tell a hung service from a
 * busy one. No real time passes, so the rules hold on a busy machine.
 */

const visitor = (name: string): Asker => ({ visitor: name, background: false });
const background: Asker = { visitor: 'crawl', background: true };

function queue(clock: ManualClock, over: Partial<FairQueueOptions> = {}) {
  const rate = over.requestsPerSecond ?? 10;
  return new FairQueue({
    concurrency: 1,
    requestsPerSecond: rate,
    maxWaitMs: 60_000,
    maxQueued: 1_000,
    budget: new TokenBucket(rate, 1, clock),
    backgroundBudget: new TokenBucket(rate / 2, 1, clock),
    backgroundConcurrency: 1,
    backgroundQuietMs: 1_000,
    backgroundMaxWaitMs: 10_000,
    clock,
    ...over,
  });
}

/** A call that answers after `ms` of the clock; its start and end are written to `log`. */
const call =
  (clock: ManualClock, log: string[], name: string, ms = 0) =>
  async () => {
    log.push(`${name}@${clock.now()}`);
    if (ms > 0) await clock.sleep(ms);
    return name;
  };

describe('FairQueue on a clock the test moves', () => {
  it('serves visitors in turn: a second visitor waits one round, not behind the first one’s sixty', async () => {
    const clock = new ManualClock();
    const q = queue(clock);
    const log: string[] = [];
    const done = Array.from({ length: 60 }, (_, i) =>
      q.run(visitor('a'), undefined, call(clock, log, `a${i}`)),
    );
    await settle();
    const b = q.run(visitor('b'), undefined, call(clock, log, 'b'));
    await clock.advance(10_000);
    await Promise.all([...done, b]);
    const order = log.map((l) => l.split('@')[0]);
    expect(order).toHaveLength(61);
    // a0 went at once; b is next in the rotation.
    expect(order.indexOf('b')).toBe(2);
    // 10 a second: b went out 200 ms after asking, not after a's whole line (6 s).
    expect(log[order.indexOf('b')]).toBe('b@200');
    expect(log.at(-1)).toBe('a59@6000');
  });

  it('refuses at once a request whose estimated wait is longer than the bound', async () => {
    const clock = new ManualClock();
    const q = queue(clock, { requestsPerSecond: 1, maxWaitMs: 2_500 });
    const log: string[] = [];
    // a0 goes at once; a1–a3 wait a second each.
    const ask = (name: string) => q.run(visitor('a'), undefined, call(clock, log, name));
    const waiting = [ask('a0'), ask('a1'), ask('a2')];
    await settle();
    waiting.push(ask('a3'));
    // Three ahead at one a second: 3 s, past the bound.
    const refused = await q.run(visitor('a'), undefined, call(clock, log, 'late')).catch((e) => e);
    expect(refused).toBeInstanceOf(QueueFullError);
    expect((refused as QueueFullError).waitMs).toBe(3_000);
    // Another visitor is within the bound: one round ahead of them at most.
    const other = q.run(visitor('b'), undefined, call(clock, log, 'b'));
    await clock.advance(10_000);
    expect(await other).toBe('b');
    expect(await Promise.all(waiting)).toEqual(['a0', 'a1', 'a2', 'a3']);
    expect(log.map((l) => l.split('@')[0])).not.toContain('late');
  });

  it('sends background work only after the visitors’ quiet, and never before a waiting visitor', async () => {
    const clock = new ManualClock();
    const q = queue(clock);
    const log: string[] = [];
    await q.run(visitor('a'), undefined, call(clock, log, 'a'));
    const crawl = q.run(background, undefined, call(clock, log, 'crawl'));
    await clock.advance(900);
    expect(log).toEqual(['a@0']);
    // A visitor who asks during the quiet goes first and starts the quiet again.
    const a2 = q.run(visitor('a'), undefined, call(clock, log, 'a2'));
    await clock.advance(50);
    expect(await a2).toBe('a2');
    await clock.advance(900);
    expect(log).toEqual(['a@0', 'a2@900']);
    await clock.advance(200);
    expect(await crawl).toBe('crawl');
    expect(log).toEqual(['a@0', 'a2@900', 'crawl@1900']);
  });

  it('a background request that has waited its longest goes out between visitors who never pause', async () => {
    const clock = new ManualClock();
    const q = queue(clock, { backgroundMaxWaitMs: 3_000 });
    const log: string[] = [];
    const crawl = q.run(background, undefined, call(clock, log, 'crawl'));
    // A visitor every 500 ms: the 1 s quiet never comes.
    for (let t = 0; t < 5_000; t += 500) {
      void q.run(visitor('a'), undefined, call(clock, log, `a${t}`));
      await clock.advance(500);
    }
    await crawl;
    const at = Number(log.find((l) => l.startsWith('crawl@'))?.split('@')[1]);
    expect(at).toBeGreaterThanOrEqual(3_000);
    expect(at).toBeLessThan(3_600);
  });

  it('a deadline passed in the queue says whether the service hung or only other visitors were ahead', async () => {
    const clock = new ManualClock();
    const q = queue(clock);
    const log: string[] = [];
    // A call that never answers holds the only slot.
    void q.run(visitor('a'), undefined, () => new Promise<string>(() => {}));
    await clock.advance(10);
    const deadline = new AbortController();
    const hung = q.run(visitor('b'), deadline.signal, call(clock, log, 'b')).catch((e) => e);
    await clock.advance(500);
    deadline.abort();
    const e = await hung;
    expect(e).toBeInstanceOf(QueueTimeoutError);
    expect(e).toMatchObject({ serviceHung: true, waitedMs: 500 });

    // A busy service that answers: waiting behind others is not the service's fault.
    const clock2 = new ManualClock();
    const q2 = queue(clock2);
    const a = [0, 1].map((i) => q2.run(visitor('a'), undefined, call(clock2, log, `a${i}`, 300)));
    await clock2.advance(100);
    const late = new AbortController();
    const waiting = q2.run(visitor('c'), late.signal, call(clock2, log, 'c')).catch((x) => x);
    // a0 answers at 300, a1 (asked first) goes next; c gives up at 500 while a1 is out.
    await clock2.advance(400);
    late.abort();
    expect(await waiting).toMatchObject({ name: 'QueueTimeoutError', serviceHung: false, waitedMs: 400 });
    await clock2.advance(1_000);
    expect(await Promise.all(a)).toEqual(['a0', 'a1']);
  });
});
