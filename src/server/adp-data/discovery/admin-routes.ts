import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adpAddLeagueAnswerSchema,
  adpAddLeagueSchema,
  adpDataSchema,
  adpDiscoveryActionSchema,
  adpListedLeaguesSchema,
  adpRemoveLeagueAnswerSchema,
  adpRemoveLeagueSchema,
  fleaListFull,
  MAX_LISTED_FLEA_LEAGUES,
  MAX_LISTED_MFL_LEAGUES,
  mflListFull,
  NOT_A_LEAGUE,
  parseLeagueReference,
} from '#common/adp-data.ts';
import type { AdpSourceStats } from '#common/adp-sources.ts';
import { requireSuperUser, requireUser } from '#server/accounts/current-user.ts';
import type { Cache } from '#server/cache.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { badRequest, HttpError, notFound } from '#server/http/errors.ts';
import type { LeagueServices } from '#server/leagues/services.ts';
import { ADP_VERSION_KEY } from '../ingest.ts';
import { deleteLeagues } from '../store.ts';
import { adpData } from './admin-data.ts';
import { CRAWL_JOB, type Discovery } from './discovery.ts';
import { addListedLeagues, addTradeOnlyLeague } from './frontier.ts';
import { ensureJob, readJob } from './jobs.ts';
import { checkListedLeague } from './league-check.ts';

// Checked before the body is validated, so a visitor learns nothing from the schema.
const superUser = async (req: Parameters<typeof requireUser>[0]) => {
  requireUser(req);
  requireSuperUser(req);
};

/**
 * /api/admin/adp: the Rookie ADP data page for super users: the figures, listing a league by id or
 * address (one its service shows; an MFL league only with its commissioner's permission, at most
 * MAX_LISTED_MFL_LEAGUES of them; a Fleaflicker league the same way, read for trade values only),
 * removing one, and pausing, resuming or running discovery now.
 */
