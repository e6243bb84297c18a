import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Loader } from '#server/cache.ts';

/**
 * Who a league-service call is made for, without threading it through every client method: the
 * visitor (their address) for calls made while answering a request, or background work. The
 * per-service queues use it to share the services' rate fairly.
 */
export interface CallContext {
  visitor?: string;
  priority?: 'visitor' | 'background';
  /**
   * Aborts when nobody wants the calls' answers any more (the visitor left, the background job was
   * told to stop): calls waiting for their turn leave the queue, calls in flight are cut off, and no
   * retry or wait before one follows.
   */
  signal?: AbortSignal;
}

const storage = new AsyncLocalStorage<CallContext>();

export const currentCallContext = (): CallContext | undefined => storage.getStore();

/** Runs `fn` (and every call it makes) as background work: it yields to visitors and gets at most its share of each service. */
export function inBackground<T>(fn: () => T): T {
  return storage.run({ priority: 'background' }, fn);
}

/** Runs `fn` (and every call it makes) as work that `signal` ends: see CallContext.signal. */
export function endedBy<T>(signal: AbortSignal, fn: () => T): T {
  return storage.run({ ...storage.getStore(), signal }, fn);
}

/**
 * A signal that aborts when the visitor goes away before their answer has been sent whole: the
 * connection closed while the answer (a stream, say) was still being written or not yet begun.
 */
export function visitorGone(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  if (res.destroyed && !res.writableFinished) gone.abort();
  else
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
  return gone.signal;
}

/**
 * A loader whose shared loads (one load for everyone asking for a key at once: see createLoader)
 * run under a signal of their own, which aborts only once every caller waiting on the load has had
 * its own signal abort. A visitor who leaves stops the calls made for them alone, never a load
 * another visitor (or a caller without a signal) still waits for.
 */
export function loadsEndedByLastCaller(load: Loader): Loader {
  const shared = new Map<string, SharedLoad>();
  const ended: Loader = Object.assign(
    <T>(
      key: string,
      ttlMs: number | ((value: T) => number),
      fn: () => Promise<T>,
      options?: Parameters<Loader>[3],
    ): Promise<T> => {
      const context = storage.getStore();
      let entry = shared.get(key);
      if (!entry || entry.ended.signal.aborted) {
        entry = new SharedLoad();
        shared.set(key, entry);
      }
      const mine = entry;
      const leave = mine.join(context?.signal);
      const run = () => storage.run({ ...context, signal: mine.ended.signal }, fn);
      return load(key, ttlMs, run, options).finally(() => {
        leave();
        if (mine.callers === 0 && shared.get(key) === mine) shared.delete(key);
      });
    },
    {
      forget: load.forget,
      keep: load.keep,
      kept: load.kept,
    },
  );
  return ended;
}

/** The callers waiting on one shared load, and the signal that ends it once none of them wants it. */
class SharedLoad {
  readonly ended = new AbortController();
  callers = 0;
  private wanted = 0;

  /** Counts a caller in until it leaves (or its signal aborts); answers the way to leave. */
  join(signal: AbortSignal | undefined): () => void {
    this.callers++;
    this.wanted++;
    let counted = true;
    const uncount = () => {
      if (!counted) return false;
      counted = false;
      this.wanted--;
      return true;
    };
    // A caller that has gone stops the load if it was the last one who wanted it.
    const drop = () => {
      if (uncount() && this.wanted === 0) this.ended.abort();
    };
    if (signal?.aborted) drop();
    else signal?.addEventListener('abort', drop, { once: true });
    return () => {
      this.callers--;
      signal?.removeEventListener('abort', drop);
      uncount();
    };
  }
}

/** Runs `fn` on behalf of one visitor. */
export function asVisitor<T>(visitor: string, fn: () => T): T {
  return storage.run({ visitor, priority: 'visitor' }, fn);
}

/**
 * Marks every request's league calls with the visitor's network (`request.clientNetwork`: an IPv4
 * address, or an IPv6 client's /64, which it could otherwise rotate through to pose as countless
 * visitors). An address, not a cookie: cookies are free to forge and rotate too.
 */
export function registerVisitorContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run({ visitor: request.clientNetwork ?? request.ip, priority: 'visitor' }, done);
  });
}
