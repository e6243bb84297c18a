import { type Clock, type EgressBudget, realClock, type SharedVisitorQuiet } from './rate-limit.ts';

/** Who is asking: visitors are served in turn, one request each per round; background work comes last. */
export interface Asker {
  visitor: string;
  background: boolean;
  /**
   * The circuit breaker the request goes through (each client has one per lane). When it opens, its
   * waiting requests fail at once (`failWaiting`), and no one else's.
   */
  circuit?: object;
}

export interface FairQueueOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** The service's rate, for estimating waits. */
  requestsPerSecond: number;
  /** A request whose estimated wait is longer is refused at once. */
  maxWaitMs: number;
  /** Waiting requests in all (a memory bound; the wait bound normally comes first). */
  maxQueued: number;
  budget: EgressBudget;
  /** Background requests also need a turn from this smaller budget, so they get at most its rate. */
  backgroundBudget: EgressBudget;
  /** Background requests in flight at once. */
  backgroundConcurrency: number;
  /** A background request goes out only when no visitor's request has gone out or come back for this long. */
  backgroundQuietMs: number;
  /** A background request that has waited this long goes out without the quiet (never before a waiting visitor). */
  backgroundMaxWaitMs: number;
  /** With Redis: the same quiet kept across every process of the deployment. */
  sharedQuiet?: Pick<SharedVisitorQuiet, 'note' | 'remainingMs'>;
  /** Every wait and every moment the queue notes (tests move a clock of their own). */
  clock?: Clock;
}

/** The queue is too long for this request; `waitMs` is how long it would have waited. */
export class QueueFullError extends Error {
  constructor(readonly waitMs: number) {
    super('queue full');
    this.name = 'QueueFullError';
  }
}

/**
 * The request's deadline passed while it waited. `serviceHung` says a call that started before this
 * request was asked is still unanswered: the queue did not move because the service is not answering,
 * which the circuit breaker counts, unlike a wait caused by other visitors' requests.
 */
export class QueueTimeoutError extends Error {
  constructor(
    readonly waitedMs: number,
    readonly serviceHung: boolean,
  ) {
    super('queue timeout');
    this.name = 'QueueTimeoutError';
  }
}

interface Entry {
  asker: Asker;
  askedAt: number;
  run: () => void;
  fail: (e: unknown) => void;
}

/**
 * One service's queue. Each visitor has a line of their own and the lines are served round-robin, so
 * someone who sends sixty requests waits for their own sixty while anyone else's request goes out
 * within about one round. A request whose wait would be longer than `maxWaitMs` is refused at once
 * (QueueFullError); one still waiting when its signal aborts leaves with QueueTimeoutError. Requests go
 * out as the budget (the service's rate) and `concurrency` allow. Background requests go out only
 * when no visitor is waiting and none has been served for `backgroundQuietMs` (a visitor's next call
 * often follows the last one's answer), or once they have waited `backgroundMaxWaitMs`, within their
 * own smaller budget and concurrency.
 */
export class FairQueue {
  private readonly lines = new Map<string, Entry[]>();
  private readonly background: Entry[] = [];
  private waitingVisitors = 0;
  /** The calls now in flight, each with the moment it started. */
  private readonly inFlight = new Set<{ started: number }>();
  private backgroundInFlight = 0;
  /** When a visitor's request last went out or came back. */
  private lastVisitorAt = Number.NEGATIVE_INFINITY;
  private avgCallMs = 0;
  /** When a call last got an answer (any HTTP status), and when one last ended without one. */
  private lastAnswerAt = Number.NEGATIVE_INFINITY;
  private lastSilenceAt = Number.NEGATIVE_INFINITY;
  private pumping = false;
  private wake: (() => void) | undefined;
  private readonly clock: Clock;

  constructor(private readonly opts: FairQueueOptions) {
    this.clock = opts.clock ?? realClock;
  }

  get waiting(): number {
    return this.waitingVisitors + this.background.length;
  }

