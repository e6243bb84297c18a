import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LeagueType } from '#common/leagues.ts';
import {
  ADP_SERVICE_NAMES,
  type AdpAnswer,
  type AdpEmpty,
  type AdpSource,
  type AdpTally,
  adpAnswerSchema,
  adpFilterProblems,
  adpMonthsAnswerSchema,
  adpMonthsRequestSchema,
  adpProblemSchema,
  adpRequestSchema,
  adpWindow,
  applyMinShare,
} from '#common/rookie-adp.ts';
import {
  STARTUP_KIND_NAMES,
  type StartupAnswer,
  startupAnswerSchema,
  startupRequestSchema,
} from '#common/startup-adp.ts';
import { createLoader } from '#server/cache.ts';
import type { AppDeps } from '#server/deps.ts';
import { inBackground } from '#server/leagues/call-context.ts';
import { mflSeasonYear } from '#server/leagues/mfl/hosts.ts';
import {
  cookieAccounts,
  onSiteAccount,
  type VisitorAccount,
  visitorAccounts,
} from '#server/leagues/visitor-accounts.ts';
import { recordAdpAnswer, reportAdpSources } from '#server/ops/metrics.ts';
import {
  type AdpFilter,
  type AdpStore,
  countDrafts,
  queryAdp,
  ROOKIE_STORE,
  storeHolds,
} from './adp-query.ts';
import { MFL_SHARE_COOKIE } from './consent.ts';
import { adpSourceStats, runState } from './discovery/admin-data.ts';
import { adminAdpRoutes } from './discovery/admin-routes.ts';
import { CRAWL_JOB, type Discovery, startDiscovery } from './discovery/discovery.ts';
import { emptyReason } from './empty-answer.ts';
import { ADP_VERSION_KEY, type IngestContext, parseAdpLeagueIds } from './ingest.ts';
import { latestRookieSeason } from './latest-season.ts';
import {
  aggregateCoverage,
  aggregateRefusal,
  aggregateRefusalReasons,
  aggregateSource,
  createMflAggregate,
} from './mfl-aggregate.ts';
import { isoDay, type MflCopyTrend, mflCopyMonths, mflCopyTrend } from './mfl-copies.ts';
import { type MflCopies, startMflCopies } from './mfl-copy-job.ts';
import { ingestStatus, ingestStatusSchema } from './status.ts';
import { chartMonths, queryAdpWithTrend, queryPlayerMonths } from './trend.ts';
import {
  ingestVisitorLeagues,
  VISITOR_REFRESH_MS,
  type VisitorLeagues,
  visitorThrottleKey,
} from './visitor-leagues.ts';

/** Where startup numbers come from: the site's store only (MFL's aggregate has no startup report). */
export function startupSourceNote(service: AdpFilter['service'], kind: 'snake' | 'auction'): string {
  const what = kind === 'snake' ? 'startup snake drafts' : 'startup auctions';
  return service === 'mfl'
    ? `From the MFL ${what} this site has read: leagues whose members connected them and agreed to share them, and leagues the site lists. MFL's own ADP is not used: it has no startup report.`
    : `From the Sleeper ${what} this site has read: the first drafts of public dynasty leagues. ${STARTUP_KIND_NAMES[kind]} numbers only; the other kind is never added in.`;
}

/** Answers are cached briefly per filter; new drafts change the version in the key at once. */
const ANSWER_TTL_MS = 60_000;

/** The store's filter from a checked request (adpFilterProblems found none, so both dates are there). */
const filterOf = (
  body: Omit<AdpFilter, 'startDate' | 'endDate'> & { startDate?: string | null; endDate?: string | null },
): AdpFilter => ({
  service: body.service,
  sizes: body.sizes,
  types: body.types,
  idp: body.idp,
  ppr: body.ppr,
  startDate: body.startDate!,
  endDate: body.endDate!,
});

