/*
 * Test helper, run as its own process: one app process's Sleeper client (sharing its rate through
 * Redis) that, on "go" from stdin, sends `count` requests at once to the URL and prints what came back.
 *
 *   node --import tsx egress-process.ts <url> <redisUrl> <prefix> <count> <rate>
 */
import { Redis } from 'ioredis';
import { Egress } from '#server/leagues/egress.ts';
import { createServiceHttp } from '#server/leagues/http.ts';

const [url, redisUrl, prefix, count, rate] = process.argv.slice(2);
const redis = new Redis(redisUrl);
const outcomes: string[] = [];
const limits = {
  requestsPerSecond: Number(rate),
  burst: 1,
  concurrency: 8,
  attempts: 1,
  maxQueueWaitMs: 30_000,
};
const http = createServiceHttp({
  service: 'sleeper',
  userAgent: 'dynasty-test/1.0',
  limits,
  egress: new Egress({ limits: { sleeper: limits }, redis, redisPrefix: prefix }),
  onCall: (e) => outcomes.push(e.outcome),
});
await redis.ping();
process.stdout.write('ready\n');
process.stdin.once('data', async () => {
  const started = performance.now();
  await Promise.all(Array.from({ length: Number(count) }, () => http.getJson(url).catch(() => undefined)));
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ outcomes, ms })}\n`);
  redis.disconnect();
  process.exit(0);
});
