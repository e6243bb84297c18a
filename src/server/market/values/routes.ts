import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ValuesAnswer, valuesAnswerSchema, valuesRequestSchema } from '#common/values.ts';
import { createLoader } from '#server/cache.ts';
import type { AppDeps } from '#server/deps.ts';
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
    api.addHook('onReady', async () => {
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
}
