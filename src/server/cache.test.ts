import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type Cache, createLoader, memoryCache } from './cache.ts';
import { redisCache, redisReady } from './cache-redis.ts';

/** A cache whose every call fails, as Redis does while it is down. */
const downCache = (): Cache => {
  const fail = async () => {
    throw new Error('cache down');
  };
  return { get: fail, set: fail, claim: fail, delete: fail, incr: fail, close: async () => undefined };
};

describe('createLoader', () => {
  it('loads once, then answers from the cache', async () => {
    const load = createLoader(memoryCache());
    let calls = 0;
    const read = async () => ++calls;
    expect(await load('k', 60_000, read)).toBe(1);
    expect(await load('k', 60_000, read)).toBe(1);
    expect(calls).toBe(1);
  });

  it('shares one load between concurrent calls for the same key', async () => {
    const load = createLoader(memoryCache());
    let calls = 0;
    let finish!: (v: string) => void;
    const read = () => {
      calls++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const both = Promise.all([load('k', 60_000, read), load('k', 60_000, read)]);
    // Both calls have passed the cache look-up once the first load has started.
    await new Promise((resolve) => setImmediate(resolve));
    finish('v');
    expect(await both).toEqual(['v', 'v']);
    expect(calls).toBe(1);
  });

  it('answers by loading directly while the cache is down', async () => {
    const load = createLoader(downCache());
    expect(await load('k', 60_000, async () => 'fresh', { version: 'v' })).toBe('fresh');
    await expect(load.forget('k')).resolves.toBeUndefined();
  });

  it('keeps a value for a time that may depend on it', async () => {
    const cache = memoryCache();
    const ttls: number[] = [];
    const set = cache.set;
    cache.set = (key, value, ttlMs) => {
      ttls.push(ttlMs);
      return set(key, value, ttlMs);
    };
    await createLoader(cache)(
      'k',
      (v: string[]) => (v.length ? 1000 : 10),
      async () => [],
    );
    expect(ttls).toEqual([10]);
  });

  it('with a version key, retires every entry when the version moves', async () => {
    const cache = memoryCache();
    const load = createLoader(cache);
    let calls = 0;
    const read = async () => ++calls;
    expect(await load('a', 60_000, read, { version: 'group:version' })).toBe(1);
    expect(await load('a', 60_000, read, { version: 'group:version' })).toBe(1);
    // Another group's version does not touch it.
    await cache.incr('other:version');
    expect(await load('a', 60_000, read, { version: 'group:version' })).toBe(1);
    await cache.incr('group:version');
    expect(await load('a', 60_000, read, { version: 'group:version' })).toBe(2);
  });

  it('forgets a key', async () => {
    const load = createLoader(memoryCache());
    let calls = 0;
    const read = async () => ++calls;
    await load('k', 60_000, read);
    await load.forget('k');
    expect(await load('k', 60_000, read)).toBe(2);
  });
});

describe('redisCache while Redis is down', () => {
  it('costs a read nothing: the loader answers at once, and writes fail at once', async () => {
    const cache = redisCache('redis://127.0.0.1:1');
    cache.redis.on('error', () => undefined);
    const load = createLoader(cache);
    const started = performance.now();
    for (let i = 0; i < 3; i++) expect(await load(`k${i}`, 60_000, async () => i)).toBe(i);
    await expect(cache.incr('v')).rejects.toThrow();
    // Queued through ioredis's reconnects, each read waited from 0.4 s to over 10 s.
    expect(performance.now() - started).toBeLessThan(200);
    cache.redis.disconnect();
  });
});

/*
 * What a value means is the same in every cache: a stored `null` is a value (a hit that says "none"),
 * only a key never stored, expired or deleted is a miss (`undefined`), and storing `undefined` stores
 * nothing. The same tests run on the in-process cache and, with TEST_REDIS_URL, on Redis.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const caches: [string, () => Promise<Cache>][] = [['in-process', async () => memoryCache()]];
const opened: Cache[] = [];
if (redisUrl)
  caches.push([
    'Redis',
    async () => {
      const cache = redisCache(redisUrl, `test-cache-${randomUUID()}:`);
      opened.push(cache);
      if (!(await redisReady(cache.redis, 5_000))) throw new Error('Redis did not answer');
      return cache;
    },
  ]);
afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
});

describe.each(caches)('the %s cache', (_name, make) => {
  it('reads a stored null back as null, and a key never stored as a miss', async () => {
    const cache = await make();
    await cache.set('none', null, 60_000);
    expect(await cache.get('none')).toBeNull();
    expect(await cache.get('never')).toBeUndefined();
    await cache.delete('none');
    expect(await cache.get('none')).toBeUndefined();
  });

  it('reads falsy values back as they were stored', async () => {
    const cache = await make();
    await cache.set('zero', 0, 60_000);
    await cache.set('empty', '', 60_000);
    await cache.set('no', false, 60_000);
    expect([await cache.get('zero'), await cache.get('empty'), await cache.get('no')]).toEqual([
      0,
      '',
      false,
    ]);
  });

  it('stores nothing for undefined: it reads back as a miss', async () => {
    const cache = await make();
    await cache.set('gone', 'before', 60_000);
    await cache.set('gone', undefined, 60_000);
    expect(await cache.get('gone')).toBeUndefined();
  });

  it('lets one of many callers at once claim a key, and no one while it is held', async () => {
    const cache = await make();
    const claims = await Promise.all(Array.from({ length: 5 }, () => cache.claim('turn', 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await cache.claim('turn', 60_000)).toBe(false);
    await cache.set('held', null, 60_000);
    expect(await cache.claim('held', 60_000)).toBe(false);
    await cache.delete('turn');
    expect(await cache.claim('turn', 60_000)).toBe(true);
    expect(await cache.get('turn')).not.toBeUndefined();
  });

  it('keeps a loaded null: the loader does not load it again', async () => {
    const load = createLoader(await make());
    let calls = 0;
    const read = async () => {
      calls++;
      return null;
    };
    expect(await load('nothing', 60_000, read)).toBeNull();
    expect(await load('nothing', 60_000, read)).toBeNull();
    expect(calls).toBe(1);
  });
});
