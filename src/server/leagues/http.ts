import { setTimeout as delay } from 'node:timers/promises';
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  DelegateBackoff,
  ExponentialBackoff,
  handleWhen,
  type IRetryBackoffContext,
  IsolatedCircuitError,
  retry,
  TimeoutStrategy,
  timeout,
} from 'cockatiel';
import { type LeagueType, leagueTypeLabel } from '#common/leagues.ts';
import { currentCallContext } from './call-context.ts';
import { Egress } from './egress.ts';
import { type LeagueErrorKind, type LeagueServiceError, leagueError, transportMessage } from './errors.ts';
import { QueueFullError, QueueTimeoutError } from './fair-queue.ts';
import { type HttpLimits, limitsOf } from './limits.ts';
import { type Clock, realClock } from './rate-limit.ts';

export interface ServiceRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Form body for POST. */
  body?: string;
  /** Counted from the moment of asking, so the time spent waiting for a turn is part of it. */
  timeoutMs?: number;
  /**
   * 'manual' hands 3xx answers back (MFL follows them itself so that its cookie is kept); else a
   * redirect within the site of `url` is followed (at most MAX_REDIRECTS), and one elsewhere is
   * an answer we could not read.
   */
  redirect?: 'manual' | 'follow';
  /** Error statuses handed back instead of thrown, for a caller that reads the body (MFL's 404 text). */
  passStatuses?: number[];
  /** Who the call is for; by default the visitor of the request being answered (see call-context.ts). */
  visitor?: string;
  /** Background work yields to visitors and uses at most `backgroundShare` of the rate. */
  priority?: 'visitor' | 'background';
  /**
   * Ends the call when nobody wants its answer any more: by default the call context's (the visitor
   * left, the background job was told to stop; see call-context.ts).
   */
  signal?: AbortSignal;
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
  /**
   * The lane's circuit (visitors' by default): 'open' while its calls fail at once after repeated
   * failures; 'half-open' while one call tries again.
   */
  circuit(lane?: Lane): 'closed' | 'open' | 'half-open';
}

/** Visitors' calls, or background work's (which yields to visitors and has a share of the rate). */
export type Lane = 'visitor' | 'background';

/** How one call to a service ended, for metrics. */
export type CallOutcome = 'ok' | '429' | '5xx' | 'timeout' | 'error' | 'circuit-open' | 'queue-full';

export interface CallEvent {
  service: LeagueType;
  /** The lane the call went in: a visitor's, or background work's (the crawl, a visitor's leagues read for Rookie ADP). */
  lane: Lane;
  /** The URL's path; never the query string, which can hold an e-mail address. */
  path: string;
  outcome: CallOutcome;
  /** From the moment of asking to the answer (or to the refusal): queue wait included. */
  ms: number;
  /** The part of `ms` spent waiting for a turn. */
  waitMs: number;
}

export interface ServiceHttpOptions {
  service: LeagueType;
  userAgent: string;
  limits?: Partial<HttpLimits>;
  fetch?: typeof fetch;
  clock?: Clock;
  random?: () => number;
  /** The process's way out to the services, shared by all its clients; without it, one of its own. */
  egress?: Egress;
  /** 'background' makes every call of this transport background work (a crawl's own clients). */
  priority?: 'background';
  /** Told about each retry; never given query strings, which can hold an e-mail address. */
  onRetry?: (event: {
    service: LeagueType;
    path: string;
    attempt: number;
    kind: LeagueErrorKind;
    delayMs: number;
  }) => void;
  /** Told about every call: each one sent, and each refused before it was sent. */
  onCall?: (event: CallEvent) => void;
}

interface Failure {
  kind: LeagueErrorKind;
  retryable: boolean;
  status?: number;
  retryAfterMs?: number;
  /** Counts against the service in the circuit breaker. */
  serviceFault?: boolean;
  /** Refused here without being sent: the circuit is open or the queue is full. */
  refused?: 'circuit-open' | 'queue-full';
  /** Nobody wants the answer any more (the call's signal aborted): not tried again, and no service fault. */
  ended?: true;
}

class AttemptFailed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind);
  }
}

