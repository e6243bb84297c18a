import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type AdpAnswer,
  type AdpSource,
  type AdpTally,
  adpAnswerSchema,
  adpFilterProblems,
  adpMonthsAnswerSchema,
  adpMonthsRequestSchema,
  adpProblemSchema,
  adpRequestSchema,
  applyMinShare,
} from '#common/rookie-adp.ts';
import { type StartupAnswer, startupAnswerSchema, startupRequestSchema } from '#common/startup-adp.ts';
import { queryAdp, ROOKIE_STORE } from '#server/adp-data/adp-query.ts';
import { adpSourceStats, runState } from '#server/adp-data/discovery/admin-data.ts';
import { adminAdpRoutes } from '#server/adp-data/discovery/admin-routes.ts';
import { CRAWL_JOB } from '#server/adp-data/discovery/discovery.ts';
import { ADP_VERSION_KEY, type IngestContext, parseAdpLeagueIds } from '#server/adp-data/ingest.ts';
import {
  aggregateRefusal,
  aggregateRefusalReasons,
  createMflAggregate,
} from '#server/adp-data/mfl-aggregate.ts';
import { mflCopyMonths } from '#server/adp-data/mfl-copies.ts';
import { visitorContribution } from '#server/adp-data/visitor-contribution.ts';
import { createLoader } from '#server/cache.ts';
import type { AppDeps } from '#server/deps.ts';
import { mflSeasonYear } from '#server/leagues/mfl/hosts.ts';
import { reportAdpSources } from '#server/ops/metrics.ts';
import { ANSWER_TTL_MS, adpAnswers, filterOf, startupSourceNote } from './answers.ts';
import { latestRookieSeason } from './latest-season.ts';
import { ingestStatus, ingestStatusSchema } from './status.ts';
import { chartMonths, queryPlayerMonths } from './trend.ts';

/**
 * Rookie ADP: POST /api/mfl/adp answers from MFL's own aggregate ADP (mfl-aggregate.ts) when it can
 * answer the filter, else from the stored rookie drafts (Sleeper's always); startup ADP, one player's
 * months, the store's status, and the admin's routes (discovery/admin-routes.ts). A visitor's
 * connected leagues are added in the background as they ask (visitor-contribution.ts); the crawl and
 * the MFL copies run apart from the routes (background.ts).
 */
