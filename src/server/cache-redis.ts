import { once } from 'node:events';
import { Redis, type RedisOptions } from 'ioredis';
import type { Cache } from './cache.ts';

// Apart from cache.ts so that ioredis (about 2 MB of heap once loaded) loads only where REDIS_URL
// is set: the runtime imports this module then, and a server without Redis never does.

/**
 * Redis answers in a millisecond or two; one silent for this long is treated as down. A Redis that
 * hangs (stopped, or a network that drops packets without closing) must cost no more than this.
 */
export const REDIS_TIMEOUT_MS = 500;

/**
 * The site's one way to connect to Redis. While Redis is down, commands fail at once instead of
 * waiting in ioredis's queue through its reconnects (seconds, growing): every cache read, log-in
 * limit and league call's turn would wait too. While it hangs, each command gives up after
 * REDIS_TIMEOUT_MS, and a connection that stays silent that long is dropped: the commands after it
 * fail at once (as while Redis is down) until a new connection is ready. A command cut off that way
 * is not sent again: an increment that may have counted must not count twice.
 */
export const REDIS_OPTIONS: RedisOptions = {
  maxRetriesPerRequest: 2,
  enableOfflineQueue: false,
  commandTimeout: REDIS_TIMEOUT_MS,
  socketTimeout: REDIS_TIMEOUT_MS,
  connectTimeout: 2_000,
  autoResendUnfulfilledCommands: false,
};

export function redisCache(url: string, prefix = 'dyn:'): Cache & { redis: Redis } {
  const redis = new Redis(url, REDIS_OPTIONS);
  return {
    redis,
    async get<T>(key: string) {
      const raw = await redis.get(prefix + key);
      return raw == null ? undefined : (JSON.parse(raw) as T);
    },
    async set(key, value, ttlMs) {
      // JSON has no undefined: it would be stored as an empty string that no read can parse.
      if (value === undefined) await redis.del(prefix + key);
      else await redis.set(prefix + key, JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async claim(key, ttlMs) {
      return (await redis.set(prefix + key, '1', 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK';
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
    async incr(key) {
      return redis.incr(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Resolves true once Redis is connected, or false on an error or after `ms` (the site then starts without it). */
export const redisReady = (redis: Redis, ms: number): Promise<boolean> =>
  redis.status === 'ready'
    ? Promise.resolve(true)
    : once(redis, 'ready', { signal: AbortSignal.timeout(ms) }).then(
        () => true,
        () => false,
      );