export async function adminAdpRoutes(
  scope: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    cache?: Cache;
    /** The league services, to read a league before it is listed. */
    services: Pick<LeagueServices, 'mfl' | 'sleeper' | 'flea'>;
    crawl: () => Discovery;
    current: () => Discovery | undefined;
    /** Where the answers come from: the store and MFL's own aggregate. */
    sources: () => Promise<AdpSourceStats>;
  },
) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const data = async () => ({
    ...(await adpData(deps.db, CRAWL_JOB, {
      enabled: deps.config.adpSleeperWalk || deps.config.adpMflLeagueSearch,
      running: deps.current()?.loop.running() ?? false,
      share: deps.config.adpBackgroundShare,
      requestsPerRun: deps.config.adpRunRequests,
    })),
    answerSources: await deps.sources(),
  });

  app.get('/admin/adp', { onRequest: superUser, schema: { response: { 200: adpDataSchema } } }, data);

  app.post(
    '/admin/adp/leagues',
    {
      onRequest: superUser,
      schema: { body: adpAddLeagueSchema, response: { 200: adpAddLeagueAnswerSchema } },
    },
    async (req) => {
      // The schema has checked it names a league, and that an MFL or Fleaflicker league comes with
      // the permission.
      const league = parseLeagueReference(req.body.league);
      if (!league) throw badRequest(NOT_A_LEAGUE);
      if (league.service !== 'sleeper') {
        const [listed] = await queryRows<{ n: number }>(
          deps.db,
          sql`SELECT count(*)::int AS n FROM rookie_adp_leagues
              WHERE service = ${league.service} AND source = 'admin' AND league_id <> ${league.leagueId}`,
        );
        if (league.service === 'mfl' && listed.n >= MAX_LISTED_MFL_LEAGUES)
          throw new HttpError(409, mflListFull(listed.n));
        if (league.service === 'flea' && listed.n >= MAX_LISTED_FLEA_LEAGUES)
          throw new HttpError(409, fleaListFull(listed.n));
      }
      // Only a league its service shows, and the crawl (or the trades job) can read, is listed.
      await checkListedLeague(deps.services, league);
      if (league.service === 'flea') {
        // Trade values only: the trades job reads it within the hour; the ADP crawl never does.
        const added = await addTradeOnlyLeague(deps.db, league);
        return { service: league.service, leagueId: league.leagueId, added };
      }
      const added = await addListedLeagues(deps.db, [{ ...league, service: league.service }], 'admin');
      // Read it soon: the crawl runs now on whichever server holds it.
      await deps.crawl().loop.runNow();
      return { service: league.service, leagueId: league.leagueId, added: added > 0 };
    },
  );

  app.get(
    '/admin/adp/leagues',
    { onRequest: superUser, schema: { response: { 200: adpListedLeaguesSchema } } },
    async () => {
      const rows = await queryRows<{
        service: 'mfl' | 'sleeper' | 'flea';
        league_id: string;
        url: string | null;
        drafts: number;
        trades: number;
        found_at: string | Date;
      }>(
        deps.db,
        sql`SELECT l.service, l.league_id, l.url, l.found_at,
                   (SELECT count(*)::int FROM rookie_adp_drafts d
                    WHERE d.service = l.service AND d.league_id = l.league_id) AS drafts,
                   (SELECT count(*)::int FROM league_trades t
                    WHERE t.service = l.service AND t.league_id = l.league_id) AS trades
            FROM rookie_adp_leagues l WHERE l.source = 'admin'
            ORDER BY l.found_at DESC, l.service, l.league_id`,
      );
      return {
        mflLimit: MAX_LISTED_MFL_LEAGUES,
        fleaLimit: MAX_LISTED_FLEA_LEAGUES,
        leagues: rows.map((r) => ({
          service: r.service,
          leagueId: r.league_id,
          url: r.url,
          feeds: r.service === 'flea' ? ('trades' as const) : ('adp' as const),
          drafts: Number(r.drafts),
          trades: Number(r.trades),
          knownSince: new Date(r.found_at).toISOString(),
        })),
      };
    },
  );

  app.post(
    '/admin/adp/leagues/remove',
    {
      onRequest: superUser,
      schema: { body: adpRemoveLeagueSchema, response: { 200: adpRemoveLeagueAnswerSchema } },
    },
    async (req) => {
      const { service, leagueId } = req.body;
      if (service === 'flea') {
        // No drafts: its trades and read state go at the trades job's next run (decision 035).
        const gone = await queryRows<{ league_id: string }>(
          deps.db,
          sql`DELETE FROM rookie_adp_leagues
              WHERE service = 'flea' AND league_id = ${leagueId} AND source = 'admin'
              RETURNING league_id`,
        );
        if (gone.length === 0) throw notFound('That league is not listed here.');
        return { removed: true, drafts: 0 };
      }
      const drafts = await deps.db.transaction(async (tx) => {
        const [row] = await queryRows<{ shared: boolean }>(
          tx,
          sql`SELECT EXISTS (SELECT 1 FROM rookie_adp_contributions c
                             WHERE c.service = l.service AND c.league_id = l.league_id) AS shared
              FROM rookie_adp_leagues l
              WHERE l.service = ${service} AND l.league_id = ${leagueId} AND l.source = 'admin'
              FOR UPDATE`,
        );
        if (!row) throw notFound('That league is not listed here.');
        // Visitors who share it keep it, as their league; otherwise it goes with its drafts.
        if (row.shared) {
          await tx.execute(
            sql`UPDATE rookie_adp_leagues SET source = 'visitor', configured = false, next_read_at = NULL
                WHERE service = ${service} AND league_id = ${leagueId}`,
          );
          return 0;
        }
        return deleteLeagues(tx, service, [leagueId]);
      });
      if (drafts > 0) await deps.cache?.incr(ADP_VERSION_KEY).catch(() => undefined);
      return { removed: true, drafts };
    },
  );

  app.post(
    '/admin/adp/discovery',
    { onRequest: superUser, schema: { body: adpDiscoveryActionSchema, response: { 200: adpDataSchema } } },
    async (req) => {
      const { action } = req.body;
      await ensureJob(deps.db, CRAWL_JOB);
      if (action === 'run') {
        const job = await readJob(deps.db, CRAWL_JOB);
        if (job?.paused) throw badRequest('Discovery is paused; resume it first.');
        await deps.crawl().loop.runNow();
      } else {
        await deps.db.execute(
          sql`UPDATE adp_jobs SET paused = ${action === 'pause'} WHERE name = ${CRAWL_JOB}`,
        );
      }
      return data();
    },
  );
}
