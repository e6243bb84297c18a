import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adpAddLeagueAnswerSchema,
  adpAddLeagueSchema,
  adpDataSchema,
  adpDiscoveryActionSchema,
  parseLeagueReference,
} from '#common/adp-data.ts';
import { requireSuperUser, requireUser } from '#server/accounts/current-user.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { badRequest } from '#server/http/errors.ts';
import { adpData } from './admin-data.ts';
import { CRAWL_JOB, type Discovery } from './discovery.ts';
import { addListedLeagues } from './frontier.ts';
import { ensureJob, readJob } from './jobs.ts';

// Checked before the body is validated, so a visitor learns nothing from the schema.
const superUser = async (req: Parameters<typeof requireUser>[0]) => {
  requireUser(req);
  requireSuperUser(req);
};

/**
 * /api/admin/adp: the Rookie ADP data page for super users: the figures, adding a league by id or
 * address, and pausing, resuming or running discovery now.
 */
export async function adminAdpRoutes(
  scope: FastifyInstance,
  deps: { db: Db; config: Config; crawl: () => Discovery; current: () => Discovery | undefined },
) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const data = () =>
    adpData(deps.db, CRAWL_JOB, {
      enabled: deps.config.adpSleeperWalk || deps.config.adpMflLeagueSearch,
      running: deps.current()?.loop.running() ?? false,
      share: deps.config.adpBackgroundShare,
      requestsPerRun: deps.config.adpRunRequests,
    });

  app.get('/admin/adp', { onRequest: superUser, schema: { response: { 200: adpDataSchema } } }, data);

  app.post(
    '/admin/adp/leagues',
    {
      onRequest: superUser,
      schema: { body: adpAddLeagueSchema, response: { 200: adpAddLeagueAnswerSchema } },
    },
    async (req) => {
      const league = parseLeagueReference(req.body.league);
      if (!league)
        throw badRequest(
          'That is not an MFL or Sleeper league id or address (for example 12345, https://www44.myfantasyleague.com/2025/home/12345 or https://sleeper.com/leagues/<id>).',
        );
      const added = await addListedLeagues(deps.db, [{ ...league }], 'admin');
      // Read it soon: the crawl runs now on whichever server holds it.
      await deps.crawl().loop.runNow();
      return { service: league.service, leagueId: league.leagueId, added: added > 0 };
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
