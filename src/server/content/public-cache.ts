import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Cache } from '../cache.ts';

const VERSION_KEY = 'content:version';
// Entries are keyed by the content version, so a write retires them all at once; the time to live
// only bounds how long a retired entry lingers.
const TTL_MS = 10 * 60 * 1000;

/** A public answer as stored: its status, its serialised body and the ETag of that body. */
export interface CachedAnswer {
  status: number;
  body: string;
  etag: string;
  type: string;
}

/** Every content write calls this, after it commits, so no process serves an older answer. */
export const bumpContentVersion = (cache: Cache) => cache.incr(VERSION_KEY);

const contentVersion = async (cache: Cache) => (await cache.get<number>(VERSION_KEY)) ?? 0;

export const makeAnswer = (status: number, body: string, type: string): CachedAnswer => ({
  status,
  body,
  type,
  etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
});

/** The value for key under the current content version, loading and storing it when missing. */
export async function cachedByVersion<T extends object | null>(
  cache: Cache,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const fullKey = `content:${await contentVersion(cache)}:${key}`;
  const hit = await cache.get<T>(fullKey);
  if (hit !== undefined) return hit;
  const value = await load();
  await cache.set(fullKey, value, TTL_MS);
  return value;
}

// The bytes of recent answers, by ETag: encoding a large text with non-ASCII characters on every
// request costs more than the rest of the request together.
const encoded = new LRUCache<string, Buffer>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (b) => b.length || 1,
});
const bytesOf = (answer: CachedAnswer) => {
  let bytes = encoded.get(answer.etag);
  if (!bytes) {
    bytes = Buffer.from(answer.body);
    encoded.set(answer.etag, bytes);
  }
  return bytes;
};

/** Sends a cached answer with its ETag; a matching If-None-Match gets 304 with no body. */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  // Browsers revalidate every time (cheap with the ETag), so a write shows at once.
  reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  const ifNoneMatch = req.headers['if-none-match'];
  if (
    answer.status === 200 &&
    ifNoneMatch?.split(/\s*,\s*/).some((t) => t.replace(/^W\//, '') === answer.etag)
  )
    return reply.code(304).send();
  return reply.code(answer.status).type(answer.type).send(bytesOf(answer));
}

/** JSON answers: data, or a { error } with its status. */
export const jsonAnswer = (status: number, data: unknown) =>
  makeAnswer(status, JSON.stringify(data), 'application/json; charset=utf-8');
