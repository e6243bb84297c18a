import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Cache } from '../cache.ts';
import { type TrustProxy, trustsAddress } from '../http/trust-proxy.ts';

/*
 * The process's metrics, in one registry: every app built in the process (tests build many) adds to
 * the same series, as Prometheus expects of one process. Names carry the `dynasty_` prefix; the
 * standard process and Node.js metrics (memory, CPU, event-loop lag, GC) keep their usual names.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpDuration = new Histogram({
  name: 'dynasty_http_request_duration_seconds',
  help: 'Time to answer a request, by route (the registered pattern) and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: latencyBuckets,
  registers: [registry],
});

const leagueCallDuration = new Histogram({
  name: 'dynasty_league_call_duration_seconds',
  help: 'Calls to MFL, Sleeper and Fleaflicker by service and outcome (ok, 429, 5xx, timeout, error); _count counts the calls.',
  labelNames: ['service', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20],
  registers: [registry],
});

const cacheRequests = new Counter({
  name: 'dynasty_cache_requests_total',
  help: 'Cache reads by kind of key (its first segment) and result (hit or miss).',
  labelNames: ['kind', 'result'] as const,
  registers: [registry],
});

const jobRuns = new Counter({
  name: 'dynasty_job_runs_total',
  help: 'Background job runs by job and outcome (ok or error).',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

const jobDuration = new Histogram({
  name: 'dynasty_job_duration_seconds',
  help: 'Time a background job run took.',
  labelNames: ['job'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

const dbQueryDuration = new Histogram({
  name: 'dynasty_db_query_duration_seconds',
  help: 'Time the database spent on each query (PGlite: inside its one connection; PostgreSQL: round trip).',
  labelNames: ['db'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

const limitsLocal = new Gauge({
  name: 'dynasty_rate_limits_local',
  help: '1 while the rate limits (log-in, sign-up, password change, MFL passwords) count in this process only because Redis fails; 0 while they are shared through Redis.',
  registers: [registry],
});

const localLimitCounts = new Counter({
  name: 'dynasty_rate_limit_local_counts_total',
  help: 'Rate-limit counts kept in this process because Redis failed.',
  registers: [registry],
});

export function recordLimitsLocal(local: boolean) {
  limitsLocal.set(local ? 1 : 0);
}

export function recordLocalLimitCount() {
  localLimitCounts.inc();
}

/** One call to a league service, as the league clients report it. */
export interface LeagueCall {
  service: string;
  path?: string;
  outcome: string;
  ms: number;
}

/** Records a league-service call (the path is left out: it would make a series per league). */
export function recordLeagueCall(call: LeagueCall) {
  leagueCallDuration.observe({ service: call.service, outcome: call.outcome }, call.ms / 1000);
}

export function recordJobRun(job: string, outcome: 'ok' | 'error', seconds: number) {
  jobRuns.inc({ job, outcome });
  jobDuration.observe({ job }, seconds);
}

export function recordDbQuery(db: 'pglite' | 'postgres', seconds: number) {
  dbQueryDuration.observe({ db }, seconds);
}

/** Cache keys are `kind:rest`; anything else is counted as "other" so labels stay few. */
const keyKind = (key: string) => /^([a-z][a-z-]{0,30}):/.exec(key)?.[1] ?? 'other';

/** The same cache, counting each read as a hit or a miss. */
export function instrumentCache<C extends Cache>(cache: C): C {
  return {
    ...cache,
    async get<T>(key: string) {
      const value = await cache.get<T>(key);
      cacheRequests.inc({ kind: keyKind(key), result: value === undefined ? 'miss' : 'hit' });
      return value;
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Headers a proxy adds to say whom it forwards, present at all (even empty), in any of their forms. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'via',
];

/**
 * Operator-only endpoints answer a bearer token when one is configured. Without one, only a
 * connection from this machine itself: its socket address is loopback, it is not one of the trusted
 * proxies (TRUST_PROXY; a connection from a proxy speaks for someone else, named or not), and it
 * carries no forwarding header of any kind, even an empty one. A local proxy TRUST_PROXY does not
 * name and that adds no header cannot be told from a local scraper: such a setup needs the token.
 */
export function operatorOnly(
  request: FastifyRequest,
  token: string | undefined,
  trustProxy: TrustProxy = false,
): boolean {
  if (token) {
    const sent = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const a = Buffer.from(sent);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  const socket = request.socket.remoteAddress ?? '';
  if (!LOOPBACK.has(socket) || trustsAddress(trustProxy, socket)) return false;
  return FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}

/** Times every request by its route pattern, and serves GET /metrics to the operator. */
export function metricsPlugin(app: FastifyInstance, opts: { token?: string; trustProxy?: TrustProxy }) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', async (request, reply) => {
    if (!operatorOnly(request, opts.token, opts.trustProxy)) {
      return reply.status(403).send({ error: 'Metrics are for the operator only.' });
    }
    reply.header('content-type', registry.contentType);
    reply.header('cache-control', 'no-store');
    return registry.metrics();
  });
}