export async function rookieAdpRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const load = createLoader(deps.cache);
  const ctx: IngestContext = { db, services: deps.services, cache: deps.cache, log: api.log };
  const mflAggregate = createMflAggregate({
    mfl: deps.services.mfl,
    load,
    waitMs: deps.config.adpMflWaitMs,
    patienceMs: 5 * deps.config.adpMflWaitMs,
  });
  const { fromStore, fromMflAggregate, emptyOf } = adpAnswers(db, load, mflAggregate);
  const { contributeVisitor, settled } = visitorContribution(deps, ctx);
  const sources = async () => adpSourceStats(db, await mflAggregate.status().catch(() => ({})));
  const unreport = reportAdpSources(sources);
  const configured = parseAdpLeagueIds(deps.config.adpLeagueIds);
  // The crawl and the MFL copies run apart from the routes (buildApp makes them, the runtime starts them).
  const background = deps.adpBackground!;
  api.addHook('onClose', async () => {
    unreport();
    await settled();
  });
  await api.register(adminAdpRoutes, {
    db,
    config: deps.config,
    cache: deps.cache,
    services: deps.services,
    crawl: background.startCrawl,
    current: background.crawl,
    sources,
  });

  app.post(
    '/mfl/adp',
    {
      schema: {
        body: adpRequestSchema,
        response: { 200: adpAnswerSchema, 400: adpProblemSchema, 503: adpProblemSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const problems = adpFilterProblems(body);
      if (problems.length > 0) return reply.code(400).send({ error: problems[0], errors: problems });
      await contributeVisitor(request);
      const filter = filterOf(body);
      // MFL's numbers come from MFL's own aggregate when it can answer the filter, else from the store.
      const now = Date.now();
      const refusal = filter.service === 'mfl' ? aggregateRefusal(filter, now) : undefined;
      const answer =
        filter.service === 'mfl' && !refusal
          ? await fromMflAggregate(filter, mflSeasonYear(now))
          : await fromStore(filter, refusal);
      if ('error' in answer) return reply.code(503).header('retry-after', '60').send(answer);
      const { tally, source } = answer;
      const result: AdpAnswer = { ...tally, ...applyMinShare(tally.players, body.minShare), source };
      if (tally.totalLeagues === 0) {
        result.empty = await emptyOf(
          filter,
          ROOKIE_STORE,
          source.kind === 'mfl-aggregate'
            ? { aggregate: mflSeasonYear(now) }
            : { cannot: filter.service === 'mfl' ? aggregateRefusalReasons(filter, now) : [] },
        );
        // An empty window: offer the newest season the store has drafts in, unless that is this window.
        const latest = await latestRookieSeason(db, filter.service);
        if (latest && (latest.startDate !== filter.startDate || latest.endDate !== filter.endDate))
          result.latest = latest;
      }
      return result;
    },
  );

  // One player's ADP month by month, from the store's monthly totals (the page's opened row).
  app.post(
    '/mfl/adp/months',
    {
      schema: {
        body: adpMonthsRequestSchema,
        response: { 200: adpMonthsAnswerSchema, 400: adpProblemSchema },
      },
    },
    async (request, reply) => {
      const { player, ...body } = request.body;
      const problems = adpFilterProblems(body);
      if (problems.length > 0) return reply.code(400).send({ error: problems[0], errors: problems });
      const filter = filterOf(body);
      // MFL's own ADP answers the table: its months come from the copies of its counts kept at month
      // ends where there are any, else from the MFL drafts the store holds (the note says which).
      const now = Date.now();
      const fromCopies = filter.service === 'mfl' && !aggregateRefusal(filter, now);
      return load(
        `rookie-adp:months:${JSON.stringify([filter, player, fromCopies])}`,
        ANSWER_TTL_MS,
        async () => {
          if (fromCopies) {
            const { from } = chartMonths(filter.endDate);
            const copied = await mflCopyMonths(
              db,
              {
                season: mflSeasonYear(now),
                sizes: filter.sizes,
                ppr: filter.ppr,
                endDate: filter.endDate,
                from: from.slice(0, 7),
              },
              player,
            );
            if (copied) return copied;
          }
          const stored = await queryPlayerMonths(db, filter, player);
          return fromCopies
            ? {
                ...stored,
                note: `${stored.note} The table's figures are MFL's own ADP; the site has not kept MFL's counts at the ends of a month yet, so these months come from the drafts it has read.`,
              }
            : stored;
        },
        { version: ADP_VERSION_KEY },
      );
    },
  );

  // Startup ADP (decision 021): snake drafts' ADP or auctions' average share of the budget, from the
  // startup drafts the store holds (Sleeper's public leagues; MFL's connected and listed leagues only).
  app.post(
    '/mfl/adp/startup',
    {
      schema: {
        body: startupRequestSchema,
        response: { 200: startupAnswerSchema, 400: adpProblemSchema },
      },
    },
    async (request, reply) => {
      const { kind, minShare, ...body } = request.body;
      const problems = adpFilterProblems(body);
      if (problems.length > 0) return reply.code(400).send({ error: problems[0], errors: problems });
      await contributeVisitor(request);
      const filter = filterOf(body);
      const tally = await load<AdpTally>(
        `startup-adp:answer:${kind}:${JSON.stringify(filter)}`,
        ANSWER_TTL_MS,
        () => queryAdp(db, filter, { draft: 'startup', kind }),
        { version: ADP_VERSION_KEY },
      );
      const source: AdpSource = { kind: 'store', note: startupSourceNote(filter.service, kind) };
      const { players, hidden } = applyMinShare(tally.players, minShare);
      const common = {
        hidden,
        totalLeagues: tally.totalLeagues,
        startTime: tally.startTime,
        endTime: tally.endTime,
        source,
        ...(tally.totalLeagues === 0
          ? { empty: await emptyOf(filter, { draft: 'startup', kind }, { cannot: [] }) }
          : {}),
      };
      const answer: StartupAnswer =
        kind === 'snake'
          ? { kind, players, ...common }
          : {
              kind,
              ...common,
              // The store's value of an auction is the price's share of the budget.
              players: players.map(({ adp, minPick, maxPick, trend: _, ...p }) => ({
                ...p,
                share: adp,
                minShare: minPick,
                maxShare: maxPick,
              })),
            };
      return answer;
    },
  );

  app.get('/mfl/adp/status', { schema: { response: { 200: ingestStatusSchema } } }, async () =>
    ingestStatus(db, configured.length, await runState(db, CRAWL_JOB)),
  );
}
