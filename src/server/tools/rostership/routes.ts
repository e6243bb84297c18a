import type { FastifyInstance } from 'fastify';
import {
  rostershipAnswerSchema,
  rostershipLineSchema,
  rostershipRequestSchemas,
} from '#common/rostership.ts';
import { chunkAnswerOf, summaryLineOf } from '#common/rostership-rows.ts';
import type { AppDeps } from '#server/deps.ts';
import type { VisitorAccount } from '#server/leagues/visitor-accounts.ts';
import { leagueAccounts } from '#server/tools/shared/accounts.ts';
import { STREAM_LEAGUE_DEADLINE_MS } from '#server/tools/shared/deadline.ts';
import { identityIndex } from '#server/tools/shared/identity.ts';
import { postToEachService, readerOf, type ServiceReaders } from '#server/tools/shared/service-routes.ts';
import { sendLines, wantsStream } from '#server/tools/shared/stream.ts';
import { type ChunkContext, type ChunkRead, readLeagues, rostershipOf } from './chunk.ts';
import { espnTeam, fleaTeam, mflTeam, sleeperTeam, type TeamContext, type TeamRead } from './teams.ts';

/** How the visitor's team is read in a league of each service. */
const teamReaders: ServiceReaders<[TeamContext, VisitorAccount], Promise<TeamRead>> = {
  mfl: (ref, ctx, account) => mflTeam(ctx, ref, account.credential),
  sleeper: (ref, ctx, account) => sleeperTeam(ctx, ref, account.credential),
  flea: (ref, ctx) => fleaTeam(ctx, ref),
  espn: (ref, ctx, account) => espnTeam(ctx, ref, account.credential),
};

/**
 * POST /api/{service}/rostership: one chunk of the visitor's leagues of one service, answered as the
 * request asks: streamed, one line per league as it lands and then the summary, or as one JSON
 * answer once every league is read or past its deadline.
 */
export async function rostershipRoutes(api: FastifyInstance, deps: AppDeps) {
  const { services } = deps;
  // The merged list improves the answer but never holds it up: without it, each service's own
  // player data names the players and the page merges them once a later answer has the list.
  const context = async (): Promise<ChunkContext> => {
    const list = await services.players.peek();
    return {
      services,
      index: list ? identityIndex(list.players) : undefined,
      complete: list?.complete ?? false,
    };
  };

  postToEachService(
    api,
    'rostership',
    rostershipRequestSchemas,
    { 200: rostershipAnswerSchema },
    async (type, request, reply) => {
      const { leagues } = request.body;
      const accounts = await leagueAccounts(request, deps, leagues, type);
      const readTeam = readerOf(teamReaders, type);
      const chunk: ChunkRead<(typeof leagues)[number]> = {
        type,
        refs: leagues,
        context: await context(),
        readTeam: async (ctx, ref) => {
          const account = accounts.get(ref)!;
          const read = await readTeam(ref, ctx, account);
          return account.accountId ? { ...read, account: account.label } : read;
        },
        log: request.log,
      };
      if (!wantsStream(request)) return rostershipOf(chunk);
      // Each league's line the moment it is read, then the summary.
      return sendLines(
        request,
        reply,
        rostershipLineSchema,
        async (write) => {
          const lines = await readLeagues({ ...chunk, deadlineMs: STREAM_LEAGUE_DEADLINE_MS }, write);
          write(summaryLineOf(chunkAnswerOf(lines, chunk.context.complete)));
        },
        'rostership stream',
      );
    },
  );
}
