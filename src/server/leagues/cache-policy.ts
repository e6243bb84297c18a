import { createHash } from 'node:crypto';
import type { Cache } from '../cache.ts';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/** How long league data stays fresh, by how fast it changes. */
export const ttl = {
  /** Player databases change about once a day. */
  playerDatabase: 24 * hour,
  /** Starter slots, scoring and franchises change a few times a season. */
  leagueSettings: 3 * hour,
  /** Which leagues an account is in. */
  leagueList: 10 * minute,
  rosters: 3 * minute,
  /** Free agency, player statuses, injuries. */
  statuses: 3 * minute,
  projections: 30 * minute,
  /** Scores and game clocks during games. */
  live: 15 * second,
  /** Kickoff times and byes for the whole season. */
  season: 6 * hour,
  currentWeek: 10 * minute,
  drafts: 30 * minute,
  adp: 1 * hour,
  user: 1 * hour,
} as const;

export interface Loader {
  /**
   * The cached value for key, or `load()` stored for ttlMs. Concurrent calls for the same key share
   * one load, and a cache that is down only costs the caching, never the answer. The time to live
   * may depend on the value (a partial answer is kept for less time).
   */
  <T>(key: string, ttlMs: number | ((value: T) => number), load: () => Promise<T>): Promise<T>;
  /** Forgets a key, e.g. the week's results after a lineup was sent. */
  forget(key: string): Promise<void>;
}

export function createLoader(cache: Cache): Loader {
  const inFlight = new Map<string, Promise<unknown>>();
  const loader = async <T>(
    key: string,
    ttlMs: number | ((value: T) => number),
    load: () => Promise<T>,
  ): Promise<T> => {
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
  return loader;
}

/**
 * A cache-key part standing for a credential (a cookie, an e-mail): one-way, so the key neither
 * reveals it nor lets one visitor's data be served to another.
 */
export function privateScope(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 22);
}