  /** Runs `fn` when the asker's turn comes; `signal` is the request's deadline, counted from now (none: no deadline). */
  run<T>(asker: Asker, signal: AbortSignal | undefined, fn: () => Promise<T>): Promise<T> {
    const askedAt = this.clock.now();
    if (signal?.aborted) return Promise.reject(new QueueTimeoutError(0, false));
    if (this.waiting >= this.opts.maxQueued) return Promise.reject(new QueueFullError(this.opts.maxWaitMs));
    if (!asker.background) {
      const wait = this.estimateWaitMs(asker.visitor);
      if (wait > this.opts.maxWaitMs) return Promise.reject(new QueueFullError(wait));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        if (!this.remove(entry)) return;
        reject(new QueueTimeoutError(this.clock.now() - askedAt, this.silentSince(askedAt)));
      };
      const entry: Entry = {
        asker,
        askedAt,
        run: () => {
          signal?.removeEventListener('abort', onAbort);
          const call = { started: this.clock.now() };
          this.inFlight.add(call);
          if (asker.background) this.backgroundInFlight++;
          else this.visitorSeen(call.started);
          fn()
            .then(
              (value) => {
                this.lastAnswerAt = this.clock.now();
                resolve(value);
              },
              (e) => {
                this.lastSilenceAt = this.clock.now();
                reject(e);
              },
            )
            .finally(() => {
              this.inFlight.delete(call);
              if (asker.background) this.backgroundInFlight--;
              else this.visitorSeen(this.clock.now());
              const ms = this.clock.now() - call.started;
              this.avgCallMs = this.avgCallMs === 0 ? ms : this.avgCallMs * 0.8 + ms * 0.2;
              void this.pump();
            });
        },
        fail: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (asker.background) this.background.push(entry);
      else {
        const line = this.lines.get(asker.visitor);
        if (line) line.push(entry);
        else this.lines.set(asker.visitor, [entry]);
        this.waitingVisitors++;
        this.wake?.();
      }
      void this.pump();
    });
  }

  /**
   * About how long a new request of this visitor would wait: round-robin puts it behind the visitor's
   * own waiting requests and, from everyone else, at most one more than that each.
   */
  estimateWaitMs(visitor: string): number {
    const own = this.lines.get(visitor)?.length ?? 0;
    let ahead = own;
    for (const [v, line] of this.lines) if (v !== visitor) ahead += Math.min(line.length, own + 1);
    if (this.inFlight.size >= this.opts.concurrency) ahead += 1;
    const interval = Math.max(1000 / this.opts.requestsPerSecond, this.avgCallMs / this.opts.concurrency);
    return ahead * interval + this.opts.budget.pausedForMs();
  }

  /**
   * The service has not answered since `since`, though it was asked: a call from before then is still
   * out, or one ended without an answer (a timeout, no connection).
   */
  private silentSince(since: number): boolean {
    if (this.lastAnswerAt >= since) return false;
    return this.lastSilenceAt >= since || [...this.inFlight].some((call) => call.started < since);
  }

  /**
   * Fails the waiting requests that go through `circuit` with `error` (that circuit just opened).
   * Everyone else's stay in line: the queue is shared by every client of the process, visitors' and
   * background work's, and one client's breaker speaks only for the calls it would refuse itself.
   */
  failWaiting(circuit: object, error: unknown): void {
    const failed: Entry[] = [];
    const take = (entries: Entry[]) => {
      for (let i = entries.length - 1; i >= 0; i--)
        if (entries[i].asker.circuit === circuit) failed.unshift(...entries.splice(i, 1));
    };
    take(this.background);
    for (const [visitor, line] of [...this.lines]) {
      const before = failed.length;
      take(line);
      this.waitingVisitors -= failed.length - before;
      if (line.length === 0) this.lines.delete(visitor);
    }
    for (const entry of failed) entry.fail(error);
  }

  private remove(entry: Entry): boolean {
    if (entry.asker.background) {
      const i = this.background.indexOf(entry);
      if (i < 0) return false;
      this.background.splice(i, 1);
      return true;
    }
    const line = this.lines.get(entry.asker.visitor);
    const i = line ? line.indexOf(entry) : -1;
    if (!line || i < 0) return false;
    line.splice(i, 1);
    if (line.length === 0) this.lines.delete(entry.asker.visitor);
    this.waitingVisitors--;
    return true;
  }

  /** The first visitor in the rotation gives up their oldest request and goes to the back. */
  private nextVisitorEntry(): Entry | undefined {
    const first = this.lines.entries().next();
    if (first.done) return undefined;
    const [visitor, line] = first.value;
    const entry = line.shift()!;
    this.lines.delete(visitor);
    if (line.length > 0) this.lines.set(visitor, line);
    this.waitingVisitors--;
    return entry;
  }

  /** Nobody is sent for `ms` (the service answered 429 with Retry-After). */
  pause(ms: number): void {
    this.opts.budget.pause(ms);
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.inFlight.size < this.opts.concurrency) {
        try {
          if (!(await this.dispatchOne())) break;
        } catch {
          // The budget's store failed (it falls back to memory on its own): try again shortly rather
          // than leave the waiting requests to their deadlines.
          await this.sleepUnlessWoken(50);
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Sends one request, or waits for the moment one may go; false when nothing can go until a call ends. */
  private async dispatchOne(): Promise<boolean> {
    if (this.waitingVisitors > 0) {
      await this.opts.budget.take();
      // The visitor may have given up meanwhile; the turn then goes to background work if it may use it.
      const entry = this.nextVisitorEntry() ?? (await this.backgroundEntry());
      entry?.run();
      return true;
    }
    if (this.background.length === 0 || this.backgroundInFlight >= this.opts.backgroundConcurrency)
      return false;
    const now = this.clock.now();
    const waitedOut = this.background[0].askedAt + this.opts.backgroundMaxWaitMs - now;
    let quiet = this.lastVisitorAt + this.opts.backgroundQuietMs - now;
    // Other processes' visitors are asked about only once this one's are quiet.
    if (quiet <= 0 && waitedOut > 0) quiet = (await this.opts.sharedQuiet?.remainingMs()) ?? 0;
    quiet = Math.min(quiet, waitedOut);
    if (quiet > 0) {
      await this.sleepUnlessWoken(quiet);
      return true;
    }
    const wait = await this.opts.backgroundBudget.tryTake();
    if (wait > 0) {
      await this.sleepUnlessWoken(wait);
      return true;
    }
    await this.opts.budget.take();
    // A visitor who arrived meanwhile goes first; the background turn is simply not used.
    (this.nextVisitorEntry() ?? this.background.shift())?.run();
    return true;
  }

  private visitorSeen(at: number) {
    this.lastVisitorAt = at;
    this.opts.sharedQuiet?.note();
  }

  /** The next background request, if it may go now (its concurrency, the quiet, its own budget). */
  private async backgroundEntry(): Promise<Entry | undefined> {
    if (this.background.length === 0 || this.backgroundInFlight >= this.opts.backgroundConcurrency)
      return undefined;
    if (this.clock.now() - this.lastVisitorAt < this.opts.backgroundQuietMs) return undefined;
    if ((await this.opts.backgroundBudget.tryTake()) > 0) return undefined;
    return this.background.shift();
  }

  /** Sleeps `ms`, or less if a visitor's request arrives meanwhile. */
  private sleepUnlessWoken(ms: number): Promise<void> {
    const woken = new AbortController();
    this.wake = () => {
      this.wake = undefined;
      woken.abort();
    };
    return this.clock.sleep(ms, woken.signal);
  }
}