/** Redirects one call follows within the service's site. */
const MAX_REDIRECTS = 3;

/** Two hosts are the same site when they share the last two labels (www57.x.com and api.x.com). */
function site(hostname: string): string {
  const parts = hostname.toLowerCase().split('.');
  return /^\d+$/.test(parts.at(-1) ?? '') ? hostname : parts.slice(-2).join('.');
}

const portOf = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');

/**
 * True when `a` is on the same site as `b`: same scheme and port, and the same host or a sibling
 * under the same site (MFL's www57 and api). Another port of the same host is another server.
 */
export function sameSite(a: URL, b: URL): boolean {
  if (a.protocol !== b.protocol || portOf(a) !== portOf(b)) return false;
  return a.hostname === b.hostname || site(a.hostname) === site(b.hostname);
}

const isServiceFault = (e: unknown) => e instanceof AttemptFailed && e.failure.serviceFault === true;

const callEnded = () => new AttemptFailed({ kind: 'unavailable', retryable: false, ended: true });

// An answer over the cap is refused and not tried again: the next one would be as big.
const tooBig = () => new AttemptFailed({ kind: 'unreadable', retryable: false });

/** The body as text, read no further than `maxBytes`. */
async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooBig();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooBig();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One request sent: redirects followed within the service's site, the body read under the cap and
 * the same deadline. Fails as an AttemptFailed (a timeout, no connection, an answer too big).
 */
async function fetchAnswer(
  doFetch: typeof fetch,
  userAgent: string,
  maxBytes: number,
  request: ServiceRequest,
  signal: AbortSignal,
): Promise<ServiceResponse> {
  try {
    const first = new URL(request.url);
    let url = request.url;
    let method = request.method ?? 'GET';
    let body = request.body;
    for (let hop = 0; ; hop++) {
      const res = await doFetch(url, {
        method,
        headers: {
          'user-agent': userAgent,
          accept: 'application/json, text/xml;q=0.9, */*;q=0.5',
          ...request.headers,
        },
        body,
        redirect: 'manual',
        signal,
      });
      const location = res.headers.get('location');
      if (request.redirect !== 'manual' && res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel().catch(() => undefined);
        // A redirect is followed only within the service's own site: never to another host (one
        // inside our own network, say), whatever the service or the address it was given says.
        const next = new URL(location, url);
        if (hop >= MAX_REDIRECTS || !sameSite(next, first))
          throw new AttemptFailed({ kind: 'unreadable', retryable: false });
        url = next.href;
        if (res.status === 303 || (method === 'POST' && res.status <= 302)) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      // Reading the body stays under the same deadline: a stalled download is a timeout too.
      const text = await readCapped(res, maxBytes);
      return { status: res.status, url, headers: res.headers, text };
    }
  } catch (e) {
    if (e instanceof AttemptFailed) throw e;
    const timedOut =
      signal.aborted || (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'));
    throw new AttemptFailed({
      kind: timedOut ? 'timeout' : 'unavailable',
      retryable: true,
      serviceFault: true,
    });
  }
}

/** What a service's answer means: null when it is one to hand back, else the failure it is. */
function failureOf(res: ServiceResponse, request: ServiceRequest): Failure | null {
  const { status } = res;
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400 && request.redirect === 'manual') return null;
  if (request.passStatuses?.includes(status)) return null;
  const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), Date.now());
  if (status === 429) return { kind: 'rate-limited', retryable: true, status, retryAfterMs };
  if (status === 408) return { kind: 'timeout', retryable: true, status };
  if (status === 404) return { kind: 'not-found', retryable: false, status };
  // 502–504 say the service (or the gateway in front of it) is down, which the breaker counts; a
  // 500 is one request gone wrong (often one league's), retried but never taken as an outage.
  if (status >= 500)
    return {
      kind: 'unavailable',
      retryable: true,
      status,
      retryAfterMs,
      serviceFault: status >= 502 && status <= 504,
    };
  return { kind: status >= 400 ? 'rejected' : 'unavailable', retryable: false, status };
}

