import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leagueCookies } from '../../common/leagues.ts';
import {
  type AdpAnswer,
  adpAnswerSchema,
  adpFilterProblems,
  adpProblemSchema,
  adpRequestSchema,
} from '../../common/rookie-adp.ts';
import type { AppDeps } from '../app.ts';
import { cached } from '../cache.ts';
import { type AdpFilter, queryAdp } from './rookie-adp/adp-query.ts';
import {
  ADP_VERSION_KEY,
  dueSources,
  type IngestContext,
  ingestLeagues,
  parseAdpLeagueIds,
} from './rookie-adp/ingest.ts';
import { type Refresher, startRefresh } from './rookie-adp/refresh.ts';
import { ingestStatus, ingestStatusSchema } from './rookie-adp/status.ts';
import {
  ingestVisitorLeagues,
  type VisitorLeagues,
  visitorThrottleKey,
} from './rookie-adp/visitor-leagues.ts';

/** Answers are cached briefly per filter; new drafts change the version in the key at once. */
const ANSWER_TTL_MS = 60_000;
/** The refresh looks for due leagues at most this often (failing leagues retry on their own clock). */
const MAX_TICK_MS = 60_000;

/**
 * Rookie ADP: POST /api/mfl/adp computes ADP from the stored rookie drafts; the configured leagues are
 * read at start and refreshed on a timer; a visitor's connected leagues are added in the background.
 */
export async function rookieAdpRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const ctx: IngestContext = {
    db: deps.database.db,
    services: deps.services,
    cache: deps.cache,
    log: api.log,
  };
  const configured = parseAdpLeagueIds(deps.config.adpLeagueIds);
  const refreshMs = deps.config.adpRefreshMinutes * 60_000;
  const background = new Set<Promise<unknown>>();
  let refresher: Refresher | undefined;

  if (configured.length > 0) {
    api.addHook('onReady', async () => {
      refresher = startRefresh({
        tickMs: refreshMs > 0 ? Math.min(refreshMs, MAX_TICK_MS) : 0,
        run: async (stopped) => {
          const due = await dueSources(ctx, configured, refreshMs > 0 ? refreshMs : Number.POSITIVE_INFINITY);
          if (due.length) await ingestLeagues(ctx, due, { configured: true, stopped });
        },
        onError: (e) => api.log.error({ err: e }, 'rookie ADP refresh failed'),
      });
    });
  }
  api.addHook('onClose', async () => {
    await refresher?.stop();
    await Promise.allSettled([...background]);
  });

  /** Adds the visitor's leagues in the background, at most once a while per visitor. */
  async function contributeVisitor(request: FastifyRequest) {
    const visitor: VisitorLeagues = {
      mflCookie: request.cookies[leagueCookies.mfl] || undefined,
      sleeperUserId: request.cookies[leagueCookies.sleeperId] || undefined,
    };
    const key = visitorThrottleKey(visitor);
    if (!key || (await deps.cache.get(key).catch(() => 'skip')) !== undefined) return;
    await deps.cache.set(key, 1, 30 * 60_000).catch(() => undefined);
    const job = ingestVisitorLeagues(ctx, visitor)
      .catch((e) => request.log.warn({ err: e }, 'rookie ADP: visitor leagues not read'))
      .finally(() => background.delete(job));
    background.add(job);
  }

  app.post(
    '/mfl/adp',
    {
      schema: {
        body: adpRequestSchema,
        response: { 200: adpAnswerSchema, 400: adpProblemSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const problems = adpFilterProblems(body);
      if (problems.length > 0) return reply.code(400).send({ error: problems[0], errors: problems });
      await contributeVisitor(request);
      const filter: AdpFilter = {
        service: body.service,
        sizes: body.sizes,
        types: body.types,
        idp: body.idp,
        ppr: body.ppr,
        startDate: body.startDate!,
        endDate: body.endDate!,
      };
      const version = (await deps.cache.get<number>(ADP_VERSION_KEY).catch(() => undefined)) ?? 0;
      const key = `rookie-adp:answer:${version}:${JSON.stringify(filter)}`;
      return cached<AdpAnswer>(deps.cache, key, ANSWER_TTL_MS, () => queryAdp(deps.database.db, filter));
    },
  );

  app.get('/mfl/adp/status', { schema: { response: { 200: ingestStatusSchema } } }, async () =>
    ingestStatus(deps.database.db, configured.length, refresher?.state()),
  );
}