/**
 * Rookie ADP: POST /api/mfl/adp answers from MFL's own aggregate ADP (mfl-aggregate.ts) when it can
 * answer the filter, else from the stored rookie drafts (Sleeper's always). The crawl job (discovery of
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
  const mflAggregate = createMflAggregate({
    mfl: deps.services.mfl,
    load,
    waitMs: deps.config.adpMflWaitMs,
    patienceMs: 5 * deps.config.adpMflWaitMs,
  });
  const sources = async () => adpSourceStats(deps.database.db, await mflAggregate.status().catch(() => ({})));
  const unreport = reportAdpSources(sources);
  const configured = parseAdpLeagueIds(deps.config.adpLeagueIds);
  const background = new Set<Promise<unknown>>();
  // The crawl runs where the Sleeper walk or MFL's search (with MFL's permission) is on or leagues
  // are configured; admin-added leagues need it too, so a server with none of these still takes part
  // once a league is added (see the admin routes).
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
  if (deps.config.adpSleeperWalk || deps.config.adpMflLeagueSearch || configured.length > 0)
    api.addHook('onReady', async () => void startCrawl());
  // The daily copy of MFL's own ADP (decision 025), behind MFL's trends and month-by-month ADP.
  let copies: MflCopies | undefined;
  if (deps.config.adpMflCopies)
    api.addHook('onReady', async () => {
      copies = startMflCopies({
        db: deps.database.db,
        config: deps.config,
        limits: deps.serviceLimits,
        egress: deps.egress,
        log: api.log,
      });
    });
  api.addHook('onClose', async () => {
    unreport();
    await Promise.all([discovery?.stop(), copies?.stop()]);
    await Promise.allSettled([...background]);
  });
  await api.register(adminAdpRoutes, {
    db: deps.database.db,
    config: deps.config,
    cache: deps.cache,
    services: deps.services,
    crawl: startCrawl,
    current: () => discovery,
    sources,
  });

  /**
   * Adds the visitor's leagues in the background, at most once a while per visitor: Sleeper's
   * always, MFL's only when the visitor agreed to share them (decision 017). The throttle comes
   * first, keyed by what the request carries, and is claimed in one step, so a visitor seen lately
   * costs one cache call and two requests at once start one import. The import is background work:
   * it yields to every visitor's calls and takes at most the background share of each service.
   */
  async function contributeVisitor(request: FastifyRequest) {
    // A visitor's key is what their cookies hold; a user whose accounts are kept on the site account
    // is the key, and their accounts are read from the database only once the throttle lets them by.
    const savedAccounts = onSiteAccount(request, deps);
    const cookies = savedAccounts ? [] : cookieAccounts(request.cookies);
    const first = (accounts: VisitorAccount[], service: LeagueType) =>
      accounts.find((a) => a.service === service)?.credential;
    const key = visitorThrottleKey({
      mflCookie: first(cookies, 'mfl'),
      sleeperUserId: first(cookies, 'sleeper'),
      shareCookie: request.cookies[MFL_SHARE_COOKIE] || undefined,
      siteUser: request.user?.id,
      savedAccounts,
    });
    if (!key || !(await deps.cache.claim(key, VISITOR_REFRESH_MS).catch(() => false))) return;
    // The first MFL and Sleeper accounts in use.
    const mine = savedAccounts ? await visitorAccounts(request, deps) : cookies;
    const mflCookie = first(mine, 'mfl');
    const sleeperUserId = first(mine, 'sleeper');
    if (!mflCookie && !sleeperUserId) return;
    const mflContributor = mflCookie ? await deps.mflSharing?.contributor(request) : undefined;
    const visitor: VisitorLeagues = {
      mflCookie: mflContributor ? mflCookie : undefined,
      mflContributor,
      sleeperUserId,
    };
    const job = inBackground(() => ingestVisitorLeagues(ctx, visitor))
      .catch((e) => request.log.warn({ err: e }, 'rookie ADP: visitor leagues not read'))
      .finally(() => background.delete(job));
    background.add(job);
  }

  /** The site's own store of drafts: Sleeper's always, MFL's when MFL's aggregate cannot answer. */
  async function fromStore(filter: AdpFilter, switchReason?: string) {
    const tally = await load<AdpTally>(
      `rookie-adp:answer:${JSON.stringify(filter)}`,
      ANSWER_TTL_MS,
      () => queryAdpWithTrend(deps.database.db, filter),
      { version: ADP_VERSION_KEY },
    );
    recordAdpAnswer('store', 'current');
    const source: AdpSource = {
      kind: 'store',
      note: `From the ${ADP_SERVICE_NAMES[filter.service]} rookie drafts this site has read.`,
      ...(switchReason ? { switchReason } : {}),
    };
    return { tally, source };
  }

  /** MFL's own aggregate, or its last good answer; `error` when there is neither (MFL slow or down). */
  async function fromMflAggregate(
    filter: AdpFilter,
    season: number,
  ): Promise<{ error: string } | { tally: AdpTally; source: AdpSource }> {
    const outcome = await mflAggregate.answer({ sizes: filter.sizes, ppr: filter.ppr, season });
    if (!outcome.ok) return { error: outcome.message };
    // Trends from the copies of MFL's counts the site keeps (never an MFL call).
    const derived = await load<MflCopyTrend>(
      `rookie-adp:mfl-copy-trend:${JSON.stringify([season, filter.sizes, filter.ppr, filter.endDate])}`,
      ANSWER_TTL_MS,
      () =>
        mflCopyTrend(deps.database.db, {
          season,
          sizes: filter.sizes,
          ppr: filter.ppr,
          endDate: filter.endDate,
          today: isoDay(Date.now()),
        }),
    );
    const players = outcome.tally.players.map((p) => {
      const trend = derived.byId[p.id];
      return trend === undefined ? p : { ...p, trend };
    });
    const tally: AdpTally = { ...outcome.tally, players, trend: derived.trend };
    const coverage = aggregateCoverage(filter, tally, season);
    return {
      tally,
      source: { ...aggregateSource(season, outcome.staleSince), ...(coverage ? { coverage } : {}) },
    };
  }

  /**
   * Why an answer holds no drafts (what MFL's own ADP cannot answer, what the store holds), and the
   * Sleeper drafts the store holds for the same filters when the answer is MFL's: never "the dates"
   * when the dates are not to blame.
   */
  async function emptyOf(
    filter: AdpFilter,
    store: AdpStore,
    from: { aggregate: number } | { cannot: string[] },
  ): Promise<AdpEmpty> {
    return load<AdpEmpty>(
      `rookie-adp:empty:${JSON.stringify([filter, store, from])}`,
      ANSWER_TTL_MS,
      async () => {
        const sleeperDrafts =
          filter.service === 'mfl'
            ? await countDrafts(deps.database.db, { ...filter, service: 'sleeper' }, store)
            : 0;
        const reason =
          'aggregate' in from
            ? `MFL's own ADP counts no rookie-only drafts of these league sizes in its ${from.aggregate} season so far.`
            : emptyReason({
                service: filter.service,
                startup: store.draft === 'startup' ? store.kind : undefined,
                cannot: from.cannot.length > 0 ? from.cannot : undefined,
                ...(await storeHolds(
                  deps.database.db,
                  filter.service,
                  adpWindow(filter.startDate, filter.endDate),
                  store,
                )),
              });
        return { reason, ...(sleeperDrafts > 0 ? { sleeperDrafts } : {}) };
      },
      { version: ADP_VERSION_KEY },
    );
  }

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
        const latest = await latestRookieSeason(deps.database.db, filter.service);
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
              deps.database.db,
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
          const stored = await queryPlayerMonths(deps.database.db, filter, player);
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
        () => queryAdp(deps.database.db, filter, { draft: 'startup', kind }),
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
    ingestStatus(deps.database.db, configured.length, await runState(deps.database.db, CRAWL_JOB)),
  );
}