/** The call's outcome as the metrics count it. */
const outcomeOf = (status: number, failure: Failure | null): CallOutcome =>
  !failure
    ? 'ok'
    : status === 429
      ? '429'
      : status >= 500
        ? '5xx'
        : failure.kind === 'timeout'
          ? 'timeout'
          : 'error';

export function createServiceHttp(options: ServiceHttpOptions): ServiceHttp {
  const { service, userAgent } = options;
  const limits = limitsOf(service, options.limits);
  const doFetch = options.fetch ?? fetch;
  const clock = options.clock ?? realClock;
  const random = options.random ?? Math.random;
  const label = leagueTypeLabel[service];

  const queue = (options.egress ?? new Egress({ limits: { [service]: options.limits }, clock })).queue(
    service,
  );

  // One breaker per lane of this client: a service that stopped answering costs the first callers
  // their timeout, and everyone after them in the lane fails at once until a trial call gets through.
  // The lanes have their own, so background work that fails (a crawl, the import of a visitor's
  // leagues) never turns visitors away; the crawl's clients have breakers of their own as well.
  const circuitOpen = () =>
    new AttemptFailed({ kind: 'unavailable', retryable: false, refused: 'circuit-open' });
  const makeBreaker = () => {
    const breaker = circuitBreaker(handleWhen(isServiceFault), {
      halfOpenAfter: new ExponentialBackoff({
        initialDelay: limits.halfOpenAfterMs,
        maxDelay: limits.maxHalfOpenAfterMs,
      }),
      breaker: new ConsecutiveBreaker(limits.breakAfter),
    });
    // Its requests already waiting would only wait out their timeout against a dead service. The
    // queue is the process's, shared with other clients and lanes: only this breaker's requests go.
    breaker.onBreak(() => queue.failWaiting(breaker, circuitOpen()));
    return breaker;
  };
  const breakers: Record<Lane, ReturnType<typeof makeBreaker>> = {
    visitor: makeBreaker(),
    background: makeBreaker(),
  };

  const report = (path: string, lane: Lane, outcome: CallOutcome, askedAt: number, waitMs: number) =>
    options.onCall?.({ service, lane, path, outcome, ms: performance.now() - askedAt, waitMs });

  function errorOf(failure: Failure): LeagueServiceError {
    if (failure.ended) return leagueError(service, 'unavailable', `The call to ${label} was called off`);
    if (failure.refused === 'queue-full')
      return leagueError(service, 'rate-limited', `${label} is busy right now, try again shortly`, {
        retryAfterMs: failure.retryAfterMs,
      });
    const message =
      failure.kind === 'rejected'
        ? `${label} refused the request (HTTP ${failure.status})`
        : transportMessage(service, failure.kind);
    return leagueError(service, failure.kind, message, { retryAfterMs: failure.retryAfterMs });
  }

  /**
   * One try: wait for a turn, send, and judge the answer; the breaker sees it all. `ended` takes the
   * call out of the queue, or cuts it off in flight.
   */
  async function once(request: ServiceRequest, path: string, ended?: AbortSignal): Promise<ServiceResponse> {
    if (ended?.aborted) throw callEnded();
    const context = currentCallContext();
    const lane: Lane =
      (request.priority ?? options.priority ?? context?.priority) === 'background' ? 'background' : 'visitor';
    const breaker = breakers[lane];
    const asker = {
      visitor: request.visitor ?? context?.visitor ?? 'server',
      background: lane === 'background',
      circuit: breaker,
    };
    const askedAt = performance.now();
    let sentAt = askedAt;
    let sent = false;
    const deadline = timeout(request.timeoutMs ?? limits.timeoutMs, TimeoutStrategy.Cooperative);
    const sendNow = (signal: AbortSignal) => {
      sentAt = performance.now();
      sent = true;
      return fetchAnswer(doFetch, userAgent, limits.maxBodyBytes, request, signal);
    };
    // A visitor's deadline counts from asking, so the wait for a turn is part of it. Background work
    // waits for as long as visitors keep the service busy, and its deadline counts from sending.
    const waitAndSend = () =>
      asker.background
        ? queue.run(asker, ended, () => deadline.execute(({ signal }) => sendNow(signal), ended))
        : deadline.execute(({ signal }) => queue.run(asker, signal, () => sendNow(signal)), ended);
    try {
      return await breaker.execute(async () => {
        let res: ServiceResponse;
        try {
          res = await waitAndSend();
        } catch (e) {
          if (ended?.aborted) {
            // Cut off in flight it was a call like any other; taken out of the queue, it never was one.
            if (sent) report(path, lane, 'error', askedAt, sentAt - askedAt);
            throw callEnded();
          }
          if (e instanceof QueueFullError) {
            report(path, lane, 'queue-full', askedAt, performance.now() - askedAt);
            const retryAfterMs = Math.max(1_000, e.waitMs - limits.maxQueueWaitMs);
            throw new AttemptFailed({
              kind: 'rate-limited',
              retryable: false,
              refused: 'queue-full',
              retryAfterMs,
            });
          }
          if (e instanceof QueueTimeoutError) {
            report(path, lane, 'timeout', askedAt, e.waitedMs);
            // Waited out the whole timeout already: another try would only make the visitor wait more.
            throw new AttemptFailed({ kind: 'timeout', retryable: false, serviceFault: e.serviceHung });
          }
          if (e instanceof AttemptFailed && !e.failure.refused)
            report(path, lane, e.failure.kind === 'timeout' ? 'timeout' : 'error', askedAt, sentAt - askedAt);
          throw e;
        }
        const failure = failureOf(res, request);
        report(path, lane, outcomeOf(res.status, failure), askedAt, sentAt - askedAt);
        if (failure) throw new AttemptFailed(failure);
        return res;
      });
    } catch (e) {
      if (e instanceof BrokenCircuitError || e instanceof IsolatedCircuitError) {
        report(path, lane, 'circuit-open', askedAt, 0);
        throw circuitOpen();
      }
      throw e;
    }
  }

  async function send(request: ServiceRequest): Promise<ServiceResponse> {
    const path = new URL(request.url).pathname;
    const ended = request.signal ?? currentCallContext()?.signal;
    let timeouts = 0;
    // The wait before the next try, waited here rather than by the retry policy so that `ended` cuts
    // it short (a background call may wait out a Retry-After of minutes).
    let waitMs = 0;
    const backoff = new DelegateBackoff<IRetryBackoffContext<unknown>>((context) => {
      // Only AttemptFailed errors are retried (the policy's filter), so that is what arrives here.
      const error = ('error' in context.result ? context.result.error : undefined) as AttemptFailed;
      const { failure } = error;
      if (ended?.aborted) throw error;
      // A service that let two requests time out is slow right now; a third wait helps nobody.
      if (failure.kind === 'timeout' && ++timeouts >= 2) throw error;
      let delayMs =
        Math.min(limits.maxBackoffMs, limits.backoffMs * 2 ** (context.attempt - 1)) * (0.5 + random() / 2);
      if (failure.retryAfterMs !== undefined) {
        if (failure.retryAfterMs > limits.maxRetryAfterMs) throw error;
        delayMs = failure.retryAfterMs;
      }
      // A 429 means the whole service is saying "slow down", not just this request.
      if (failure.kind === 'rate-limited') queue.pause(delayMs);
      options.onRetry?.({ service, path, attempt: context.attempt, kind: failure.kind, delayMs });
      waitMs = delayMs;
      return 0;
    });
    const policy = retry(
      handleWhen((e) => e instanceof AttemptFailed && e.failure.retryable),
      { maxAttempts: limits.attempts - 1, backoff },
    );
    try {
      return await policy.execute(async () => {
        if (waitMs > 0) {
          await delay(waitMs, undefined, { signal: ended }).catch(() => {
            throw callEnded();
          });
          waitMs = 0;
        }
        return once(request, path, ended);
      });
    } catch (e) {
      if (e instanceof AttemptFailed) throw errorOf(e.failure);
      throw e;
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

  const circuit = (lane: Lane = 'visitor') => {
    const { state } = breakers[lane];
    return state === CircuitState.Closed ? 'closed' : state === CircuitState.HalfOpen ? 'half-open' : 'open';
  };

  return { service, limits, send, getJson, circuit };
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
