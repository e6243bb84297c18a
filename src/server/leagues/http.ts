import pLimit from 'p-limit';
import { type LeagueType, leagueTypeLabel } from '../../common/leagues.ts';
import { type LeagueErrorKind, type LeagueServiceError, leagueError, transportMessage } from './errors.ts';
import { type Clock, realClock, TokenBucket } from './rate-limit.ts';

/** How hard we may lean on one league service. */
export interface HttpLimits {
  requestsPerSecond: number;
  /** Requests that may go out back to back before the rate applies. */
  burst: number;
  /** Requests in flight at once. */
  concurrency: number;
  timeoutMs: number;
  /** Tries in all, the first one included. */
  attempts: number;
  /** First retry waits about this long, doubling each time (with jitter) up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A Retry-After longer than this is not waited for: the visitor is told to come back instead. */
  maxRetryAfterMs: number;
}

/**
 * MFL throttles hard and asks for about a second between requests, so it gets a strict 2/s with no
 * burst; Sleeper allows 1000 calls a minute; Fleaflicker publishes no limit, so it gets the same.
 */
export const defaultHttpLimits: Record<LeagueType, HttpLimits> = {
  mfl: {
    requestsPerSecond: 2,
    burst: 1,
    concurrency: 2,
    timeoutMs: 10_000,
    attempts: 3,
    backoffMs: 1_000,
    maxBackoffMs: 8_000,
    maxRetryAfterMs: 10_000,
  },
  sleeper: {
    requestsPerSecond: 15,
    burst: 10,
    concurrency: 8,
    timeoutMs: 10_000,
    attempts: 3,
    backoffMs: 400,
    maxBackoffMs: 5_000,
    maxRetryAfterMs: 10_000,
  },
  flea: {
    requestsPerSecond: 15,
    burst: 10,
    concurrency: 6,
    timeoutMs: 10_000,
    attempts: 3,
    backoffMs: 400,
    maxBackoffMs: 5_000,
    maxRetryAfterMs: 10_000,
  },
};

export interface ServiceRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Form body for POST. */
  body?: string;
  timeoutMs?: number;
  /** 'manual' hands 3xx answers back (MFL follows them itself so that its cookie is kept). */
  redirect?: 'manual' | 'follow';
  /** Error statuses handed back instead of thrown, for a caller that reads the body (MFL's 404 text). */
  passStatuses?: number[];
}

export interface ServiceResponse {
  status: number;
  url: string;
  headers: Headers;
  text: string;
}

export interface ServiceHttp {
  readonly service: LeagueType;
  readonly limits: HttpLimits;
  /** Answers a 2xx (or a 3xx with redirect 'manual', or a passStatuses one); every failure is a LeagueServiceError. */
  send(request: ServiceRequest): Promise<ServiceResponse>;
  /** `send` and JSON.parse; a body that is not JSON is an "answer we could not read". */
  getJson(url: string, request?: Omit<ServiceRequest, 'url'>): Promise<unknown>;
}

export interface ServiceHttpOptions {
  service: LeagueType;
  userAgent: string;
  limits?: Partial<HttpLimits>;
  fetch?: typeof fetch;
  clock?: Clock;
  random?: () => number;
  /** Told about each retry; never given query strings, which can hold an e-mail address. */
  onRetry?: (event: {
    service: LeagueType;
    path: string;
    attempt: number;
    kind: LeagueErrorKind;
    delayMs: number;
  }) => void;
}

interface Failure {
  kind: LeagueErrorKind;
  retryable: boolean;
  status?: number;
  retryAfterMs?: number;
}

class AttemptFailed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind);
  }
}

