import type { LeagueType } from '#common/leagues.ts';
import { createLoader, memoryCache } from '#server/cache.ts';
import { createServiceHttp, type ServiceHttp } from '#server/leagues/http.ts';

/*
 * Test helper: a fetch that answers from a table (URL path and query → body), recording every URL
 * asked for. Lets a client run end to end on recorded answers without a network.
 */

export interface FakeFetch {
  fetch: typeof fetch;
  urls: string[];
}

export function fakeFetch(answer: (url: URL) => { status?: number; body: string } | undefined): FakeFetch {
  const urls: string[] = [];
  const fn = async (input: string | URL | Request) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    urls.push(url.href);
    const found = answer(url);
    if (!found) return new Response('not found', { status: 404 });
    return new Response(found.body, {
      status: found.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fn as typeof fetch, urls };
}

export function testHttp(service: LeagueType, fetchImpl: typeof fetch): ServiceHttp {
  return createServiceHttp({
    service,
    userAgent: 'dynasty-test/1.0',
    fetch: fetchImpl,
    limits: { requestsPerSecond: 1000, burst: 100, backoffMs: 1, maxBackoffMs: 2 },
  });
}

export const testLoader = () => createLoader(memoryCache());
