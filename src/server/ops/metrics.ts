import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AdpSourceStats } from '#common/adp-sources.ts';
import type { Cache } from '../cache.ts';
import { timeQueriesWith } from '../db/client.ts';
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
  help: 'Calls to MFL, Sleeper and Fleaflicker by service, lane (visitor, or background: the Rookie ADP crawl and imports) and outcome (ok, 429, 5xx, timeout, error, circuit-open, queue-full); _count counts the calls.',
  labelNames: ['service', 'lane', 'outcome'] as const,
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

const adpAnswers = new Counter({
  name: 'dynasty_rookie_adp_answers_total',
  help: "Rookie ADP answers by source (mfl-aggregate: MFL's own ADP; store: the drafts the site stores) and outcome (current; stale: MFL slow or down, its last good answer shown; none: MFL failed with no earlier answer).",
  labelNames: ['source', 'outcome'] as const,
  registers: [registry],
});

/**
 * The Rookie ADP sources' figures are read when /metrics is scraped, from whichever app registered
 * them last (a process serves one app; tests build many), at most once a few seconds.
 */
let adpSources: (() => Promise<AdpSourceStats>) | undefined;
let adpSourcesRead: { at: number; stats: Promise<AdpSourceStats | undefined> } | undefined;
const readAdpSources = () => {
  const t = Date.now();
  if (!adpSourcesRead || t - adpSourcesRead.at > 5_000)
    adpSourcesRead = {
      at: t,
      stats: adpSources ? adpSources().catch(() => undefined) : Promise.resolve(undefined),
    };
  return adpSourcesRead.stats;
};

/** Registers where the Rookie ADP source figures come from; answers a function that unregisters it. */
export function reportAdpSources(read: () => Promise<AdpSourceStats>): () => void {
  adpSources = read;
  adpSourcesRead = undefined;
  return () => {
    if (adpSources === read) adpSources = undefined;
    adpSourcesRead = undefined;
  };
}

new Gauge({
  name: 'dynasty_rookie_adp_drafts',
  help: "Drafts behind ADP by source: store-mfl and store-sleeper (the rookie drafts the site stores), store-<service>-startup-<snake|auction> (its startup drafts), mfl-aggregate (MFL's totalDrafts in its latest good answer, summed over the sizes asked).",
  labelNames: ['source'] as const,
  registers: [registry],
  async collect() {
    const stats = await readAdpSources();
    this.reset();
    if (!stats) return;
    for (const s of stats.store) this.set({ source: `store-${s.service}` }, s.drafts);
    for (const s of stats.startup) this.set({ source: `store-${s.service}-startup-${s.kind}` }, s.drafts);
    if (stats.mflAggregate.drafts !== null) this.set({ source: 'mfl-aggregate' }, stats.mflAggregate.drafts);
  },
});

new Gauge({
  name: 'dynasty_rookie_adp_newest_draft_timestamp_seconds',
  help: "Newest draft behind Rookie ADP by source (epoch seconds): the store's newest draft per service; for mfl-aggregate the last day its latest good answer covers.",
  labelNames: ['source'] as const,
  registers: [registry],
  async collect() {
    const stats = await readAdpSources();
    this.reset();
    if (!stats) return;
    for (const s of stats.store)
      if (s.newestDraftAt) this.set({ source: `store-${s.service}` }, Date.parse(s.newestDraftAt) / 1000);
    for (const s of stats.startup)
      if (s.newestDraftAt)
        this.set({ source: `store-${s.service}-startup-${s.kind}` }, Date.parse(s.newestDraftAt) / 1000);
    const covers = stats.mflAggregate.coversUntil;
    if (covers) this.set({ source: 'mfl-aggregate' }, Date.parse(covers) / 1000);
  },
});

new Gauge({
  name: 'dynasty_rookie_adp_mfl_last_good_age_seconds',
  help: "Age of the latest good answer MFL's own ADP gave (absent until there is one).",
  registers: [registry],
  async collect() {
    const stats = await readAdpSources();
    this.reset();
    if (stats?.mflAggregate.ageMs != null) this.set(stats.mflAggregate.ageMs / 1000);
  },
});

export function recordAdpAnswer(source: 'mfl-aggregate' | 'store', outcome: 'current' | 'stale' | 'none') {
  adpAnswers.inc({ source, outcome });
}

/** Calls to a service this process made in either lane that ended with the outcome (each try counts), e.g. MFL's 429s. */
export async function leagueCallCount(service: string, outcome: string): Promise<number> {
  const { values } = await leagueCallDuration.get();
  return values
    .filter(
      (v) =>
        v.metricName === 'dynasty_league_call_duration_seconds_count' &&
        v.labels.service === service &&
        v.labels.outcome === outcome,
    )
    .reduce((sum, v) => sum + v.value, 0);
}

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
  lane: 'visitor' | 'background';
  path?: string;
  outcome: string;
  ms: number;
}

/** Records a league-service call (the path is left out: it would make a series per league). */
export function recordLeagueCall(call: LeagueCall) {
  leagueCallDuration.observe(
    { service: call.service, lane: call.lane, outcome: call.outcome },
    call.ms / 1000,
  );
}

export function recordJobRun(job: string, outcome: 'ok' | 'error', seconds: number) {
  jobRuns.inc({ job, outcome });
  jobDuration.observe({ job }, seconds);
}

export function recordDbQuery(db: 'pglite' | 'postgres', seconds: number) {
  dbQueryDuration.observe({ db }, seconds);
}
// The database reports each query's time here (it imports nothing of ops/).
timeQueriesWith(recordDbQuery);

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

/**
 * Headers a proxy or CDN adds to say whom it forwards, present at all (even empty), in any of their
 * forms: `Forwarded`, `Via`, every `X-Forwarded-*` and `X-Original-Forwarded-*`, and the names
 * for the client's address (`X-Real-IP`, `Client-IP`, `X-Cluster-Client-IP`, `Fastly-Client-IP`,
 * `True-Client-IP`, `CF-Connecting-IP`, `X-Originating-IP`, `X-Envoy-External-Address`,
 * `X-AppEngine-User-IP`…). Matched by pattern, so a vendor's variant of one counts too.
 */
const FORWARDING_HEADER =
  /^(via|(x-)?(original-)?forwarded(-.+)?|.*(client|real|connecting|originating|remote|user)-ip|.*(external-address|remote-addr))$/;

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
  return Object.keys(request.headers).every((h) => !FORWARDING_HEADER.test(h));
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
