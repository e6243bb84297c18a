import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  rangeEnd,
  rangeStart,
  type StoredTrade,
  type TradeService,
  type TradesAnswer,
  tradesAnswerSchema,
  tradesRequestSchema,
} from '#common/trades.ts';
import type { AppDeps } from '#server/deps.ts';
import { afterStart } from '#server/http/after-start.ts';
import type { PlayerIdentity } from '#server/leagues/players.ts';
import { startTradeJob, type TradeJob } from './job.ts';
import { listTrades, type PlayerRef } from './store.ts';

/** Public reads of the market's data: as many a minute as the tools allow a visitor. */
const marketRateLimit = { rateLimit: { max: 300, timeWindow: 60_000 } };

const idField = { mfl: 'mfl_id', sleeper: 'sleeper_id', flea: 'flea_id' } as const satisfies Record<
  TradeService,
  keyof PlayerIdentity
>;

/**
 * The player's ids on every service, by the merged players list (the services' cross ids). The list
 * is only used if this server holds it already or it comes within a short wait: without it the
 * player's own service's trades still answer.
 */
async function sameBody(deps: AppDeps, service: TradeService, id: string): Promise<PlayerRef[]> {
  const refs: PlayerRef[] = [{ service, id }];
  const list = await deps.services.players.peek().catch(() => undefined);
  // One scan of the list a request (a few thousand players): cheaper than keeping an index of it.
  const person = list?.players.find((p) => p[idField[service]] === id);
  if (!person) return refs;
  for (const other of ['mfl', 'sleeper', 'flea'] as const) {
    const otherId = person[idField[other]];
    if (other !== service && otherId) refs.push({ service: other, id: otherId });
  }
  return refs;
}

export function tradeAnswer(trades: readonly StoredTrade[]): TradesAnswer {
  return {
    trades: trades.map((t) => ({
      id: `${t.service}:${t.tradeId}`,
      at: t.tradedAt.toISOString(),
      format: t.format,
      sides: t.sides.map((s) => ({
        players: s.players.map((p) => `${t.service}:${p}`),
        picks: s.picks,
        faab: s.faab,
      })),
    })),
  };
}

/**
 * GET /api/values/trades: the stored completed trades a player changed hands in, the newest first.
 * The trades job runs beside it on every server (one at a time, by the database's lease).
 */
export async function tradeRoutes(api: FastifyInstance, deps: AppDeps) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  let job: TradeJob | undefined;
  if (deps.config.leagueTrades)
    afterStart(api, () => {
      job = startTradeJob({
        db: deps.database.db,
        config: deps.config,
        limits: deps.serviceLimits,
        egress: deps.egress,
        log: api.log,
      });
    });
  api.addHook('onClose', async () => {
    await job?.stop();
  });
  app.get(
    '/values/trades',
    {
      schema: { querystring: tradesRequestSchema, response: { 200: tradesAnswerSchema } },
      config: marketRateLimit,
    },
    async (request): Promise<TradesAnswer> => {
      const { player, from, to } = request.query;
      const split = player.indexOf(':');
      const service = player.slice(0, split) as TradeService;
      const refs = await sameBody(deps, service, player.slice(split + 1));
      const trades = await listTrades(deps.database.db, {
        player: refs,
        from: from ? rangeStart(from) : undefined,
        to: to ? rangeEnd(to) : undefined,
      });
      return tradeAnswer(trades);
    },
  );
}
