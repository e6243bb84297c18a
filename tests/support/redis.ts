import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis connection that is ready before it is used. The app's shared limits and budgets fall back
 * to this process's own counts while their connection is not ready (by design: never wait on Redis),
 * so a test of what copies share must not start on a connection still opening.
 */
export async function readyRedis(url: string, options: RedisOptions = {}): Promise<Redis> {
  const redis = new Redis(url, options);
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
}
