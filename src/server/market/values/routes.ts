import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TradeFormat } from '#common/trades.ts';
import {
  formatKey,
  formatLabel,
  type LeagueFormatAnswer,
  leagueFormatAnswerSchema,
  leagueFormatLabel,
  leagueFormatRequestSchema,
  nearestValueFormat,
  type ValuesAnswer,
  valuesAnswerSchema,
  valuesRequestSchema,
} from '#common/values.ts';
import { createLoader } from '#server/cache.ts';
import type { AppDeps } from '#server/deps.ts';
import { afterStart } from '#server/http/after-start.ts';
import { decodeEspnConnection } from '#server/leagues/espn/connection.ts';
import { visitorAccount } from '#server/leagues/visitor-accounts.ts';
import { espnFormat, readFleaFormat, readMflFormat, sleeperFormat } from '../trades/read.ts';
import { startValuesJob, VALUES_VERSION_KEY, type ValuesJob } from './job.ts';
import { readValues } from './store.ts';

/** A format's answer is cached a minute; a new set of values changes the version in the key at once. */
const ANSWER_TTL_MS = 60_000;
const marketRateLimit = { rateLimit: { max: 300, timeWindow: 60_000 } };

/** GET /api/values: a format's market values as the values job last stored them (never computed here). */
export async function valueRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const load = createLoader(deps.cache);
  let job: ValuesJob | undefined;
  if (deps.config.valuesJob)
    afterStart(api, () => {
      job = startValuesJob({
        db: deps.database.db,
        cache: deps.cache,
        players: () => deps.services.players.list(),
        now: Date.now,
        refitMs: deps.config.valuesRefitMs,
        log: api.log,
      });
    });
  api.addHook('onClose', async () => {
    await job?.stop();
  });
  app.get(
    '/values',
    {
      schema: { querystring: valuesRequestSchema, response: { 200: valuesAnswerSchema } },
      config: marketRateLimit,
    },
    async (request): Promise<ValuesAnswer> => {
      const { format } = request.query;
      return load(`market-values:${format}`, ANSWER_TTL_MS, () => readValues(deps.database.db, format), {
        version: VALUES_VERSION_KEY,
      });
    },
  );

  // The visitor's own league's format, read from its settings as the trades reader reads them: the
  // calculator starts from it. Sleeper's and Fleaflicker's leagues are public (no credential); MFL's
  // are asked with the visitor's log-in, ESPN's with the connection's cookies (a public league needs none).
  app.get(
    '/values/league-format',
    {
      schema: { querystring: leagueFormatRequestSchema, response: { 200: leagueFormatAnswerSchema } },
      config: marketRateLimit,
    },
    async (request, reply): Promise<LeagueFormatAnswer> => {
      reply.header('cache-control', 'private, no-store');
      const q = request.query;
      let facts: TradeFormat;
      if (q.type === 'sleeper') facts = sleeperFormat(await deps.services.sleeper.league(q.league_id));
      else if (q.type === 'flea') facts = await readFleaFormat(deps.services.flea, q.league_id);
      else if (q.type === 'espn') {
        const account = await visitorAccount(request, deps, 'espn', q.account);
        const { auth } = decodeEspnConnection(account.credential);
        facts = espnFormat(await deps.services.espn.league(q.league_id, ['mSettings'], { auth }));
      } else {
        const account = await visitorAccount(request, deps, 'mfl', q.account);
        facts = await readMflFormat(
          deps.services.mfl,
          { league_id: q.league_id, url: q.url },
          { cookie: account.credential },
        );
      }
      const format = nearestValueFormat(facts);
      return { format: formatKey(format), label: formatLabel(format), league: leagueFormatLabel(facts) };
    },
  );
}
