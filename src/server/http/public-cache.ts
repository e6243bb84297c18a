import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Cache, LoadOptions } from '../cache.ts';
import { acceptsGzip } from './encoding.ts';

const VERSION_KEY = 'content:version';
/**
 * Public answers are loaded (createLoader in cache.ts) under the content version, so a write retires
 * them all at once; the time to live only bounds how long a retired entry lingers.
 */
export const CONTENT_TTL_MS = 10 * 60 * 1000;
export const byContentVersion: LoadOptions = { version: VERSION_KEY };

/** A public answer as stored: its status, its serialised body and the ETag of that body. */
export interface CachedAnswer {
  status: number;
  body: string;
  etag: string;
  type: string;
}

/**
 * Every content write calls this, after it commits, so no process serves an older answer. A cache
 * that is down holds none to retire (those from before its outage live out CONTENT_TTL_MS), so its
 * failure never fails the save that asked.
 */
export const bumpContentVersion = (cache: Cache) => cache.incr(VERSION_KEY).catch(() => undefined);

export const makeAnswer = (status: number, body: string, type: string): CachedAnswer => ({
  status,
  body,
  type,
  etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
});

// The bytes of recent answers, by ETag, plain and gzipped: the app has no compression layer, and
// encoding (let alone compressing) a large answer on every request would cost more than the rest of
// the request together. Small answers are not worth compressing.
const COMPRESS_FROM = 1024;
const encoded = new LRUCache<string, { plain: Buffer; gzip?: Buffer }>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (e) => e.plain.length + (e.gzip?.length ?? e.plain.length),
});
function bytesOf(answer: CachedAnswer, gzip: boolean): { bytes: Buffer; gzipped: boolean } {
  let entry = encoded.get(answer.etag);
  if (!entry) {
    const plain = Buffer.from(answer.body);
    entry = { plain, gzip: plain.length >= COMPRESS_FROM ? gzipSync(plain, { level: 6 }) : undefined };
    encoded.set(answer.etag, entry);
  }
  return gzip && entry.gzip ? { bytes: entry.gzip, gzipped: true } : { bytes: entry.plain, gzipped: false };
}

// The same content under either encoding: "abc" and "abc-gz" (and weak forms) all match.
const sameContent = (tag: string, etag: string) => tag.replace(/^W\//, '').replace(/-gz"$/, '"') === etag;

/**
 * Sends a cached answer with its ETag, gzipped when the client accepts it; a matching If-None-Match
 * gets 304 with no body.
 */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  // Browsers revalidate every time (cheap with the ETag), so a write shows at once.
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  const { bytes, gzipped } = bytesOf(answer, acceptsGzip(req));
  // Each encoding is its own representation, so it has its own strong ETag.
  reply.header('etag', gzipped ? answer.etag.replace(/"$/, '-gz"') : answer.etag);
  const ifNoneMatch = req.headers['if-none-match'];
  if (answer.status === 200 && ifNoneMatch?.split(/\s*,\s*/).some((t) => sameContent(t, answer.etag)))
    return reply.code(304).send();
  if (gzipped) reply.header('content-encoding', 'gzip');
  return reply.code(answer.status).type(answer.type).send(bytes);
}

/** JSON answers: data, or a { error } with its status. */
export const jsonAnswer = (status: number, data: unknown) =>
  makeAnswer(status, JSON.stringify(data), 'application/json; charset=utf-8');
