import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leagueCookies } from '#common/leagues.ts';
import {
  ADP_SERVICE_NAMES,
  type AdpTally,
  adpAnswerSchema,
  adpFilterProblems,
  adpProblemSchema,
  adpRequestSchema,
  applyMinShare,
} from '#common/rookie-adp.ts';
import { createLoader } from '#server/cache.ts';
import type { AppDeps } from '#server/deps.ts';
import { type AdpFilter, queryAdp } from './adp-query.ts';
import { runState } from './discovery/admin-data.ts';
import { adminAdpRoutes } from './discovery/admin-routes.ts';
import { CRAWL_JOB, type Discovery, startDiscovery } from './discovery/discovery.ts';
import { ADP_VERSION_KEY, type IngestContext, parseAdpLeagueIds } from './ingest.ts';
import { latestRookieSeason } from './latest-season.ts';
import { ingestStatus, ingestStatusSchema } from './status.ts';
import { ingestVisitorLeagues, type VisitorLeagues, visitorThrottleKey } from './visitor-leagues.ts';

/** Answers are cached briefly per filter; new drafts change the version in the key at once. */
const ANSWER_TTL_MS = 60_000;
/**
 * Rookie ADP: POST /api/mfl/adp computes ADP from the stored rookie drafts. The crawl job (discovery of
 * public leagues, the configured leagues and their refresh) runs in the background on whichever server
 * holds it; a visitor's connected leagues are added in the background too.
 */
export async function rookieAdpRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const load = createLoader(deps.cache);
  const ctx: IngestContext = {
    db: deps.database.db,
    services: deps.services,
    cache: deps.cache,
    log: api.log,
  };
  const configured = parseAdpLeagueIds(deps.config.adpLeagueIds);
  const background = new Set<Promise<unknown>>();
  // The crawl runs where discovery is on or leagues are configured; admin-added leagues need it too,
  // so a server with neither still takes part once a league is added (see the admin routes).
  let discovery: Discovery | undefined;
  const startCrawl = () => {
    discovery ??= startDiscovery({
      db: deps.database.db,
      cache: deps.cache,
      config: deps.config,
      limits: deps.serviceLimits,
      egress: deps.egress,
      log: api.log,
    });
    return discovery;
  };
  if (deps.config.adpDiscovery || configured.length > 0)
    api.addHook('onReady', async () => void startCrawl());
  api.addHook('onClose', async () => {
    await discovery?.stop();
    await Promise.allSettled([...background]);
  });
  await api.register(adminAdpRoutes, {
    db: deps.database.db,
    config: deps.config,
    crawl: startCrawl,
    current: () => discovery,
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
      const tally = await load<AdpTally>(
        `rookie-adp:answer:${JSON.stringify(filter)}`,
        ANSWER_TTL_MS,
        () => queryAdp(deps.database.db, filter),
        { version: ADP_VERSION_KEY },
      );
      const latest =
        tally.totalLeagues === 0 ? await latestRookieSeason(deps.database.db, body.service) : undefined;
      return {
        ...tally,
        ...applyMinShare(tally.players, body.minShare),
        ...(latest && { latest }),
        source: {
          kind: 'store' as const,
          note: `From ${ADP_SERVICE_NAMES[body.service]} rookie drafts this site has read.`,
        },
      };
    },
  );

  app.get('/mfl/adp/status', { schema: { response: { 200: ingestStatusSchema } } }, async () =>
    ingestStatus(deps.database.db, configured.length, await runState(deps.database.db, CRAWL_JOB)),
  );
}