export function createServiceHttp(options: ServiceHttpOptions): ServiceHttp {
  const { service, userAgent } = options;
  const limits: HttpLimits = { ...defaultHttpLimits[service], ...options.limits };
  const doFetch = options.fetch ?? fetch;
  const clock = options.clock ?? realClock;
  const random = options.random ?? Math.random;
  const bucket = new TokenBucket(limits.requestsPerSecond, limits.burst, clock);
  const limit = pLimit(limits.concurrency);

  async function attempt(request: ServiceRequest): Promise<ServiceResponse> {
    const signal = AbortSignal.timeout(request.timeoutMs ?? limits.timeoutMs);
    try {
      const res = await doFetch(request.url, {
        method: request.method ?? 'GET',
        headers: {
          'user-agent': userAgent,
          accept: 'application/json, text/xml;q=0.9, */*;q=0.5',
          ...request.headers,
        },
        body: request.body,
        redirect: request.redirect ?? 'follow',
        signal,
      });
      // Reading the body stays under the same deadline: a stalled download is a timeout too.
      const text = await res.text();
      return { status: res.status, url: res.url || request.url, headers: res.headers, text };
    } catch (e) {
      const timedOut =
        signal.aborted || (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'));
      throw new AttemptFailed({ kind: timedOut ? 'timeout' : 'unavailable', retryable: true });
    }
  }

  function failureOf(res: ServiceResponse, request: ServiceRequest): Failure | null {
    const { status } = res;
    if (status >= 200 && status < 300) return null;
    if (status >= 300 && status < 400 && request.redirect === 'manual') return null;
    if (request.passStatuses?.includes(status)) return null;
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), Date.now());
    if (status === 429) return { kind: 'rate-limited', retryable: true, status, retryAfterMs };
    if (status === 408) return { kind: 'timeout', retryable: true, status };
    if (status === 404) return { kind: 'not-found', retryable: false, status };
    if (status >= 500) return { kind: 'unavailable', retryable: true, status, retryAfterMs };
    return { kind: status >= 400 ? 'rejected' : 'unavailable', retryable: false, status };
  }

  function errorOf(failure: Failure): LeagueServiceError {
    const message =
      failure.kind === 'rejected'
        ? `${leagueTypeLabel[service]} refused the request (HTTP ${failure.status})`
        : transportMessage(service, failure.kind);
    return leagueError(service, failure.kind, message, { retryAfterMs: failure.retryAfterMs });
  }

  async function send(request: ServiceRequest): Promise<ServiceResponse> {
    let timeouts = 0;
    for (let tries = 1; ; tries++) {
      let failure: Failure | null;
      try {
        const res = await limit(async () => {
          await bucket.take();
          return attempt(request);
        });
        failure = failureOf(res, request);
        if (!failure) return res;
      } catch (e) {
        if (!(e instanceof AttemptFailed)) throw e;
        failure = e.failure;
      }
      // A service that let two requests time out is slow right now; a third wait helps nobody.
      if (failure.kind === 'timeout') timeouts++;
      if (!failure.retryable || tries >= limits.attempts || timeouts >= 2) throw errorOf(failure);
      let delayMs = Math.min(limits.maxBackoffMs, limits.backoffMs * 2 ** (tries - 1)) * (0.5 + random() / 2);
      if (failure.retryAfterMs !== undefined) {
        if (failure.retryAfterMs > limits.maxRetryAfterMs) throw errorOf(failure);
        delayMs = failure.retryAfterMs;
      }
      // A 429 means the whole service is saying "slow down", not just this request.
      if (failure.kind === 'rate-limited') bucket.pause(delayMs);
      options.onRetry?.({
        service,
        path: new URL(request.url).pathname,
        attempt: tries,
        kind: failure.kind,
        delayMs,
      });
      await clock.sleep(delayMs);
    }
  }

  async function getJson(url: string, request: Omit<ServiceRequest, 'url'> = {}): Promise<unknown> {
    const res = await send({ ...request, url });
    try {
      return JSON.parse(res.text);
    } catch {
      throw leagueError(service, 'unreadable');
    }
  }

  return { service, limits, send, getJson };
}

/** Retry-After is either seconds or an HTTP date; anything else is ignored. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
