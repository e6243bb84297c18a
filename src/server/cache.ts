import { LRUCache } from 'lru-cache';

/**
 * A small key/value cache with per-entry time to live. In-process by default; Redis when REDIS_URL
 * is set so that several app processes share one cache (and one invalidation). Both read values the
 * same way: `undefined` is a miss (never stored, expired or deleted), anything stored reads back as
 * stored, `null` included (an answer of "none" is kept like any other).
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  /** Keeps `value` for ttlMs; `undefined` keeps nothing (it removes what the key held). */
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  /**
   * Sets the key for ttlMs unless it holds a value, in one step: true for the one caller that set
   * it, however many ask at once (a throttle: "at most once a while").
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Atomically adds 1 and returns the new value; used for version counters that invalidate groups. */
  incr(key: string): Promise<number>;
  close(): Promise<void>;
}

export function memoryCache(max = 5000): Cache {
  const lru = new LRUCache<string, { v: unknown }>({ max, ttlAutopurge: false });
  const counters = new Map<string, number>();
  return {
    async get<T>(key: string) {
      const entry = lru.get(key);
      // A counter reads back like any value, as it does in Redis.
      return (entry ? entry.v : counters.get(key)) as T | undefined;
    },
    async set(key, value, ttlMs) {
      if (value === undefined) {
        lru.delete(key);
        counters.delete(key);
      } else lru.set(key, { v: value }, { ttl: Math.max(1, ttlMs) });
    },
    async claim(key, ttlMs) {
      // No await between the look and the set: one caller of this process wins.
      if (lru.has(key) || counters.has(key)) return false;
      lru.set(key, { v: 1 }, { ttl: Math.max(1, ttlMs) });
      return true;
    },
    async delete(key) {
      lru.delete(key);
      counters.delete(key);
    },
    async incr(key) {
      const next = (counters.get(key) ?? 0) + 1;
      counters.set(key, next);
      return next;
    },
    async close() {
      lru.clear();
    },
  };
}

export interface LoadOptions {
  /**
   * A counter key (see Cache.incr) whose value becomes part of the key: bumping the counter retires
   * every entry loaded under it at once, and the time to live only bounds how long a retired entry lingers.
   */
  version?: string;
}

export interface Loader {
  /**
   * The cached value for key, or `load()` stored for ttlMs. Concurrent calls for the same key share
   * one load, and a cache that is down only costs the caching, never the answer. The time to live
   * may depend on the value (a partial answer is kept for less time).
   */
  <T>(
    key: string,
    ttlMs: number | ((value: T) => number),
    load: () => Promise<T>,
    options?: LoadOptions,
  ): Promise<T>;
  /** Forgets a key, e.g. the week's results after a lineup was sent. */
  forget(key: string): Promise<void>;
  /** Keeps a value outside any load (a last good answer, for a bad day); a cache that is down only costs the keeping. */
  keep<T>(key: string, value: T, ttlMs: number): Promise<void>;
  /** A value kept under key, if the cache has it (a cache that is down has nothing). */
  kept<T>(key: string): Promise<T | undefined>;
}

/** The one way to read through the cache: see Loader. */
export function createLoader(cache: Cache): Loader {
  const inFlight = new Map<string, Promise<unknown>>();
  const loader = async <T>(
    key: string,
    ttlMs: number | ((value: T) => number),
    load: () => Promise<T>,
    options: LoadOptions = {},
  ): Promise<T> => {
    if (options.version !== undefined) {
      const version = (await cache.get<number>(options.version).catch(() => undefined)) ?? 0;
      key = `${options.version}:${version}:${key}`;
    }
    const hit = await cache.get<T>(key).catch(() => undefined);
    if (hit !== undefined) return hit;
    const running = inFlight.get(key);
    if (running) return running as Promise<T>;
    const loading = (async () => {
      const value = await load();
      await cache.set(key, value, typeof ttlMs === 'function' ? ttlMs(value) : ttlMs).catch(() => undefined);
      return value;
    })();
    inFlight.set(key, loading);
    try {
      return await loading;
    } finally {
      inFlight.delete(key);
    }
  };
  loader.forget = (key: string) => cache.delete(key).catch(() => undefined);
  loader.keep = <T>(key: string, value: T, ttlMs: number) =>
    cache.set(key, value, ttlMs).catch(() => undefined);
  loader.kept = <T>(key: string) => cache.get<T>(key).catch(() => undefined);
  return loader;
}
